/// Rounding a product of two rationals to an integer without forming the product as a
/// `Rational`: the heart of every grid lookup (`⌊t · F⌋` is the frame at time `t`). The product
/// of the numerators is kept in 128 bits, so the answer is exact whenever it fits in `Int64`,
/// even when `t · F` itself has no 64-bit lowest-terms form.
extension Rational {
  /// `⌊a · b⌋`, or `nil` when it does not fit in `Int64`.
  static func floorOfProduct(_ a: Rational, _ b: Rational) -> Int64? {
    // ⌊x / (m·n)⌋ = ⌊⌊x / m⌋ / n⌋ for positive integers m and n.
    WideInteger.product(a.numerator, b.numerator)
      .flooredDivided(by: UInt64(a.denominator))
      .flooredDivided(by: UInt64(b.denominator))
      .int64Value
  }

  /// `⌈a · b⌉`, or `nil` when it does not fit in `Int64`.
  static func ceilingOfProduct(_ a: Rational, _ b: Rational) -> Int64? {
    // ⌈y⌉ = −⌊−y⌋.
    WideInteger.product(a.numerator, b.numerator).negated
      .flooredDivided(by: UInt64(a.denominator))
      .flooredDivided(by: UInt64(b.denominator))
      .negated
      .int64Value
  }

  /// Whether `a · b` is a whole number. Never overflows: with both operands in lowest terms,
  /// the product is whole exactly when each denominator is cancelled by the other numerator.
  static func isIntegerProduct(_ a: Rational, _ b: Rational) -> Bool {
    let g1 = gcd(a.numerator.magnitude, UInt64(b.denominator))
    let g2 = gcd(b.numerator.magnitude, UInt64(a.denominator))
    if a.numerator == 0 || b.numerator == 0 { return true }
    return UInt64(a.denominator) / g2 == 1 && UInt64(b.denominator) / g1 == 1
  }
}
