/// The FFmpeg backend's `atrim=start=S0:end=S1` on a decoded source, frame by frame: which
/// samples of each block to keep. The decision is made on timestamps (each block's first
/// sample's time in samples of the source's rate, counted from the file's start), exactly as
/// libavfilter's `atrim` makes it, so that a block with a gap or an overlap before it is cut
/// where the FFmpeg graph cuts it; once a block lies wholly past the end, everything after is
/// dropped.
struct SourceSampleTrim {
  /// The first sample kept (`start`, in samples of the source).
  let startSample: Int64
  /// The first sample no longer kept (`end`).
  let endSample: Int64
  /// Where a block without a timestamp is taken to start: just after the previous one.
  private var nextTimestamp: Int64 = 0
  /// A block past the end was seen: nothing more is kept.
  private(set) var isAtEnd = false

  /// Keeps the samples `[startSample, endSample)`.
  init(startSample: Int64, endSample: Int64) {
    self.startSample = startSample
    self.endSample = endSample
  }

  /// The range of the block's `count` samples to keep, given its timestamp (`nil` when it
  /// has none); empty when none is kept.
  mutating func keep(count: Int, timestamp: Int64?) -> Range<Int> {
    guard !isAtEnd else { return 0..<0 }
    let pts = timestamp ?? nextTimestamp
    nextTimestamp = pts + Int64(count)
    let n = Int64(count)
    guard pts + n > startSample else { return 0..<0 }
    let first = max(0, min(n, startSample - pts))
    guard pts < endSample else {
      isAtEnd = true
      return 0..<0
    }
    let end = min(n, endSample - pts)
    guard first < end, n > 0 else { return 0..<0 }
    return Int(first)..<Int(end)
  }
}
