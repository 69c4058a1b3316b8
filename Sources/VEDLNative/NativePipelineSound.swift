import VEDLNativeAudio

/// The sound side of the pipeline: the mixer's samples, delivered to the encoder in order up
/// to a given sample (the end of the frame just encoded), and padded with silence should the
/// mixer end before the timeline does — exactly `totalSamples` in all, what the FFmpeg
/// backend's `apad` and `atrim` make.
final class NativePipelineSound {
  /// Samples per channel of the whole edit.
  let totalSamples: Int64
  private let next: (Int) throws(NativePipelineError) -> StereoChunk?
  /// Samples delivered so far.
  private(set) var delivered: Int64 = 0
  /// The most samples asked of the mixer at once: small enough to keep memory flat, large
  /// enough to keep the mixer's per-call work negligible.
  static let chunkLimit = 8192

  /// The sound of `mixer` (the timeline's mix, or that mix loudness-corrected).
  convenience init(mixer: any MixedSound) {
    self.init(totalSamples: mixer.totalSamples) { (count) throws(NativePipelineError) -> StereoChunk? in
      do throws(AudioMixError) {
        return try mixer.next(maxSamples: count)
      } catch {
        throw .sound(NativeRenderError(error.message, path: error.path))
      }
    }
  }

  /// `totalSamples` samples taken from `next` (given the most samples wanted, returning at
  /// most that many, or `nil` at the end).
  init(totalSamples: Int64, next: @escaping (Int) throws(NativePipelineError) -> StereoChunk?) {
    self.totalSamples = max(0, totalSamples)
    self.next = next
  }

  /// Delivers the samples from where the last call stopped up to `target` (at most
  /// `totalSamples`) to `deliver`.
  func feed(
    upTo target: Int64, into deliver: (StereoChunk) throws(NativePipelineError) -> Void
  ) throws(NativePipelineError) {
    let end = min(target, totalSamples)
    while delivered < end {
      let wanted = Int(min(end - delivered, Int64(Self.chunkLimit)))
      var chunk = try next(wanted) ?? StereoChunk(silence: wanted)
      if chunk.count == 0 {
        chunk = StereoChunk(silence: wanted)
      } else if chunk.count > wanted {
        chunk = StereoChunk(left: Array(chunk.left.prefix(wanted)), right: Array(chunk.right.prefix(wanted)))
      }
      try deliver(chunk)
      delivered += Int64(chunk.count)
    }
  }
}
