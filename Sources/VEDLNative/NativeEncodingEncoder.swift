import VEDLMedia
import VEDLTime

/// One open encoder of the native backend: VEDLMedia's `StreamEncoder` opened from plain
/// values as the `ffmpeg` CLI opens the FFmpeg backend's (the same codec, options,
/// `threads=auto`, size, pixel format, time base of one frame, 48 kHz stereo sound), its
/// failures reported as `NativePipelineError`s.
final class NativeEncodingEncoder {
  let encoder: StreamEncoder
  /// The encoder's libav name, for messages.
  let codecName: String

  /// Whether it encodes pictures (else sound).
  var isVideo: Bool { encoder.kind == .video }

  /// Samples per frame the sound encoder requires (1024 for AAC, 960 for Opus at 48 kHz), or
  /// `nil` when it takes any count.
  var requiredFrameSize: Int? { encoder.requiredFrameSize }

  /// The sample format the sound encoder was opened with.
  var sampleFormat: SampleFormat { encoder.sampleFormat }

  /// The sample rate the sound encoder was opened with.
  var sampleRate: Int { Int(encoder.sampleRate) }

  /// Checks this FFmpeg has the encoder `name`.
  static func codec(named name: String) throws(NativePipelineError) {
    guard StreamEncoder.isAvailable(name) else { throw .encoderUnavailable(name: name) }
  }

  /// Opens the picture encoder `name` for `width` × `height` frames in `pixelFormat` at
  /// `frameRate`, with the colour tags of `template` (the converter's frame).
  init(
    video name: String, options: [(String, String)], width: Int, height: Int, pixelFormat: PixelFormat,
    frameRate: Rational, template: Frame, globalHeader: Bool
  ) throws(NativePipelineError) {
    codecName = name
    let rate = LibavRational(Int32(clamping: frameRate.numerator), Int32(clamping: frameRate.denominator))
    do {
      encoder = try StreamEncoder(
        video: name, options: options.map { MediaOption($0.0, $0.1) }, width: width, height: height,
        pixelFormat: pixelFormat, frameRate: rate, colorsOf: template, globalHeader: globalHeader)
    } catch {
      throw NativePipelineError(error)
    }
  }

  /// Opens the sound encoder `name` for stereo at `sampleRate`, in the first of planar float,
  /// float, planar 16-bit and 16-bit that it takes (the formats the FFmpeg backend's
  /// `aformat` negotiates: `fltp` for AAC, `flt` for Opus).
  init(
    audio name: String, options: [(String, String)], sampleRate: Int, globalHeader: Bool
  ) throws(NativePipelineError) {
    codecName = name
    guard let supported = StreamEncoder.supportedSampleFormats(ofEncoder: name) else {
      throw .encoderUnavailable(name: name)
    }
    let preferred: [SampleFormat] = [.floatPlanar, .float, .int16Planar, .int16]
    guard let format = supported.isEmpty ? .floatPlanar : preferred.first(where: supported.contains) else {
      throw .encodingFailed(reason: "the \(name) encoder takes no float or 16-bit sample format")
    }
    do {
      encoder = try StreamEncoder(
        audio: name, options: options.map { MediaOption($0.0, $0.1) }, sampleFormat: format, sampleRate: sampleRate,
        globalHeader: globalHeader)
    } catch {
      throw NativePipelineError(error)
    }
  }

  /// Sends `frame` (or, when `nil`, the end of the stream) and hands every packet the encoder
  /// gives back now to `write`, stamped in the encoder's time base; pictures get a duration of
  /// one frame (libx264 leaves it 0, which would make the file one frame short).
  func encode(_ frame: Frame?, write: (Packet) throws(NativePipelineError) -> Void) throws(NativePipelineError) {
    let packets: [Packet]
    do { packets = try encoder.encode(frame) } catch { throw NativePipelineError(error) }
    for packet in packets { try write(packet) }
  }
}
