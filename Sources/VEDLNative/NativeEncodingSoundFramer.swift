import VEDLMedia
import VEDLNativeAudio

/// Cuts the mixer's stereo chunks into the frames the sound encoder takes: exactly its frame
/// size (1024 samples for AAC, 960 for Opus), a shorter one only at the end — what the FFmpeg
/// backend's `asetnsamples` delivers — in the encoder's sample format, stamped with the
/// index of their first sample (the encoder's time base is one sample).
final class NativeEncodingSoundFramer {
  private let frame: Frame
  /// Samples per frame.
  let frameSize: Int
  private let format: SampleFormat
  private let sampleRate: Int
  private var left: [Float] = []
  private var right: [Float] = []
  /// Samples handed out in frames so far: the timestamp of the next frame.
  private(set) var framedSamples: Int64 = 0

  /// A framer for `encoder` (a sound encoder).
  init(for encoder: NativeEncodingEncoder) throws(NativePipelineError) {
    do { frame = try Frame() } catch {
      throw .encodingFailed(reason: "out of memory while allocating a sound frame")
    }
    frameSize = encoder.requiredFrameSize ?? 1024
    format = encoder.sampleFormat
    sampleRate = encoder.sampleRate
  }

  /// Samples waiting for a frame.
  var pendingSamples: Int { left.count }

  /// Adds `chunk` after the samples already given.
  func append(_ chunk: StereoChunk) {
    left += chunk.left
    right += chunk.right
  }

  /// The next frame: `frameSize` samples when that many wait, or, when `flushing`, whatever
  /// is left; `nil` when there is no frame to give.
  func nextFrame(flushing: Bool) throws(NativePipelineError) -> Frame? {
    let count = min(frameSize, left.count)
    guard count == frameSize || (flushing && count > 0) else { return nil }
    frame.unreference()
    frame.sampleCount = count
    frame.sampleFormat = format
    frame.sampleRate = sampleRate
    frame.setStereoLayout()
    do { try frame.allocateBuffers() } catch {
      throw .encodingFailed(reason: NativePipelineError.reason("allocating a sound frame", error))
    }
    fill(count: count)
    left.removeFirst(count)
    right.removeFirst(count)
    frame.presentationTimestamp = framedSamples
    framedSamples += Int64(count)
    return frame
  }

  /// Writes the first `count` waiting samples into the frame's planes.
  private func fill(count: Int) {
    let first = frame.plane(0)!
    let second = frame.plane(1)
    func int16(_ sample: Float) -> Int16 { Int16((max(-1, min(1, sample)) * 32767).rounded()) }
    switch format {
    case .floatPlanar:
      first.withMemoryRebound(to: Float.self, capacity: count) { plane in
        for i in 0..<count { plane[i] = left[i] }
      }
      second!.withMemoryRebound(to: Float.self, capacity: count) { plane in
        for i in 0..<count { plane[i] = right[i] }
      }
    case .float:
      first.withMemoryRebound(to: Float.self, capacity: 2 * count) { samples in
        for i in 0..<count {
          samples[2 * i] = left[i]
          samples[2 * i + 1] = right[i]
        }
      }
    case .int16Planar:
      first.withMemoryRebound(to: Int16.self, capacity: count) { plane in
        for i in 0..<count { plane[i] = int16(left[i]) }
      }
      second!.withMemoryRebound(to: Int16.self, capacity: count) { plane in
        for i in 0..<count { plane[i] = int16(right[i]) }
      }
    default:
      first.withMemoryRebound(to: Int16.self, capacity: 2 * count) { samples in
        for i in 0..<count {
          samples[2 * i] = int16(left[i])
          samples[2 * i + 1] = int16(right[i])
        }
      }
    }
  }
}
