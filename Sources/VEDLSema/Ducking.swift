import VEDLTime

/// `duck under: "TRACK" by: GAIN ramp: D`: a clip's sound lowered while the items of another
/// track play. Ducking is not a filter of its own: the checker turns it into the `volume`
/// keys it means (``volumeKeys(itemStart:itemEnd:staticVolume:voice:)``), so both backends
/// render it as they render `animate volume`, and `vedl ir` shows the keys.
///
/// **The rule.** The voice is the union of the named track's items, `[start, end)` each;
/// overlapping and touching items merge into one interval. A ducking weight `w(t)` in 0…1
/// moves towards 1 at `1/ramp` per second while the voice plays and back towards 0 at the same
/// rate while it does not (from `w = 0` before the first voice item); the clip's volume at
/// timeline instant `t` is `staticVolume + by · w(t)` decibels — linear in decibels along the
/// ramps. So the sound goes down over `ramp` from each voice start and comes back up over
/// `ramp` from each voice end; a pause shorter than `ramp` comes back only part way, a voice
/// item shorter than `ramp` ducks only part way. `ramp: 0s` jumps (a `hold` key).
/// Ramps are not moved at the edit's start or end: a voice at `0s` ducks from `0s` over
/// `ramp`, and a ramp the edit's end cuts off is cut off.
public struct Ducking: Sendable, Hashable {
  /// The track whose items are the voice.
  public var under: String
  /// How far the sound goes down, in decibels (negative).
  public var by: Rational
  /// How long going down (and back up) takes, in seconds (0 or more).
  public var ramp: Rational

  public init(under: String, by: Rational, ramp: Rational) {
    self.under = under
    self.by = by
    self.ramp = ramp
  }

  /// The default `by:`, −12 dB, and `ramp:`, 200 ms.
  public static let defaultDepth = Rational(-12)
  public static let defaultRamp = Rational(1, 5)!

  /// A voice interval `[start, end)` in timeline seconds.
  public struct Interval: Sendable, Hashable {
    public var start: Rational
    public var end: Rational

    public init(start: Rational, end: Rational) {
      self.start = start
      self.end = end
    }
  }

  /// `intervals` sorted, with overlapping and touching ones merged (empty ones dropped).
  public static func merged(_ intervals: [Interval]) -> [Interval] {
    var result: [Interval] = []
    for interval in intervals.filter({ $0.start < $0.end }).sorted(by: { $0.start < $1.start }) {
      if let last = result.last, interval.start <= last.end {
        result[result.count - 1].end = max(last.end, interval.end)
      } else {
        result.append(interval)
      }
    }
    return result
  }

  /// One corner of the weight `w(t)`: at `time` it is `weight`; `jump` when it jumps there
  /// (ramp 0) from the value of the corner before, which holds until then.
  public struct Corner: Sendable, Hashable {
    public var time: Rational
    public var weight: Rational
    public var jump: Bool
  }

  /// The corners of `w(t)` for the merged `voice`, in time order; `w` is linear between
  /// consecutive corners, 0 before the first and after the last.
  public func corners(_ voice: [Interval]) -> [Corner] {
    var corners: [Corner] = []
    func add(_ time: Rational, _ weight: Rational, jump: Bool = false) {
      if let last = corners.last, last.time == time, last.weight == weight { return }
      corners.append(Corner(time: time, weight: weight, jump: jump))
    }
    var (t, w) = (Rational.zero, Rational.zero)
    for interval in voice {
      // Released from (t, w) towards 0 until the interval starts.
      if ramp.isZero {
        // Jumps only: the value before each is the key before it, held.
        add(interval.start, 1, jump: true)
        add(interval.end, 0, jump: true)
        (t, w) = (interval.end, 0)
        continue
      }
      if w.isPositive {
        let zero = t + w * ramp
        if zero <= interval.start {
          add(zero, 0)
          w = 0
        } else {
          w = w - (interval.start - t) / ramp
        }
      }
      add(interval.start, w)
      t = interval.start
      // Attacking towards 1 while the voice plays.
      let full = t + (.one - w) * ramp
      if full < interval.end {
        add(full, 1)
        w = 1
      } else {
        w = w + (interval.end - t) / ramp
      }
      add(interval.end, w)
      t = interval.end
    }
    if w.isPositive { add(t + w * ramp, 0) }
    return corners
  }

  /// `w` at timeline instant `u` (the value after a jump at `u`).
  static func weight(_ corners: [Corner], at u: Rational) -> Rational {
    guard let first = corners.first, u >= first.time else { return .zero }
    guard let index = corners.lastIndex(where: { $0.time <= u }) else { return .zero }
    let a = corners[index]
    guard index + 1 < corners.count else { return a.weight }
    let b = corners[index + 1]
    if b.jump || b.time == a.time { return a.weight }
    return a.weight + (b.weight - a.weight) * ((u - a.time) / (b.time - a.time))
  }

  /// The volume keys (item-local times, decibels) of a clip playing `[itemStart, itemEnd)` on
  /// the timeline with `volume: staticVolume`, ducked under `voice` (merged intervals); `nil`
  /// when no voice reaches the clip (its volume stays static).
  public func volumeKeys(itemStart: Rational, itemEnd: Rational, staticVolume: Rational, voice: [Interval])
    -> [Animation.Key]?
  {
    let corners = self.corners(voice)
    func value(_ w: Rational) -> Animation.Value { .number(staticVolume + by * w) }
    let inside = corners.filter { $0.time > itemStart && $0.time < itemEnd }
    let atStart = Self.weight(corners, at: itemStart)
    guard atStart.isPositive || inside.contains(where: { $0.weight.isPositive }) else { return nil }
    var keys = [Animation.Key(time: .zero, value: value(atStart))]
    for corner in inside {
      let time = corner.time - itemStart
      if corner.jump {
        keys.append(Animation.Key(time: time, value: value(corner.weight), easing: .hold))
      } else {
        keys.append(Animation.Key(time: time, value: value(corner.weight)))
      }
    }
    let length = itemEnd - itemStart
    if keys.last!.time < length {
      keys.append(Animation.Key(time: length, value: value(Self.weight(corners, at: itemEnd))))
    }
    return keys
  }
}
