import VEDLTime

/// Holds a video stream's packets back a few at a time so that, when the oldest goes to the
/// decoder, the presentation times around its picture are known, and says whether the graph
/// will show that picture at all (docs/graph.md §13).
///
/// The graph's selection (the language's §5, docs/graph.md §3) moves each picture to its
/// clip time with `setpts=floor((PTS−s0/TB)·(1/v)+d/TB+0.5)` and `fps` with `round=up` gives it slot
/// `⌈p′·TB·F⌉`; `fps` shows a picture at every slot from its own to the next picture's (the
/// first picture it receives also at the slots before its own), and `trim` keeps slots
/// `0..<count`. A picture whose slots all fall outside is dropped — as is one before the seek
/// point, by the `trim` after the source — and may be left undecoded when nothing else
/// refers to it: the output does not change, as the picture before it covers its (empty)
/// share of the slots.
///
/// Every doubt keeps the picture: an unknown time, a neighbour outside the window (the
/// nearest known one lies farther away, which only widens the interval), no earlier picture
/// past the trim, a time `setpts`'s double precision could round either way, an overflow.
struct PictureLookahead<Payload> {
  /// Packets held before the oldest is decided: more than the 16 pictures H.264 and HEVC
  /// may reorder.
  static var depth: Int { 17 }
  /// Presentation times of packets already decided, kept as neighbours for those after.
  static var historyLength: Int { 32 }

  /// The instants the graph shows, in source time.
  let sampling: SourceSampling
  /// Seconds per tick of the packets' timestamps (the graph's time base for the input).
  let timeBase: Rational
  /// The source time of timestamp 0 (the seek point when inputs start at their seek).
  let origin: Rational
  /// Pictures stamped before this are dropped by the trim after the source; `nil`: none is.
  let trimStart: Int64?

  private var held: [(payload: Payload, pts: Int64?)] = []
  private var history: [Int64] = []

  /// A window for a stream stamped in `timeBase` whose graph samples `sampling`.
  init(sampling: SourceSampling, timeBase: Rational, origin: Rational, trimStart: Int64?) {
    self.sampling = sampling
    self.timeBase = timeBase
    self.origin = origin
    self.trimStart = trimStart
  }

  /// How many packets are held.
  var count: Int { held.count }

  /// Holds `payload`, a packet presented at `pts` (`nil`: unknown).
  mutating func append(_ payload: Payload, pts: Int64?) {
    held.append((payload, pts))
  }

  /// The oldest packet once more than `depth` are held (or, when `draining`, while any is),
  /// with whether its picture is never shown.
  mutating func next(draining: Bool) -> (payload: Payload, unshown: Bool)? {
    guard !held.isEmpty, draining || held.count > Self.depth else { return nil }
    let (payload, pts) = held.removeFirst()
    let unshown = pts.map(isUnshown) ?? false
    if let pts {
      history.append(pts)
      if history.count > Self.historyLength { history.removeFirst() }
    }
    return (payload, unshown)
  }

  /// Whether the picture at `pts` is surely never shown, judged from the times around it.
  private func isUnshown(_ pts: Int64) -> Bool {
    if let trimStart, pts < trimStart { return true }
    var previous: Int64?
    var following: Int64?
    for time in history + held.compactMap(\.pts) {
      if time < pts, trimStart.map({ time >= $0 }) ?? true { previous = max(previous ?? time, time) }
      if time > pts { following = min(following ?? time, time) }
    }
    // Shown from its own slot (the first picture past the trim: from the start) up to the
    // next picture's.
    var first = Int64.min
    if previous != nil {
      guard let own = slots(pts) else { return false }
      first = own.lowest
    }
    var end = Int64.max
    if let following {
      guard let next = slots(following) else { return false }
      end = next.highest
    }
    let count = Int64(sampling.frames.count)
    return max(first, 0) >= min(end, count)
  }

  /// The clip frame (slot) from which `fps` shows the picture at `pts`: `setpts` moves it to
  /// tick `p′ = ⌊((P − s0)/v + d)/TB + ½⌋` of clip time (`TB` the selection's time base),
  /// `fps` to slot `⌈p′·TB·F⌉`. As `setpts` computes in double precision, a value within a
  /// millionth of a tick of rounding the other way gives both slots (`lowest`, `highest`);
  /// `nil` on overflow.
  private func slots(_ pts: Int64) -> (lowest: Int64, highest: Int64)? {
    let timing = sampling.timing
    // The selection's own time base when it sets one (`settb` rescales exactly).
    let tick = sampling.timeBase ?? timeBase
    guard let delay = sampling.delay,
      let clipTime = Rational(pts).checkedMultiplying(timeBase)
        .flatMap({ $0.checkedAdding(origin) })
        .flatMap({ $0.checkedSubtracting(timing.sourceStart) })
        .flatMap({ $0.checkedDividing(by: timing.speed) })
        .flatMap({ $0.checkedAdding(delay) }),
      let ticks = clipTime.checkedDividing(by: tick).flatMap({ $0.checkedAdding(Rational(1, 2)!) }),
      let low = ticks.checkedSubtracting(Self.doubleSlack), let high = ticks.checkedAdding(Self.doubleSlack),
      let framesPerTick = tick.checkedMultiplying(sampling.grid.rate.framesPerSecond),
      let lowest = Rational(low.floor).checkedMultiplying(framesPerTick)?.ceiling,
      let highest = Rational(high.floor).checkedMultiplying(framesPerTick)?.ceiling
    else { return nil }
    return (lowest, highest)
  }

  /// How far from a whole tick `setpts`'s double arithmetic might land on the other side.
  private static var doubleSlack: Rational { Rational(1, 1_000_000)! }
}
