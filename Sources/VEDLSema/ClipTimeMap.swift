import VEDLTime

/// What a clip with time operations (`loop:`, `reverse`, `freeze`, `frame:`; docs/language.md
/// §4.15) shows at each of its frames and plays at each of its samples — the one reading of
/// them for `vedl ir`, both backends and the tests.
///
/// A clip's *pass* is its source range played forward once: its forward frames
/// `0..<passFrames`, where forward frame `q` shows the source by the §5 rule at
/// `s0 + (q/F − d)·v` (`d` the item's start past its first frame's instant). Clip frame `j` shows:
/// 1. with `freeze` at clip frame `f` for `h` frames: for `j < f` played frame `j`, for
///    `f ≤ j < f + h` played frame `f`, after that played frame `j − h`;
/// 2. played frame `p` is pass frame `p mod n` with `loop:` (`n` = pass frames), else
///    `min(p, n − 1)` (the last picture held past the source's end, W0460);
/// 3. with `reverse`, pass frame `p` becomes `n − 1 − p` (§5's selection, reversed).
///
/// Sound follows the same steps on samples at 48 kHz, except that a hold is silent and so is
/// sound past the end of a pass without `loop:`.
public struct ClipTimeMap: Sendable, Hashable {
  /// The item's frames.
  public let frameCount: Int64
  /// Frames of one forward pass (at least 1: a one-frame clip's pass is its frame).
  public let passFrames: Int64
  /// The first clip frame of the hold, and how many frames it lasts (0 without `freeze`).
  public let freezeStart: Int64
  public let freezeFrames: Int64
  public let loops: Bool
  public let reverses: Bool

  /// The map of `item` on `grid`; `nil` for an item that is not a clip of a source range.
  public init?(_ item: TimelineItem, grid: FrameGrid) {
    guard let s0 = item.sourceStart, let s1 = item.sourceEnd, item.speed.isPositive else { return nil }
    frameCount = item.endFrame - item.startFrame
    let passLength = (s1 - s0) / item.speed
    passFrames = max(1, grid.frameFloor(at: passLength))
    if let freeze = item.freeze {
      let first = grid.frameFloor(at: item.start + freeze.at) - item.startFrame
      freezeStart = max(0, first)
      freezeFrames = max(0, grid.frameFloor(at: item.start + freeze.at + freeze.duration) - item.startFrame - first)
    } else {
      freezeStart = 0
      freezeFrames = 0
    }
    loops = item.loops
    reverses = item.reverses
  }

  /// A map from its parts (tests).
  public init(
    frameCount: Int64, passFrames: Int64, freezeStart: Int64 = 0, freezeFrames: Int64 = 0, loops: Bool = false,
    reverses: Bool = false
  ) {
    self.frameCount = frameCount
    self.passFrames = max(1, passFrames)
    self.freezeStart = freezeStart
    self.freezeFrames = freezeFrames
    self.loops = loops
    self.reverses = reverses
  }

  /// Frames that play the source (the item's less the hold).
  public var playedFrames: Int64 { frameCount - freezeFrames }

  /// The forward pass frame clip frame `j` shows (`0 ≤ j < frameCount`).
  public func passFrame(atClipFrame j: Int64) -> Int64 {
    var p = j
    if freezeFrames > 0, j >= freezeStart { p = j >= freezeStart + freezeFrames ? j - freezeFrames : freezeStart }
    return passFrame(atPlayedFrame: p)
  }

  /// The forward pass frame played frame `p` shows.
  func passFrame(atPlayedFrame p: Int64) -> Int64 {
    let n = passFrames
    let q = loops ? p % n : min(p, n - 1)
    return reverses ? n - 1 - q : q
  }

  /// A run of clip frames showing pass frames in a simple order.
  public enum Run: Sendable, Hashable {
    /// Pass frames `first..<first + count`, in order.
    case forward(first: Int64, count: Int64)
    /// Pass frames `first..<first + count`, last first.
    case backward(first: Int64, count: Int64)
    /// Pass frame `frame`, `count` times.
    case hold(frame: Int64, count: Int64)

    /// How many clip frames the run covers.
    public var count: Int64 {
      switch self {
      case .forward(_, let n), .backward(_, let n), .hold(_, let n): n
      }
    }
  }

  /// Whether the clip's frames are one pass repeated (``passRuns(maximumBackward:)``): a
  /// loop without a hold. With a hold, ``runs(maximumBackward:)`` lists every frame.
  public var repeatsPass: Bool { loops && freezeFrames == 0 && passFrames < frameCount }

  /// One pass as runs (forward, or backward in pieces of at most `maximumBackward` frames,
  /// the highest frames first).
  public func passRuns(maximumBackward: Int64) -> [Run] {
    played(count: passFrames, maximumBackward: maximumBackward)
  }

  /// The clip's frames as runs, in order, each backward run at most `maximumBackward` frames
  /// long (what the FFmpeg backend reverses in memory at once). A loop's passes are listed
  /// one after the other.
  public func runs(maximumBackward: Int64) -> [Run] {
    let played = playedFrames
    guard freezeFrames > 0 else { return playedRuns(0, played, maximumBackward) }
    let held = Run.hold(frame: passFrame(atPlayedFrame: min(freezeStart, max(0, played - 1))), count: freezeFrames)
    return playedRuns(0, freezeStart, maximumBackward) + [held]
      + playedRuns(freezeStart, played - freezeStart, maximumBackward)
  }

  /// Runs of played frames `start..<start + count`.
  private func playedRuns(_ start: Int64, _ count: Int64, _ maximumBackward: Int64) -> [Run] {
    guard count > 0 else { return [] }
    let n = passFrames
    var runs: [Run] = []
    var p = start
    let end = start + count
    while p < end {
      let inPass = loops ? p % n : min(p, n)
      if !loops && inPass >= n {
        runs.append(.hold(frame: reverses ? 0 : n - 1, count: end - p))
        break
      }
      let length = min(n - inPass, end - p)
      if reverses {
        // Played pass positions inPass..<inPass+length show pass frames n−1−inPass down.
        runs += backward(from: n - inPass - length, count: length, maximumBackward)
      } else {
        runs.append(.forward(first: inPass, count: length))
      }
      p += length
    }
    return runs
  }

  private func played(count: Int64, maximumBackward: Int64) -> [Run] {
    reverses ? backward(from: 0, count: count, maximumBackward) : [.forward(first: 0, count: count)]
  }

  /// Pass frames `first..<first + count` shown last first, in pieces of at most `maximum`.
  private func backward(from first: Int64, count: Int64, _ maximum: Int64) -> [Run] {
    var runs: [Run] = []
    var top = first + count
    let size = max(1, maximum)
    while top > first {
      let bottom = max(first, top - size)
      runs.append(.backward(first: bottom, count: top - bottom))
      top = bottom
    }
    return runs
  }
}

/// The sound of a clip with time operations, in samples at the sample grid's rate (see
/// ``ClipTimeMap``): which pieces of the forward pass play where.
public struct ClipSoundMap: Sendable, Hashable {
  /// The item's samples: `⌊end·R⌋ − ⌊start·R⌋`.
  public let count: Int64
  /// Samples of one forward pass: `⌊(t0 + P)·R⌋ − ⌊t0·R⌋` for a pass of `P` seconds.
  public let passSamples: Int64
  /// The first sample of the (silent) hold and its length.
  public let freezeStart: Int64
  public let freezeSamples: Int64
  public let loops: Bool
  public let reverses: Bool

  /// The sound map of `item`; `nil` for an item that is not a clip of a source range.
  public init?(_ item: TimelineItem, samples: SampleGrid) {
    guard let s0 = item.sourceStart, let s1 = item.sourceEnd, item.speed.isPositive else { return nil }
    let first = samples.sampleFloor(at: item.start)
    count = samples.sampleFloor(at: item.end) - first
    passSamples = samples.sampleFloor(at: item.start + (s1 - s0) / item.speed) - first
    if let freeze = item.freeze {
      let a = samples.sampleFloor(at: item.start + freeze.at)
      freezeStart = a - first
      freezeSamples = samples.sampleFloor(at: item.start + freeze.at + freeze.duration) - a
    } else {
      freezeStart = 0
      freezeSamples = 0
    }
    loops = item.loops
    reverses = item.reverses
  }

  /// A piece of the clip's sound.
  public enum Piece: Sendable, Hashable {
    /// Pass samples `first..<first + count` (played backwards when the clip reverses).
    case pass(first: Int64, count: Int64)
    /// Silence.
    case silence(count: Int64)
  }

  /// Whether ``pieces`` is one pass for the player to repeat until ``count``: a loop without
  /// a hold, whose pass is shorter than the clip.
  public var repeatsPass: Bool { loops && freezeSamples == 0 && passSamples > 0 && passSamples < count }

  /// The pieces of the clip's sound: the pass (split at the hold, if any), then silence to
  /// the item's end when `loops` is false. A loop without a hold is one pass, repeated to
  /// fill ``count`` (``repeatsPass``); with a hold, the passes are written out, split there
  /// (the hold comes first, then the loop: docs/language.md §4.15).
  public var pieces: [Piece] {
    if loops {
      guard passSamples > 0 else { return [.silence(count: count)] }
      guard freezeSamples > 0 else { return [.pass(first: 0, count: passSamples)] }
      let before = min(freezeStart, count)
      let hold = min(freezeSamples, count - before)
      return loopedPieces(0, before) + (hold > 0 ? [.silence(count: hold)] : [])
        + loopedPieces(before, count - before - hold)
    }
    let played = min(passSamples, count - freezeSamples)
    var pieces: [Piece] = []
    if freezeSamples > 0 {
      // Reversed, the samples heard before the hold are the pass's last ones.
      let before = min(freezeStart, played)
      let after = played - before
      if before > 0 { pieces.append(.pass(first: reverses ? after : 0, count: before)) }
      pieces.append(.silence(count: freezeSamples))
      if after > 0 { pieces.append(.pass(first: reverses ? 0 : before, count: after)) }
    } else if played > 0 {
      pieces.append(.pass(first: 0, count: played))
    }
    let rest = count - pieces.reduce(0) { $0 + $1.count }
    if rest > 0 { pieces.append(.silence(count: rest)) }
    return pieces
  }
}

extension ClipSoundMap {
  /// Played samples `start..<start + count` of a loop: pass sample `p mod n`, one piece per
  /// pass crossed (a reversed clip plays each piece backwards, so its samples are taken from
  /// the other end of the pass).
  fileprivate func loopedPieces(_ start: Int64, _ count: Int64) -> [Piece] {
    var pieces: [Piece] = []
    var p = start
    let end = start + max(0, count)
    while p < end {
      let q = p % passSamples
      let length = min(passSamples - q, end - p)
      pieces.append(.pass(first: reverses ? passSamples - q - length : q, count: length))
      p += length
    }
    return pieces
  }
}

extension ClipSoundMap.Piece {
  /// How many samples the piece lasts.
  public var count: Int64 {
    switch self {
    case .pass(_, let n), .silence(let n): n
    }
  }
}
