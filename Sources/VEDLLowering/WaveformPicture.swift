import VEDLSema
import VEDLTime

/// The picture of `waveform(audio: SOURCE color: C style: S)` (docs/language.md,
/// Waveforms), the one rule both backends draw: a stream at the canvas rate `F` whose frame
/// `n` (presented at `n/F`, like `testpattern()`'s) shows the sound's samples
/// `[⌊48000·n/F⌋, ⌊48000·(n+1)/F⌋)` — the source's channels mixed to mono (their mean), at
/// 48 kHz, from its start — as one vertical span of rows per pixel column (``Span``); the
/// span's pixels are `C`, every other pixel transparent.
///
/// - `line`: column `x` of `W` takes the window's samples `a…b` (both included), where
///   `a = ⌊x·N/W⌋`, `b = ⌊(x+1)·N/W⌋` and `N` is the window's length (`b` may be the first
///   sample of the next window, so neighbouring columns touch); with `m`/`M` their lowest
///   and highest value, clamped to [−1, 1], it fills rows `⌊(1−M)·H/2⌋ ..< ⌈(1−m)·H/2⌉`,
///   at least one row. Silence is a one-pixel line at row `⌊H/2⌋`.
/// - `bars`: ``WaveformStyle/barCount`` bars; bar `i` takes the samples
///   `[⌊i·N/32⌋, ⌊(i+1)·N/32⌋)` and their peak `p = max |v|` (at most 1); its slot is the
///   columns `[⌊i·W/32⌋, ⌊(i+1)·W/32⌋)`, less a gap of a fifth of the slot's width
///   (rounded down) on each side, and it fills rows `⌊(1−p)·H/2⌋ ..< ⌈(1+p)·H/2⌉`.
///   Silence draws nothing.
///
/// Values are computed in `Double` from the samples as 32-bit floats.
public enum WaveformPicture {
  /// The rate of the sound a waveform draws.
  public static let sampleRate: Int64 = 48_000

  /// A column's rows `top ..< bottom`; empty when `top == bottom`.
  public struct Span: Sendable, Hashable {
    public var top: Int
    public var bottom: Int

    public init(top: Int, bottom: Int) {
      self.top = top
      self.bottom = bottom
    }

    /// No rows.
    public static let empty = Span(top: 0, bottom: 0)
  }

  /// The first sample of frame `n ≥ 0`'s window: `⌊48000·n/F⌋` (in 128-bit arithmetic).
  public static func firstSample(ofFrame n: Int64, rate: FrameRate) -> Int64 {
    let f = rate.framesPerSecond
    let product = max(0, n).multipliedFullWidth(by: sampleRate * f.denominator)
    return f.numerator.dividingFullWidth(product).quotient
  }

  /// The samples a render that shows source frames `0..<frames` needs: every window, and the
  /// sample after the last one.
  public static func samplesNeeded(frames: Int64, rate: FrameRate) -> Int64 {
    firstSample(ofFrame: frames, rate: rate) + 1
  }

  /// The number of source frames of waveform source `index` that the timeline's clips show
  /// (`0` when none does): the last one any clip shows, plus one.
  public static func framesNeeded(source index: Int, in timeline: Timeline) -> Int64 {
    let grid = timeline.canvas.grid
    guard let frames = ConstantRateSource(rate: grid.rate) else { return 0 }
    var needed: Int64 = 0
    for track in timeline.tracks {
      for item in track.items where item.source == index && item.endFrame > item.startFrame {
        guard
          let timing = ClipTiming(
            timelineStart: item.start, sourceStart: item.sourceStart ?? .zero, speed: item.speed)
        else { continue }
        for k in [item.startFrame, item.endFrame - 1] {
          guard let s = timing.checkedSourceTime(forTimelineFrame: k, grid: grid),
            let n = frames.frameIndex(atOrBefore: s)
          else { continue }
          needed = max(needed, n + 1)
        }
      }
    }
    return needed
  }

  /// The spans of frame `n`, from `sound` (the source's mono samples from sample 0; samples
  /// past its end are silence).
  public static func spans(
    frame n: Int64, rate: FrameRate, sound: [Float], width: Int, height: Int, style: WaveformStyle
  ) -> [Span] {
    let first = firstSample(ofFrame: n, rate: rate)
    let count = Int(firstSample(ofFrame: n + 1, rate: rate) - first)
    func sample(_ i: Int) -> Double {
      let index = Int(first) + i
      guard index >= 0, index < sound.count else { return 0 }
      return min(1, max(-1, Double(sound[index])))
    }
    let h = Double(height)
    var spans = [Span](repeating: .empty, count: width)
    switch style {
    case .line:
      for x in 0..<width {
        let a = x * count / width
        let b = (x + 1) * count / width
        var low = sample(a)
        var high = low
        if b > a {
          for i in (a + 1)...b {
            let v = sample(i)
            low = min(low, v)
            high = max(high, v)
          }
        }
        let top = min(height - 1, max(0, Int(((1 - high) * h / 2).rounded(.down))))
        let bottom = min(height, max(top + 1, Int(((1 - low) * h / 2).rounded(.up))))
        spans[x] = Span(top: top, bottom: bottom)
      }
    case .bars:
      let bars = WaveformStyle.barCount
      for i in 0..<bars {
        var peak = 0.0
        for j in (i * count / bars)..<((i + 1) * count / bars) { peak = max(peak, abs(sample(j))) }
        guard peak > 0 else { continue }
        let x0 = i * width / bars
        let x1 = (i + 1) * width / bars
        let gap = (x1 - x0) / 5
        let top = max(0, Int(((1 - peak) * h / 2).rounded(.down)))
        let bottom = min(height, Int(((1 + peak) * h / 2).rounded(.up)))
        guard bottom > top else { continue }
        for x in (x0 + gap)..<max(x0 + gap, x1 - gap) { spans[x] = Span(top: top, bottom: bottom) }
      }
    }
    return spans
  }

  /// The envelope image the FFmpeg backend reads (docs/graph.md, Waveforms): a binary
  /// 16-bit PGM of `width × 2·frames`, rows `2n` and `2n+1` holding each column's `top + 1`
  /// and `bottom + 1` of frame `n` (big-endian, as PGM stores 16-bit values).
  public static func envelopeImage(
    frames: Int64, rate: FrameRate, sound: [Float], width: Int, height: Int, style: WaveformStyle
  ) -> [UInt8] {
    var bytes = Array("P5\n\(width) \(2 * frames)\n65535\n".utf8)
    bytes.reserveCapacity(bytes.count + Int(frames) * width * 4)
    for n in 0..<frames {
      let spans = spans(frame: n, rate: rate, sound: sound, width: width, height: height, style: style)
      for value in spans.map(\.top) + spans.map(\.bottom) {
        let stored = UInt16(value + 1)
        bytes.append(UInt8(stored >> 8))
        bytes.append(UInt8(stored & 0xFF))
      }
    }
    return bytes
  }
}
