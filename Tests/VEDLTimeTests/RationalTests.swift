import Testing
import VEDLTime

@Suite struct RationalTests {
  @Test func reducesToLowestTermsWithPositiveDenominator() {
    let r = Rational(6, -4)!
    #expect(r.numerator == -3 && r.denominator == 2)
    #expect(Rational(0, -7)! == .zero && Rational(0, -7)!.denominator == 1)
    #expect(Rational(1, 0) == nil)
    #expect(Rational(.min, -1) == nil)  // 2^63 does not fit
    #expect(Rational(.min, -2)! == Rational(1 << 62))
    #expect(Rational(.min, .min)! == .one)
    #expect(Rational(5, .min) == nil)  // denominator 2^63 does not fit
    #expect(Rational(2, .min)! == Rational(-1, 1 << 62)!)
  }

  @Test func thirtiethsAddUpExactly() {
    let third = Rational(1, 30)!
    #expect(third + third + third == Rational(1, 10)!)
    let ntscFrame = Rational(1001, 30000)!
    var t = Rational.zero
    for _ in 0..<30000 { t = t + ntscFrame }
    #expect(t == Rational(1001))
  }

  @Test func arithmeticOfKnownValues() {
    let a = Rational(3, 4)!
    let b = Rational(-5, 6)!
    #expect(a + b == Rational(-1, 12)!)
    #expect(a - b == Rational(19, 12)!)
    #expect(a * b == Rational(-5, 8)!)
    #expect(a / b == Rational(-9, 10)!)
    #expect(-a == Rational(-3, 4)!)
    #expect(a.checkedDividing(by: .zero) == nil)
    #expect(b.checkedReciprocal() == Rational(-6, 5)!)
    #expect(Rational.zero.checkedReciprocal() == nil)
    #expect(b.checkedMagnitude() == Rational(5, 6)!)
  }

  @Test func floorAndCeiling() {
    #expect(Rational(7, 2)!.floor == 3 && Rational(7, 2)!.ceiling == 4)
    #expect(Rational(-7, 2)!.floor == -4 && Rational(-7, 2)!.ceiling == -3)
    #expect(Rational(4).floor == 4 && Rational(4).ceiling == 4)
    #expect(Rational(Int64.min).floor == .min)
  }

  @Test func overflowIsReportedOnlyWhenTheResultDoesNotFit() {
    let max = Rational(Int64.max)
    #expect(max.checkedAdding(.one) == nil)
    #expect(max.checkedMultiplying(Rational(2)) == nil)
    #expect(Rational(Int64.min).checkedNegated() == nil)
    // Coprime huge denominators: the sum's denominator is their product.
    let a = Rational(1, Int64.max)!
    let b = Rational(1, Int64.max - 1)!
    #expect(a.checkedAdding(b) == nil)
    // Naive cross-multiplication would overflow here; the results themselves fit.
    #expect(Rational(Int64.max - 1, Int64.max)!.checkedAdding(a) == .one)
    #expect(Rational(Int64.min).checkedSubtracting(Rational(Int64.min)) == .zero)
    #expect(Rational(-1).checkedSubtracting(Rational(Int64.min)) == Rational(Int64.max))
    #expect(Rational(Int64.min).checkedDividing(by: Rational(Int64.min)) == .one)
    #expect(Rational(Int64.max).checkedMultiplying(Rational(1, Int64.max)!) == .one)
    let big = Rational(1 << 62, 3)!
    #expect(big.checkedAdding(big) == nil)  // 2^63 / 3 does not fit
    let negativeBig = Rational(-(1 << 62), 3)!
    #expect(negativeBig.checkedAdding(negativeBig) == Rational(Int64.min, 3)!)  // −2^63 / 3 does
  }

  @Test func ordersExactlyWithoutOverflow() {
    let a = Rational(Int64.max, Int64.max - 1)!
    let b = Rational(Int64.max - 1, Int64.max - 2)!
    // a = 1 + 1/(max−1) < b = 1 + 1/(max−2): Double cannot tell them apart.
    #expect(a < b)
    #expect(a.doubleValue == b.doubleValue)
    #expect(Rational(Int64.min) < Rational(Int64.max))
    #expect(Rational(-1, 3)! < .zero)
    #expect(
      [Rational(1, 2)!, Rational(-3), Rational(1, 3)!].sorted() == [
        Rational(-3), Rational(1, 3)!, Rational(1, 2)!,
      ])
  }

  @Test func integerLiteralsAndDescription() {
    let r: Rational = 12
    #expect(r == Rational(12))
    #expect(Rational(3, 2)!.description == "3/2")
    #expect(Rational(-3, 2)!.description == "-3/2")
    #expect(Rational(30000, 1001)!.description == "30000/1001")
    #expect(Rational(5).description == "5")
    #expect(Rational(1, 30)!.secondsDescription == "1/30s")
    #expect(Rational(3, 2)!.secondsDescription == "1.5s")
    #expect(Rational(-2).secondsDescription == "-2s")
  }

  @Test func hashingAgreesWithEquality() {
    let set: Set<Rational> = [Rational(1, 2)!, Rational(2, 4)!, Rational(-3, -6)!]
    #expect(set.count == 1)
  }
}
