import CFFmpeg
import VEDLNativeAudio

/// Cuts the mixer's stereo chunks into the frames the sound encoder takes: exactly its frame
/// size (1024 samples for AAC, 960 for Opus), a shorter one only at the end — what the FFmpeg
/// backend's `asetnsamples` delivers — in the encoder's sample format, stamped with the
/// index of their first sample (the encoder's time base is one sample).
final class NativeEncodingSoundFramer {
  private let frame: UnsafeMutablePointer<AVFrame>
  /// Samples per frame.
  let frameSize: Int
  private let format: AVSampleFormat
  private let sampleRate: Int32
  private var left: [Float] = []
  private var right: [Float] = []
  /// Samples handed out in frames so far: the timestamp of the next frame.
  private(set) var framedSamples: Int64 = 0

  /// A framer for `encoder` (a sound encoder).
  init(for encoder: NativeEncodingEncoder) throws(NativePipelineError) {
    guard let frame = av_frame_alloc() else {
      throw .encodingFailed(reason: "out of memory while allocating a sound frame")
    }
    self.frame = frame
    frameSize = encoder.requiredFrameSize ?? 1024
    format = encoder.sampleFormat
    sampleRate = encoder.context.pointee.sample_rate
  }

  deinit {
    var owned: UnsafeMutablePointer<AVFrame>? = frame
    av_frame_free(&owned)
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
  func nextFrame(flushing: Bool) throws(NativePipelineError) -> UnsafeMutablePointer<AVFrame>? {
    let count = min(frameSize, left.count)
    guard count == frameSize || (flushing && count > 0) else { return nil }
    av_frame_unref(frame)
    frame.pointee.nb_samples = Int32(count)
    frame.pointee.format = format.rawValue
    frame.pointee.sample_rate = sampleRate
    var stereo = vedl_av_channel_layout_stereo()
    _ = av_channel_layout_copy(&frame.pointee.ch_layout, &stereo)
    let allocated = av_frame_get_buffer(frame, 0)
    if allocated < 0 {
      throw .encodingFailed(reason: NativePipelineError.reason("allocating a sound frame", code: allocated))
    }
    fill(count: count)
    left.removeFirst(count)
    right.removeFirst(count)
    frame.pointee.pts = framedSamples
    framedSamples += Int64(count)
    return frame
  }

  /// Writes the first `count` waiting samples into the frame's planes.
  private func fill(count: Int) {
    let first = vedl_av_frame_plane(frame, 0)!
    let second = vedl_av_frame_plane(frame, 1)
    func int16(_ sample: Float) -> Int16 { Int16((max(-1, min(1, sample)) * 32767).rounded()) }
    switch format {
    case AV_SAMPLE_FMT_FLTP:
      first.withMemoryRebound(to: Float.self, capacity: count) { plane in
        for i in 0..<count { plane[i] = left[i] }
      }
      second!.withMemoryRebound(to: Float.self, capacity: count) { plane in
        for i in 0..<count { plane[i] = right[i] }
      }
    case AV_SAMPLE_FMT_FLT:
      first.withMemoryRebound(to: Float.self, capacity: 2 * count) { samples in
        for i in 0..<count {
          samples[2 * i] = left[i]
          samples[2 * i + 1] = right[i]
        }
      }
    case AV_SAMPLE_FMT_S16P:
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
