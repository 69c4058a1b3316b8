import Foundation
import VEDLTime

/// OTIO's doubles as exact rationals. OTIO writes NTSC rates as `23.976023976023978`; the
/// timing model needs `24000/1001`, and frame counts need to stay whole.
enum OTIOExact {
  /// Bases whose NTSC variant (× 1000/1001) is recognised.
  private static let ntscBases: [Int64] = [24, 30, 48, 60, 96, 120, 240]

  /// A rate: a whole number, an NTSC rate, or the nearest simple fraction.
  static func rate(_ r: Double) -> Rational? {
    guard r.isFinite, r > 0 else { return nil }
    if abs(r - r.rounded()) < 1e-6, let whole = Int64(exactly: r.rounded()) { return Rational(whole) }
    for base in ntscBases where abs(r - Double(base) * 1000 / 1001) < 1e-4 {
      return Rational(base * 1000, 1001)
    }
    return number(r)
  }

  /// A number: exact when whole, else the simplest fraction within 1e-9 (relative) found by
  /// continued fractions with denominators up to a million, else rounded to millionths.
  static func number(_ x: Double) -> Rational? {
    guard x.isFinite, abs(x) <= 1e13 else { return nil }
    if x == x.rounded(), let whole = Int64(exactly: x) { return Rational(whole) }
    let tolerance = 1e-9 * max(1, abs(x))
    var (h0, h1): (Double, Double) = (0, 1)
    var (k0, k1): (Double, Double) = (1, 0)
    var rest = x
    for _ in 0..<40 {
      let a = rest.rounded(.down)
      (h0, h1) = (h1, a * h1 + h0)
      (k0, k1) = (k1, a * k1 + k0)
      if k1 > 1e6 { break }
      if abs(x - h1 / k1) <= tolerance, let n = Int64(exactly: h1), let d = Int64(exactly: k1) {
        return Rational(n, d)
      }
      let fraction = rest - a
      guard fraction > 1e-15 else { break }
      rest = 1 / fraction
    }
    guard let n = Int64(exactly: (x * 1e6).rounded()) else { return nil }
    return Rational(n, 1_000_000)
  }

  /// `value / rate` in seconds.
  static func seconds(_ t: OTIORationalTime) -> Rational? {
    guard let v = number(t.value), let r = rate(t.rate) else { return nil }
    return v.checkedDividing(by: r)
  }

  /// A time in seconds as an OTIO time at `rate` (the canvas rate): whole frames stay whole.
  static func time(_ seconds: Rational, rate: FrameRate) -> OTIORationalTime {
    let frames = seconds * rate.framesPerSecond
    return OTIORationalTime(value: frames.doubleValue, rate: rate.framesPerSecond.doubleValue)
  }
}

extension Rational {
  /// Sums of exact seconds as the planning writes them (`position += length`); trapping on
  /// overflow like `+`, which the value limits of the decoder keep far away.
  static func += (a: inout Rational, b: Rational) { a = a + b }
  static func -= (a: inout Rational, b: Rational) { a = a - b }
}
