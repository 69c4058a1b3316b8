/// An exact rational number `numerator / denominator` of 64-bit integers, always in lowest
/// terms with a positive denominator. The timing model uses it everywhere instead of
/// floating point: `1/30 + 1/30 + 1/30` is exactly `1/10`.
///
/// Arithmetic comes in two flavours: the `checked…` methods return `nil` on overflow (used
/// where user input drives the values, so an overflow becomes a diagnostic), and the
/// operators, which trap on overflow and are for values already known to be in range.
///
/// The checked methods are exact about overflow: intermediate products are formed in 128 bits,
/// so `nil` means the result itself has no 64-bit lowest-terms form — never that an
/// intermediate step happened to be large.
public struct Rational: Hashable, Sendable, Comparable, CustomStringConvertible,
  ExpressibleByIntegerLiteral
{
  /// The numerator; carries the sign.
  public let numerator: Int64
  /// The denominator; always positive, and coprime with the numerator.
  public let denominator: Int64

  /// Creates `n / d` reduced to lowest terms. `d` must not be zero; returns `nil` if it is,
  /// or if normalising the sign overflows (`Int64.min` cannot be negated).
  public init?(_ n: Int64, _ d: Int64) {
    guard d != 0 else { return nil }
    if n == 0 {
      self.numerator = 0
      self.denominator = 1
      return
    }
    let g = Rational.gcd(n.magnitude, d.magnitude)
    guard
      let r = Rational.fromLowestTerms(
        negative: (n < 0) != (d < 0), numerator: n.magnitude / g, denominator: d.magnitude / g)
    else { return nil }
    self = r
  }

  /// The integer `n`.
  public init(_ n: Int64) {
    self.numerator = n
    self.denominator = 1
  }

  /// The integer `n`.
  public init(_ n: Int) { self.init(Int64(n)) }

  /// The integer literal `value`, so `let half: Rational = 1 / 2` style code reads naturally.
  public init(integerLiteral value: Int64) { self.init(value) }

  /// Unchecked construction from parts already in lowest terms (internal fast path).
  init(reduced n: Int64, _ d: Int64) {
    self.numerator = n
    self.denominator = d
  }

  /// Zero.
  public static let zero = Rational(0)
  /// One.
  public static let one = Rational(1)
  /// One half, the centre of an axis.
  public static let half = Rational(1, 2)!

  /// Greatest common divisor of two magnitudes; `gcd(0, 0)` is 1 so it is always a safe divisor.
  static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
    var x = a
    var y = b
    while y != 0 { (x, y) = (y, x % y) }
    return x == 0 ? 1 : x
  }

  /// Builds a value from a sign and coprime magnitudes; `nil` when either does not fit
  /// (denominator above `Int64.max`, numerator outside `Int64`).
  static func fromLowestTerms(negative: Bool, numerator: UInt64, denominator: UInt64) -> Rational? {
    guard denominator != 0, denominator <= UInt64(Int64.max) else { return nil }
    if numerator == 0 { return .zero }
    let signed = WideInteger(negative: negative, high: 0, low: numerator)
    guard let n = signed.int64Value else { return nil }
    return Rational(reduced: n, Int64(denominator))
  }

  /// Whether the value is a whole number.
  public var isInteger: Bool { denominator == 1 }

  /// The value as a `Double` — only for I/O edges (FFmpeg option strings, pixel maths).
  public var doubleValue: Double { Double(numerator) / Double(denominator) }

  /// Largest integer `≤ self`.
  public var floor: Int64 {
    let q = numerator / denominator
    return (numerator % denominator != 0 && numerator < 0) ? q - 1 : q
  }

  /// Smallest integer `≥ self`.
  public var ceiling: Int64 {
    let q = numerator / denominator
    return (numerator % denominator != 0 && numerator > 0) ? q + 1 : q
  }

  /// Whether the value is below zero.
  public var isNegative: Bool { numerator < 0 }
  /// Whether the value is zero.
  public var isZero: Bool { numerator == 0 }
  /// Whether the value is above zero.
  public var isPositive: Bool { numerator > 0 }

  // MARK: Checked arithmetic

  /// `self + o`, or `nil` when the sum has no 64-bit lowest-terms form.
  public func checkedAdding(_ o: Rational) -> Rational? {
    sum(o, subtracting: false)
  }

  /// `self ± o` exactly. Knuth, TAOCP 4.5.1: with g = gcd(d1, d2), t = n1·(d2/g) ± n2·(d1/g)
  /// and g2 = gcd(t, g), the result in lowest terms is (t/g2) / ((d1/g)·(d2/g2)). `t` is formed
  /// in 128 bits, so only a result that does not fit is reported as `nil`.
  private func sum(_ o: Rational, subtracting: Bool) -> Rational? {
    // Most sums in a check add a zero or two times on one frame grid: those need no 128-bit
    // product and one gcd at most.
    if o.numerator == 0 { return self }
    if denominator == o.denominator {
      let (t, overflow) =
        subtracting
        ? numerator.subtractingReportingOverflow(o.numerator) : numerator.addingReportingOverflow(o.numerator)
      if !overflow && t != .min {
        if t == 0 { return .zero }
        let g = Int64(Rational.gcd(t.magnitude, UInt64(denominator)))
        return Rational(reduced: t / g, denominator / g)
      }
    }
    let d1 = UInt64(denominator)
    let d2 = UInt64(o.denominator)
    let g = Rational.gcd(d1, d2)
    let right = WideInteger.product(o.numerator, Int64(d1 / g))
    guard
      let t = WideInteger.product(numerator, Int64(d2 / g))
        .adding(subtracting ? right.negated : right)
    else { return nil }
    if t.isZero { return .zero }
    let g2 = Rational.gcd(t.quotientAndRemainder(dividingBy: g).remainder, g)
    let (n, _) = t.quotientAndRemainder(dividingBy: g2)
    let (d, overflow) = (d1 / g).multipliedReportingOverflow(by: d2 / g2)
    guard !overflow, let nMagnitude = n.magnitude64 else { return nil }
    return Rational.fromLowestTerms(negative: n.isNegative, numerator: nMagnitude, denominator: d)
  }

  /// `-self`, or `nil` for a numerator of `Int64.min`.
  public func checkedNegated() -> Rational? {
    numerator == .min ? nil : Rational(reduced: -numerator, denominator)
  }

  /// `self - o`, or `nil` when the difference has no 64-bit lowest-terms form.
  public func checkedSubtracting(_ o: Rational) -> Rational? {
    sum(o, subtracting: true)
  }

  /// `self × o`, or `nil` when the product has no 64-bit lowest-terms form.
  public func checkedMultiplying(_ o: Rational) -> Rational? {
    let an = numerator.magnitude
    let bn = o.numerator.magnitude
    if an == 0 || bn == 0 { return .zero }
    let ad = UInt64(denominator)
    let bd = UInt64(o.denominator)
    let g1 = Rational.gcd(an, bd)
    let g2 = Rational.gcd(bn, ad)
    let (n, o1) = (an / g1).multipliedReportingOverflow(by: bn / g2)
    let (d, o2) = (ad / g2).multipliedReportingOverflow(by: bd / g1)
    if o1 || o2 { return nil }
    return Rational.fromLowestTerms(
      negative: (numerator < 0) != (o.numerator < 0), numerator: n, denominator: d)
  }

  /// `self ÷ o`; `nil` on overflow or division by zero.
  public func checkedDividing(by o: Rational) -> Rational? {
    guard o.numerator != 0 else { return nil }
    let an = numerator.magnitude
    if an == 0 { return .zero }
    let bn = o.numerator.magnitude
    let ad = UInt64(denominator)
    let bd = UInt64(o.denominator)
    let g1 = Rational.gcd(an, bn)
    let g2 = Rational.gcd(ad, bd)
    let (n, o1) = (an / g1).multipliedReportingOverflow(by: bd / g2)
    let (d, o2) = (ad / g2).multipliedReportingOverflow(by: bn / g1)
    if o1 || o2 { return nil }
    return Rational.fromLowestTerms(
      negative: (numerator < 0) != (o.numerator < 0), numerator: n, denominator: d)
  }

  /// `1 / self`; `nil` for zero or when the reciprocal does not fit.
  public func checkedReciprocal() -> Rational? {
    Rational.one.checkedDividing(by: self)
  }

  /// `|self|`, or `nil` for a numerator of `Int64.min`.
  public func checkedMagnitude() -> Rational? {
    isNegative ? checkedNegated() : self
  }

  // MARK: Trapping operators (values known to be in range)

  /// `a + b`; traps on overflow.
  public static func + (a: Rational, b: Rational) -> Rational {
    guard let r = a.checkedAdding(b) else { preconditionFailure("Rational overflow in +") }
    return r
  }

  /// `a - b`; traps on overflow.
  public static func - (a: Rational, b: Rational) -> Rational {
    guard let r = a.checkedSubtracting(b) else { preconditionFailure("Rational overflow in -") }
    return r
  }

  /// `a × b`; traps on overflow.
  public static func * (a: Rational, b: Rational) -> Rational {
    guard let r = a.checkedMultiplying(b) else { preconditionFailure("Rational overflow in *") }
    return r
  }

  /// `a ÷ b`; traps on overflow or division by zero.
  public static func / (a: Rational, b: Rational) -> Rational {
    guard let r = a.checkedDividing(by: b) else {
      preconditionFailure("Rational overflow or division by zero")
    }
    return r
  }

  /// `-a`; traps for a numerator of `Int64.min`.
  public static prefix func - (a: Rational) -> Rational {
    guard let r = a.checkedNegated() else { preconditionFailure("Rational overflow in negation") }
    return r
  }

  /// Exact order: compares `a.n · b.d` with `b.n · a.d` in 128-bit arithmetic, so it never
  /// overflows.
  public static func < (a: Rational, b: Rational) -> Bool {
    let l = a.numerator.multipliedFullWidth(by: b.denominator)
    let r = b.numerator.multipliedFullWidth(by: a.denominator)
    return l.high != r.high ? l.high < r.high : l.low < r.low
  }

  /// `"3/2"`, or `"3"` for integers.
  public var description: String {
    denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
  }
}
