/// Reading and writing rationals as text: exact decimals (`"29.97"`, `"0.125"`), fractions
/// (`"30000/1001"`), and decimals rounded to a fixed number of places for display.
extension Rational: LosslessStringConvertible {
  /// Parses `"n/d"` (`"30000/1001"`, `"-3/2"`; the denominator is unsigned and non-zero) or an
  /// exact decimal (`"2"`, `"-0.5"`). Round-trips with `description`. `nil` when the text is
  /// neither, or the value does not fit.
  public init?(_ description: String) {
    let text = Substring(description)
    guard let slash = text.firstIndex(of: "/") else {
      self.init(decimal: text)
      return
    }
    guard
      let n = Rational.parseInteger(text[..<slash], allowingMinus: true),
      let d = Rational.parseInteger(text[text.index(after: slash)...], allowingMinus: false),
      let value = Rational(n, d)
    else { return nil }
    self = value
  }

  /// Parses an exact decimal such as `"29.97"`, `"0.5"`, `"-2"`, `"1.250"`, `".5"`, `"5."`;
  /// `nil` when the text is not a decimal or its value does not fit. Any number of fractional
  /// digits is accepted as long as the value itself fits (`"1.000000000000000000000"` is 1,
  /// and the 62-digit expansion of `1/2⁶²` reads back exactly).
  public init?(decimal text: Substring) {
    var s = text
    let negative = s.first == "-"
    if negative { s = s.dropFirst() }
    let dot = s.firstIndex(of: ".")
    let wholeDigits = dot.map { s[..<$0] } ?? s
    let fractionDigits = dot.map { s[s.index(after: $0)...] } ?? Substring()
    guard !wholeDigits.isEmpty || !fractionDigits.isEmpty else { return nil }
    var whole: Int64 = 0
    for ch in wholeDigits {
      guard let digit = Rational.digitValue(ch) else { return nil }
      // Accumulate towards the sign so `-9223372036854775808` is readable.
      let (m, o1) = whole.multipliedReportingOverflow(by: 10)
      let (a, o2) =
        negative ? m.subtractingReportingOverflow(digit) : m.addingReportingOverflow(digit)
      if o1 || o2 { return nil }
      whole = a
    }
    guard let fraction = Rational.decimalFraction(fractionDigits) else { return nil }
    let value =
      negative
      ? Rational(whole).checkedSubtracting(fraction) : Rational(whole).checkedAdding(fraction)
    guard let value else { return nil }
    self = value
  }

  /// Parses an exact decimal; see `init?(decimal: Substring)`.
  public init?(decimal text: String) { self.init(decimal: Substring(text)) }

  /// Exact decimal text when the denominator has only factors 2 and 5 (`"1.5"`, `"0.25"`,
  /// `"-0.125"`), otherwise `nil`. Never `nil` for such denominators: every value of this kind
  /// has a finite expansion, written without trailing zeros. Round-trips with
  /// `init?(decimal:)`.
  public var exactDecimal: String? {
    let den = UInt64(denominator)
    var rest = den
    var twos = 0
    var fives = 0
    while rest % 2 == 0 {
      rest /= 2
      twos += 1
    }
    while rest % 5 == 0 {
      rest /= 5
      fives += 1
    }
    guard rest == 1 else { return nil }
    let magnitude = numerator.magnitude
    var text = (numerator < 0 ? "-" : "") + String(magnitude / den)
    var remainder = magnitude % den
    let places = max(twos, fives)
    if places > 0 { text += "." }
    for _ in 0..<places {
      // Long division: remainder < den, so remainder·10 / den < 10 always fits.
      let (digit, next) = den.dividingFullWidth(remainder.multipliedFullWidth(by: 10))
      text += String(digit)
      remainder = next
    }
    return text
  }

  /// The value as decimal text with exactly `fractionDigits` places (clamped to 0…18), rounded
  /// by `rule` — for display and for fixed-precision formats (`"0.033"` for 1/30 at three places,
  /// `.down`). Computed exactly with integers, never through `Double`.
  public func decimalText(
    fractionDigits: Int, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero
  ) -> String {
    let scaled = roundedDecimal(fractionDigits: fractionDigits, rounding: rule)
    var text = (scaled.isNegative ? "-" : "") + String(scaled.whole)
    if scaled.fractionDigits > 0 {
      text += "." + scaled.paddedFraction
    }
    return text
  }

  /// A value rounded to a fixed number of decimal places, split into its parts.
  struct RoundedDecimal {
    /// Whether the rounded value is below zero (never true when it rounds to zero).
    var isNegative: Bool
    /// The whole part of the magnitude.
    var whole: UInt64
    /// The fractional digits of the magnitude as an integer below `10^fractionDigits`.
    var fraction: UInt64
    /// How many fractional digits `fraction` stands for.
    var fractionDigits: Int

    /// `fraction` with leading zeros to `fractionDigits` characters.
    var paddedFraction: String {
      let digits = String(fraction)
      return String(repeating: "0", count: max(0, fractionDigits - digits.count)) + digits
    }
  }

  /// `self` rounded by `rule` to `fractionDigits` places (clamped to 0…18), exactly.
  func roundedDecimal(fractionDigits: Int, rounding rule: FloatingPointRoundingRule)
    -> RoundedDecimal
  {
    let places = min(max(fractionDigits, 0), 18)
    var scale: UInt64 = 1
    for _ in 0..<places { scale *= 10 }
    let den = UInt64(denominator)
    let negative = numerator < 0
    // |self|·10^p = q + r/den, with q below 2^63·10^18 < 2^128.
    let (q, r) = WideInteger.product(numerator.magnitude, scale).quotientAndRemainder(
      dividingBy: den)
    let twiceRemainder = WideInteger.product(r, 2)
    let denominatorWide = WideInteger(negative: false, high: 0, low: den)
    let aboveHalf = twiceRemainder.isGreaterMagnitude(than: denominatorWide)
    let exactlyHalf = twiceRemainder == denominatorWide
    let awayFromZero: Bool
    switch rule {
    case .towardZero: awayFromZero = false
    case .awayFromZero: awayFromZero = r != 0
    case .down: awayFromZero = negative && r != 0
    case .up: awayFromZero = !negative && r != 0
    case .toNearestOrAwayFromZero: awayFromZero = aboveHalf || exactlyHalf
    case .toNearestOrEven: awayFromZero = aboveHalf || (exactlyHalf && !q.isMultiple(of: 2))
    @unknown default: awayFromZero = aboveHalf || exactlyHalf
    }
    // q + 1 stays far inside 128 bits.
    let rounded = awayFromZero ? (q.adding(WideInteger(1)) ?? q) : q
    let (whole, fraction) = rounded.quotientAndRemainder(dividingBy: scale)
    // whole ≤ 2^63 + 1: the magnitude of an Int64 ratio, plus one from rounding.
    let wholeMagnitude = whole.magnitude64 ?? UInt64.max
    return RoundedDecimal(
      isNegative: negative && (wholeMagnitude != 0 || fraction != 0),
      whole: wholeMagnitude, fraction: fraction, fractionDigits: places)
  }

  // MARK: Helpers

  /// The value of an ASCII decimal digit.
  static func digitValue(_ ch: Character) -> Int64? {
    guard let a = ch.asciiValue, a >= 48, a <= 57 else { return nil }
    return Int64(a - 48)
  }

  /// A non-empty run of ASCII digits, with an optional leading `-` when allowed.
  static func parseInteger(_ text: Substring, allowingMinus: Bool) -> Int64? {
    var s = text
    let negative = allowingMinus && s.first == "-"
    if negative { s = s.dropFirst() }
    guard !s.isEmpty else { return nil }
    var value: Int64 = 0
    for ch in s {
      guard let digit = digitValue(ch) else { return nil }
      let (m, o1) = value.multipliedReportingOverflow(by: 10)
      let (a, o2) =
        negative ? m.subtractingReportingOverflow(digit) : m.addingReportingOverflow(digit)
      if o1 || o2 { return nil }
      value = a
    }
    return value
  }

  /// The value of `0.<digits>`, read from the last digit back (`f ← (digit + f) / 10`). Every
  /// intermediate value is a suffix of the expansion, whose lowest-terms denominator divides the
  /// final one, so `nil` means the final value itself does not fit.
  static func decimalFraction(_ digits: Substring) -> Rational? {
    var n: UInt64 = 0
    var d: UInt64 = 1
    for ch in digits.reversed() {
      guard let digit = digitValue(ch) else { return nil }
      guard
        var num = WideInteger.product(UInt64(digit), d)
          .adding(WideInteger(negative: false, high: 0, low: n))
      else { return nil }
      if num.isZero {
        (n, d) = (0, 1)
        continue
      }
      var den = WideInteger.product(10, d)
      // den = 10·d has no prime factors but 2 and 5, so removing the common ones reduces fully.
      for p: UInt64 in [2, 5] {
        while num.isMultiple(of: p) && den.isMultiple(of: p) {
          num = num.quotientAndRemainder(dividingBy: p).quotient
          den = den.quotientAndRemainder(dividingBy: p).quotient
        }
      }
      guard let nn = num.magnitude64, let dd = den.magnitude64, dd <= UInt64(Int64.max) else {
        return nil
      }
      (n, d) = (nn, dd)
    }
    return fromLowestTerms(negative: false, numerator: n, denominator: d)
  }
}
