import Testing
import VEDLTime

/// Seeded property tests of `Rational`. Replay a failure with the `VEDL_SEED` it prints.
@Suite struct RationalPropertyTests {
  static let iterations = 3000

  /// Every result, when present, is canonical.
  private func canonical(_ r: Rational?) -> Bool { r.map(isCanonical) ?? true }

  @Test func additionAndMultiplicationCommute() {
    var rng = PropertySeed.generator(salt: 1)
    for _ in 0..<Self.iterations {
      let a = rng.anyRational()
      let b = rng.anyRational()
      #expect(a.checkedAdding(b) == b.checkedAdding(a), "\(PropertySeed.replay) a=\(a) b=\(b)")
      #expect(
        a.checkedMultiplying(b) == b.checkedMultiplying(a), "\(PropertySeed.replay) a=\(a) b=\(b)")
    }
  }

  @Test func additionAndMultiplicationAssociate() {
    var rng = PropertySeed.generator(salt: 2)
    var bothDefined = 0
    for _ in 0..<Self.iterations {
      let size = RationalSize.allCases.randomElement(using: &rng)!
      let (a, b, c) = (rng.rational(size), rng.rational(size), rng.rational(size))
      if let l = a.checkedAdding(b)?.checkedAdding(c),
        let r = b.checkedAdding(c).flatMap(a.checkedAdding)
      {
        bothDefined += 1
        #expect(l == r, "\(PropertySeed.replay) + a=\(a) b=\(b) c=\(c)")
      }
      if let l = a.checkedMultiplying(b)?.checkedMultiplying(c),
        let r = b.checkedMultiplying(c).flatMap(a.checkedMultiplying)
      {
        #expect(l == r, "\(PropertySeed.replay) × a=\(a) b=\(b) c=\(c)")
      }
    }
    // The property must not hold vacuously.
    #expect(bothDefined > Self.iterations / 3, "\(PropertySeed.replay)")
  }

  @Test func subtractingItselfIsZeroAndInversesUndo() {
    var rng = PropertySeed.generator(salt: 3)
    for _ in 0..<Self.iterations {
      let a = rng.anyRational()
      let b = rng.anyRational()
      #expect(a.checkedSubtracting(a) == .zero, "\(PropertySeed.replay) a=\(a)")
      // Overflow is exact: when a+b exists, (a+b)−b is a itself, which fits.
      if let sum = a.checkedAdding(b) {
        #expect(sum.checkedSubtracting(b) == a, "\(PropertySeed.replay) a=\(a) b=\(b)")
      }
      if !b.isZero, let quotient = a.checkedDividing(by: b) {
        #expect(quotient.checkedMultiplying(b) == a, "\(PropertySeed.replay) a=\(a) b=\(b)")
      }
      if let product = a.checkedMultiplying(b), !b.isZero {
        #expect(product.checkedDividing(by: b) == a, "\(PropertySeed.replay) a=\(a) b=\(b)")
      }
    }
  }

  /// Sums over one denominator (the frame grid's case, which takes a shorter path) equal the
  /// exact sum worked in 128 bits, and are `nil` exactly when it has no 64-bit form.
  @Test func sumsOverOneDenominatorAreExact() {
    var rng = PropertySeed.generator(salt: 7)
    var overflowed = 0
    for _ in 0..<Self.iterations {
      let a = rng.anyRational()
      let size = RationalSize.allCases.randomElement(using: &rng)!
      let n = rng.rational(size).numerator
      let b = Rational(n, a.denominator)
      guard let b, b.denominator == a.denominator else { continue }
      for subtracting in [false, true] {
        let t = subtracting ? Int128(a.numerator) - Int128(b.numerator) : Int128(a.numerator) + Int128(b.numerator)
        let g = Int128(testGCD(UInt64(t.magnitude), UInt64(a.denominator)))
        let (en, ed) = t == 0 ? (Int128(0), Int128(1)) : (t / g, Int128(a.denominator) / g)
        let expected: Rational? = Int64(exactly: en).map { Rational($0, Int64(ed))! }
        let got = subtracting ? a.checkedSubtracting(b) : a.checkedAdding(b)
        if expected == nil { overflowed += 1 }
        #expect(got == expected, "\(PropertySeed.replay) a=\(a) b=\(b) subtracting=\(subtracting)")
        #expect(canonical(got), "\(PropertySeed.replay) a=\(a) b=\(b)")
      }
    }
    #expect(overflowed > 0, "\(PropertySeed.replay): no sum overflowed, so the edge went untested")
  }

  @Test func smallValuesMatchNaiveArithmetic() {
    var rng = PropertySeed.generator(salt: 4)
    for _ in 0..<Self.iterations {
      let a = rng.rational(.small)
      let b = rng.rational(.small)
      let (an, ad, bn, bd) = (a.numerator, a.denominator, b.numerator, b.denominator)
      #expect(
        a + b == Rational(an * bd + bn * ad, ad * bd)!, "\(PropertySeed.replay) a=\(a) b=\(b)")
      #expect(
        a - b == Rational(an * bd - bn * ad, ad * bd)!, "\(PropertySeed.replay) a=\(a) b=\(b)")
      #expect(a * b == Rational(an * bn, ad * bd)!, "\(PropertySeed.replay) a=\(a) b=\(b)")
      if bn != 0 {
        #expect(a / b == Rational(an * bd, ad * bn)!, "\(PropertySeed.replay) a=\(a) b=\(b)")
      }
    }
  }

  @Test func orderMatchesCrossMultiplicationAndSubtraction() {
    var rng = PropertySeed.generator(salt: 5)
    for _ in 0..<Self.iterations {
      let a = rng.anyRational()
      let b = rng.anyRational()
      let c = rng.anyRational()
      // Cross products in 128 bits, compared as (high, low) pairs.
      let l = a.numerator.multipliedFullWidth(by: b.denominator)
      let r = b.numerator.multipliedFullWidth(by: a.denominator)
      let crossLess = (l.high, l.low) < (r.high, r.low)
      let crossEqual = l.high == r.high && l.low == r.low
      #expect((a < b) == crossLess, "\(PropertySeed.replay) a=\(a) b=\(b)")
      #expect((a == b) == crossEqual, "\(PropertySeed.replay) a=\(a) b=\(b)")
      // Trichotomy.
      #expect(
        [a < b, a == b, b < a].filter { $0 }.count == 1, "\(PropertySeed.replay) a=\(a) b=\(b)")
      if let d = a.checkedSubtracting(b) {
        #expect((a < b) == d.isNegative, "\(PropertySeed.replay) a=\(a) b=\(b)")
      }
      if a < b && b < c { #expect(a < c, "\(PropertySeed.replay) a=\(a) b=\(b) c=\(c)") }
      // Floor and ceiling bracket the value.
      #expect(Rational(a.floor) <= a, "\(PropertySeed.replay) a=\(a)")
      if let next = Rational(a.floor).checkedAdding(.one) {
        #expect(a < next, "\(PropertySeed.replay) a=\(a)")
      }
      #expect(Rational(a.ceiling) >= a, "\(PropertySeed.replay) a=\(a)")
    }
  }

  @Test func resultsStayInLowestTerms() {
    var rng = PropertySeed.generator(salt: 6)
    for _ in 0..<Self.iterations {
      let a = rng.anyRational()
      let b = rng.anyRational()
      let results = [
        a.checkedAdding(b), a.checkedSubtracting(b), a.checkedMultiplying(b),
        a.checkedDividing(by: b),
        a.checkedNegated(), a.checkedReciprocal(), Rational(a.description),
        a.exactDecimal.flatMap { Rational(decimal: $0) },
      ]
      for result in results {
        #expect(
          canonical(result),
          "\(PropertySeed.replay) a=\(a) b=\(b) result=\(String(describing: result))")
      }
    }
  }

  @Test func overflowIsReportedNotTrapped() {
    var rng = PropertySeed.generator(salt: 7)
    var overflows = 0
    for _ in 0..<Self.iterations {
      let a = rng.rational(.extreme)
      let b = rng.rational(.extreme)
      // Reaching the end of this loop is the property: none of these may trap.
      let results = [
        a.checkedAdding(b), a.checkedSubtracting(b), a.checkedMultiplying(b),
        a.checkedDividing(by: b),
        a.checkedNegated(), a.checkedReciprocal(), a.checkedMagnitude(),
      ]
      overflows += results.filter { $0 == nil }.count
      _ = a.exactDecimal
      _ = a.decimalText(fractionDigits: 18, rounding: .up)
      _ = (a.floor, a.ceiling, a < b)
    }
    #expect(overflows > 0, "\(PropertySeed.replay) extreme values never overflowed")
  }

  @Test func exactDecimalRoundTrips() {
    var rng = PropertySeed.generator(salt: 8)
    for _ in 0..<Self.iterations {
      // n / (2^i · 5^j), kept within Int64.
      var d: Int64 = 1
      for _ in 0..<rng.int64(in: 0...62) where d <= Int64.max / 2 { d *= 2 }
      for _ in 0..<rng.int64(in: 0...27) where d <= Int64.max / 5 { d *= 5 }
      let n =
        Bool.random(using: &rng)
        ? rng.int64(in: -1_000_000...1_000_000) : Int64.random(in: .min ... .max, using: &rng)
      let value = Rational(n, d)!
      let text = value.exactDecimal
      #expect(text != nil, "\(PropertySeed.replay) value=\(value)")
      if let text {
        #expect(
          Rational(decimal: text) == value, "\(PropertySeed.replay) value=\(value) text=\(text)")
        #expect(!text.contains(".") || !text.hasSuffix("0"), "\(PropertySeed.replay) text=\(text)")
      }
      #expect(Rational(value.description) == value, "\(PropertySeed.replay) value=\(value)")
      // Any factor other than 2 and 5 rules a finite expansion out.
      let odd = [3, 7, 11, 1001, 3_037_000_493].randomElement(using: &rng)!
      if let other = Rational(rng.int64(in: 1...1_000_000) * Int64(odd) + 1, Int64(odd)),
        !other.isInteger
      {
        #expect(other.exactDecimal == nil, "\(PropertySeed.replay) other=\(other)")
      }
    }
  }

  @Test func roundedDecimalTextIsWithinOnePlace() {
    var rng = PropertySeed.generator(salt: 9)
    for _ in 0..<Self.iterations {
      let a = rng.rational(Bool.random(using: &rng) ? .timing : .large)
      let places = Int(rng.int64(in: 0...6))
      var unit = Rational.one
      for _ in 0..<places { unit = unit / Rational(10) }
      let down = Rational(decimal: a.decimalText(fractionDigits: places, rounding: .down))!
      let up = Rational(decimal: a.decimalText(fractionDigits: places, rounding: .up))!
      let nearest = Rational(decimal: a.decimalText(fractionDigits: places))!
      #expect(down <= a && a - down < unit, "\(PropertySeed.replay) a=\(a) places=\(places)")
      #expect(up >= a && up - a < unit, "\(PropertySeed.replay) a=\(a) places=\(places)")
      #expect(nearest == down || nearest == up, "\(PropertySeed.replay) a=\(a) places=\(places)")
      let halfUnit = unit / Rational(2)
      #expect(
        (nearest - a).checkedMagnitude()! <= halfUnit,
        "\(PropertySeed.replay) a=\(a) places=\(places)")
    }
  }
}
