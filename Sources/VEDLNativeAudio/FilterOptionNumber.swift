import VEDLTime

/// How the FFmpeg backend writes exact values into filter options (VEDLLowering's
/// `OptionText`), and what FFmpeg reads back: decimal text that is exact up to six decimal
/// places and rounded to the nearest millionth beyond. The native mixer must see the same
/// numbers — a tone's frequency, a tempo step, a trim point — so it goes through the same text.
enum FilterOptionNumber {
  /// The decimal text the lowering prints for `value`.
  static func text(_ value: Rational) -> String {
    if let exact = value.exactDecimal,
      exact.split(separator: ".").dropFirst().first.map({ $0.count <= 6 }) ?? true
    {
      return exact
    }
    return value.decimalText(fractionDigits: 6)
  }

  /// The value FFmpeg reads from that text for a `double` option (`strtod`, correctly
  /// rounded — as Swift's `Double(String)`).
  static func double(_ value: Rational) -> Double {
    Double(text(value)) ?? value.doubleValue
  }

  /// The value FFmpeg reads from that text for a duration option, in microseconds: the text
  /// has at most six decimals, so this is `value` rounded to the nearest microsecond, halves
  /// away from zero.
  static func microseconds(_ value: Rational) -> Int64? {
    guard let scaled = value.checkedMultiplying(Rational(2_000_000)) else { return nil }
    // ⌊2x⌋ + 1 halved rounds x to the nearest integer, halves up (away from zero when x ≥ 0).
    if scaled.isNegative {
      return -((-scaled).floor + 1) / 2
    }
    return (scaled.floor + 1) / 2
  }

  /// `av_rescale_q(value, 1/1000000, 1/rate)`: microseconds to ticks of `1/rate`, rounded to
  /// the nearest, halves away from zero (`AV_ROUND_NEAR_INF`).
  static func rescaleMicroseconds(_ microseconds: Int64, toRate rate: Int64) -> Int64? {
    let magnitude = microseconds.magnitude
    let (high, low) = magnitude.multipliedFullWidth(by: UInt64(rate))
    let (sumLow, carry) = low.addingReportingOverflow(500_000)
    let dividend = (high: high &+ (carry ? 1 : 0), low: sumLow)
    guard dividend.high < 1_000_000 else { return nil }
    let (quotient, _) = UInt64(1_000_000).dividingFullWidth(dividend)
    guard quotient <= UInt64(Int64.max) else { return nil }
    return microseconds < 0 ? -Int64(quotient) : Int64(quotient)
  }
}
