/// A signed 128-bit integer held as a sign and a two-word magnitude: just wide enough for the
/// exact intermediate results of 64-bit rational arithmetic (a product of two `Int64`s, or the
/// sum of two such products).
///
/// With it, `Rational` reports overflow only when the *result* does not fit in 64 bits, never
/// because an intermediate cross-product did. Internal on purpose: every public API returns
/// `Int64`-based values. (The standard library's `Int128` needs macOS 15; the package supports
/// macOS 14, and this needs only the handful of operations below.)
struct WideInteger: Equatable {
  /// `true` for values below zero; always `false` for zero.
  private(set) var isNegative: Bool
  /// The upper 64 bits of the magnitude.
  private(set) var high: UInt64
  /// The lower 64 bits of the magnitude.
  private(set) var low: UInt64

  /// The value `-(high·2⁶⁴ + low)` when `negative`, else `high·2⁶⁴ + low`.
  init(negative: Bool, high: UInt64, low: UInt64) {
    self.isNegative = negative && (high != 0 || low != 0)
    self.high = high
    self.low = low
  }

  /// The value `v`.
  init(_ v: Int64) {
    self.init(negative: v < 0, high: 0, low: v.magnitude)
  }

  /// The exact product `a × b`.
  static func product(_ a: Int64, _ b: Int64) -> WideInteger {
    let (h, l) = a.magnitude.multipliedFullWidth(by: b.magnitude)
    return WideInteger(negative: (a < 0) != (b < 0), high: h, low: l)
  }

  /// The exact product `a × b` of two magnitudes.
  static func product(_ a: UInt64, _ b: UInt64) -> WideInteger {
    let (h, l) = a.multipliedFullWidth(by: b)
    return WideInteger(negative: false, high: h, low: l)
  }

  var isZero: Bool { high == 0 && low == 0 }

  /// `-self`.
  var negated: WideInteger { WideInteger(negative: !isNegative, high: high, low: low) }

  /// Whether `|a| < |b|`.
  private static func magnitudeIsLess(_ a: WideInteger, _ b: WideInteger) -> Bool {
    a.high != b.high ? a.high < b.high : a.low < b.low
  }

  /// Whether `|self| > |other|`.
  func isGreaterMagnitude(than other: WideInteger) -> Bool {
    WideInteger.magnitudeIsLess(other, self)
  }

  /// `self + other`, or `nil` if the magnitude leaves 128 bits (which cannot happen for a sum of
  /// two products of `Int64`s).
  func adding(_ other: WideInteger) -> WideInteger? {
    if isNegative == other.isNegative {
      let (l, carry) = low.addingReportingOverflow(other.low)
      let (h1, o1) = high.addingReportingOverflow(other.high)
      let (h2, o2) = h1.addingReportingOverflow(carry ? 1 : 0)
      if o1 || o2 { return nil }
      return WideInteger(negative: isNegative, high: h2, low: l)
    }
    let (big, small) = WideInteger.magnitudeIsLess(self, other) ? (other, self) : (self, other)
    let (l, borrow) = big.low.subtractingReportingOverflow(small.low)
    let h = big.high &- small.high &- (borrow ? 1 : 0)
    return WideInteger(negative: big.isNegative, high: h, low: l)
  }

  /// The magnitude divided by `divisor` (truncating), with the sign kept, and the remainder
  /// of the magnitude. `divisor` must be non-zero.
  func quotientAndRemainder(dividingBy divisor: UInt64) -> (
    quotient: WideInteger, remainder: UInt64
  ) {
    let (qh, rh) = high.quotientAndRemainder(dividingBy: divisor)
    let (ql, rl) = divisor.dividingFullWidth((rh, low))
    return (WideInteger(negative: isNegative, high: qh, low: ql), rl)
  }

  /// `⌊self / divisor⌋` for a positive `divisor`.
  func flooredDivided(by divisor: UInt64) -> WideInteger {
    let (q, r) = quotientAndRemainder(dividingBy: divisor)
    guard isNegative, r != 0 else { return q }
    // q is negative here; one step further from zero. Its magnitude is below 2^128 / divisor,
    // so adding one cannot leave 128 bits unless divisor == 1, which leaves no remainder.
    return q.adding(WideInteger(-1)) ?? q
  }

  /// Whether the magnitude is divisible by `divisor` (non-zero).
  func isMultiple(of divisor: UInt64) -> Bool {
    quotientAndRemainder(dividingBy: divisor).remainder == 0
  }

  /// The value as an `Int64`, or `nil` when it does not fit.
  var int64Value: Int64? {
    guard high == 0 else { return nil }
    if isNegative {
      if low == UInt64(1) << 63 { return .min }
      return low < UInt64(1) << 63 ? -Int64(low) : nil
    }
    return low <= UInt64(Int64.max) ? Int64(low) : nil
  }

  /// The magnitude as a `UInt64`, or `nil` when it needs more than 64 bits.
  var magnitude64: UInt64? { high == 0 ? low : nil }
}
