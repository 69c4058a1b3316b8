import VEDLLowering
import VEDLMedia
import VEDLNativeAudio
import VEDLRaster
import VEDLSema
import VEDLTime

/// The encoding half of one native render: the output file, its muxer, the picture converter
/// and the encoders, opened with the FFmpeg backend's `EncodingSettings` (codecs, options,
/// pixel format, muxer options). Pictures are numbered 0, 1, 2… on the canvas grid as they
/// arrive; sound is framed to the encoder's frame size and interleaved by the muxer.
///
/// Used on one thread (the pipeline's encoding thread).
final class NativeEncodingSession {
  private let muxer: OutputMuxer
  private let converter: NativeEncodingPictureConverter
  private let video: NativeEncodingEncoder
  private let videoStream: Int
  private let audio: NativeEncodingEncoder?
  private let audioStream: Int?
  private let framer: NativeEncodingSoundFramer?
  /// Pictures given to the encoder so far.
  private(set) var picturesEncoded: Int64 = 0

  /// Opens `path` for `encoding`: pictures of `sourceWidth` × `sourceHeight` RGBA are
  /// encoded at `width` × `height` and `frameRate`; a sound stream at `sampleRate` is added
  /// when `withSound` (and the format has a sound codec).
  init(
    path: String, encoding: EncodingSettings, sourceWidth: Int, sourceHeight: Int, width: Int, height: Int,
    frameRate: Rational, withSound: Bool, sampleRate: Int
  ) throws(NativePipelineError) {
    guard let pixelFormat = PixelFormat(named: encoding.pixelFormat) else {
      throw .encodingFailed(reason: "this FFmpeg has no pixel format `\(encoding.pixelFormat)`")
    }
    // The encoders are opened before the file is created: a missing encoder or a refused
    // option leaves nothing behind.
    let formatName = Self.muxerName(encoding.format)
    let globalHeader = OutputMuxer.formatWantsGlobalHeader(formatName)
    converter = try NativeEncodingPictureConverter(
      sourceWidth: sourceWidth, sourceHeight: sourceHeight, width: width, height: height, pixelFormat: pixelFormat)
    video = try NativeEncodingEncoder(
      video: encoding.videoCodec, options: encoding.videoOptions.map { ($0.name, $0.value) }, width: width,
      height: height, pixelFormat: pixelFormat, frameRate: frameRate, template: converter.frame,
      globalHeader: globalHeader)
    if withSound, let codec = encoding.audioCodec {
      let audio = try NativeEncodingEncoder(
        audio: codec, options: encoding.audioOptions.map { ($0.name, $0.value) }, sampleRate: sampleRate,
        globalHeader: globalHeader)
      self.audio = audio
      framer = try NativeEncodingSoundFramer(for: audio)
    } else {
      audio = nil
      framer = nil
    }
    // The file is created, its streams added and its header written with the muxer options.
    do {
      let muxer = try OutputMuxer(
        path: path, formatName: formatName, options: encoding.muxerOptions.map { MediaOption($0.name, $0.value) })
      self.muxer = muxer
      videoStream = try muxer.addStream(for: video.encoder)
      audioStream = try audio.map { (audio) throws(MediaRenderError) in try muxer.addStream(for: audio.encoder) }
      try muxer.writeHeader()
    } catch {
      throw NativePipelineError(error)
    }
  }

  /// The Y′CbCr matrix of the encoded pictures; `nil` for RGB.
  var colorMatrix: NativeEncodingColorMatrix? { converter.matrix }

  /// Whether the output has a sound stream.
  var hasSound: Bool { audio != nil }

  /// Sound samples (per channel) given to the encoder so far.
  var soundSamplesEncoded: Int64 { framer?.framedSamples ?? 0 }

  /// The muxer FFmpeg picks for the format's extension (the FFmpeg backend names the same).
  static func muxerName(_ format: Export.Format) -> String {
    switch format {
    case .mp4: "mp4"
    case .mov: "mov"
    case .webm: "webm"
    case .png: "image2"
    }
  }

  /// Converts and encodes the next picture.
  func encodePicture(_ image: RGBAImage) throws(NativePipelineError) {
    let frame = try converter.convert(image, pts: picturesEncoded)
    try video.encode(frame) { (packet) throws(NativePipelineError) in try write(packet, stream: videoStream) }
    picturesEncoded += 1
  }

  /// Adds sound after the samples already given; whole encoder frames are encoded at once.
  func encodeSound(_ chunk: StereoChunk) throws(NativePipelineError) {
    guard let framer else { return }
    framer.append(chunk)
    try drainSound(flushing: false)
  }

  private func drainSound(flushing: Bool) throws(NativePipelineError) {
    guard let audio, let audioStream, let framer else { return }
    while let frame = try framer.nextFrame(flushing: flushing) {
      try audio.encode(frame) { (packet) throws(NativePipelineError) in try write(packet, stream: audioStream) }
    }
  }

  /// Encodes the last, shorter sound frame, drains both encoders and writes the trailer.
  func finish() throws(NativePipelineError) {
    try drainSound(flushing: true)
    if let audio, let audioStream {
      try audio.encode(nil) { (packet) throws(NativePipelineError) in try write(packet, stream: audioStream) }
    }
    try video.encode(nil) { (packet) throws(NativePipelineError) in try write(packet, stream: videoStream) }
    do { try muxer.finish() } catch { throw NativePipelineError(error) }
  }

  /// Writes `packet` (stamped in its encoder's time base) to stream `index`; libavformat
  /// takes its payload.
  private func write(_ packet: Packet, stream index: Int) throws(NativePipelineError) {
    do { try muxer.write(packet, stream: index) } catch { throw NativePipelineError(error) }
  }
}
