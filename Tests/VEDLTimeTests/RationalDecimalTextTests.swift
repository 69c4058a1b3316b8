import Testing
import VEDLTime

@Suite struct RationalDecimalTextTests {
  @Test func parsesDecimals() {
    #expect(Rational(decimal: "29.97") == Rational(2997, 100)!)
    #expect(Rational(decimal: "0.5") == Rational(1, 2)!)
    #expect(Rational(decimal: "-2") == Rational(-2))
    #expect(Rational(decimal: "1.250") == Rational(5, 4)!)
    #expect(Rational(decimal: ".5") == Rational(1, 2)!)
    #expect(Rational(decimal: "5.") == Rational(5))
    #expect(Rational(decimal: "-0.125") == Rational(-1, 8)!)
    #expect(Rational(decimal: "1.000000000000000000000000000") == .one)
    #expect(Rational(decimal: "-9223372036854775808") == Rational(Int64.min))
    #expect(Rational(decimal: "9223372036854775808") == nil)
    #expect(Rational(decimal: "0.0000000000000000000001") == nil)  // denominator 10^22
  }

  @Test func rejectsNonDecimals() {
    for text in ["", "-", ".", "1.2.3", "1e3", "+1", " 1", "1 ", "--1", "1/2", "abc", "١"] {
      #expect(Rational(decimal: text) == nil, "\(text)")
    }
  }

  @Test func readsLongExpansionsThatFit() {
    let tiny = Rational(1, 1 << 62)!
    let text = tiny.exactDecimal!
    #expect(text.count == 64)  // "0." and 62 digits
    #expect(Rational(decimal: text) == tiny)
    let neg = Rational(-(Int64.max), 1 << 62)!
    #expect(Rational(decimal: neg.exactDecimal!) == neg)
  }

  @Test func exactDecimalOnlyForTerminatingValues() {
    #expect(Rational(3, 2)!.exactDecimal == "1.5")
    #expect(Rational(1, 4)!.exactDecimal == "0.25")
    #expect(Rational(-1, 8)!.exactDecimal == "-0.125")
    #expect(Rational(7).exactDecimal == "7")
    #expect(Rational(Int64.min).exactDecimal == "-9223372036854775808")
    #expect(Rational(1, 3)!.exactDecimal == nil)
    #expect(Rational(1001, 30000)!.exactDecimal == nil)
    #expect(Rational(1, 48000)!.exactDecimal == nil)  // 48000 = 2^7 · 3 · 5^3
    #expect(Rational(1, 32000)!.exactDecimal == "0.00003125")
  }

  @Test func fractionTextRoundTrips() {
    #expect(Rational("30000/1001") == Rational(30000, 1001)!)
    #expect(Rational("-3/2") == Rational(-3, 2)!)
    #expect(Rational("6/4") == Rational(3, 2)!)
    #expect(Rational("2.5") == Rational(5, 2)!)
    #expect(Rational("1/0") == nil)
    #expect(Rational("1/-2") == nil)
    #expect(Rational("1/") == nil)
    #expect(Rational("/2") == nil)
    #expect(Rational("1.5/2") == nil)
    let r = Rational(-1001, 30000)!
    #expect(Rational(r.description) == r)
  }

  @Test func decimalTextRoundsAsAsked() {
    let third = Rational(1, 3)!
    #expect(third.decimalText(fractionDigits: 3) == "0.333")
    #expect(Rational(2, 3)!.decimalText(fractionDigits: 3) == "0.667")
    #expect(Rational(2, 3)!.decimalText(fractionDigits: 3, rounding: .down) == "0.666")
    #expect(Rational(-2, 3)!.decimalText(fractionDigits: 3, rounding: .down) == "-0.667")
    #expect(Rational(-2, 3)!.decimalText(fractionDigits: 3, rounding: .towardZero) == "-0.666")
    #expect(Rational(-2, 3)!.decimalText(fractionDigits: 3, rounding: .up) == "-0.666")
    #expect(Rational(1, 8)!.decimalText(fractionDigits: 2, rounding: .toNearestOrEven) == "0.12")
    #expect(Rational(3, 8)!.decimalText(fractionDigits: 2, rounding: .toNearestOrEven) == "0.38")
    #expect(
      Rational(1, 8)!.decimalText(fractionDigits: 2, rounding: .toNearestOrAwayFromZero) == "0.13")
    #expect(Rational(1, 8)!.decimalText(fractionDigits: 2, rounding: .awayFromZero) == "0.13")
    #expect(Rational(30000, 1001)!.decimalText(fractionDigits: 2) == "29.97")
    #expect(Rational(24000, 1001)!.decimalText(fractionDigits: 3) == "23.976")
    #expect(Rational(-1, 1000)!.decimalText(fractionDigits: 2) == "0.00")  // no "-0.00"
    #expect(Rational(19999, 10000)!.decimalText(fractionDigits: 3) == "2.000")
    #expect(Rational(5).decimalText(fractionDigits: 0) == "5")
    #expect(
      Rational(Int64.max).decimalText(fractionDigits: 18)
        == "9223372036854775807.000000000000000000")
    #expect(Rational(Int64.min, 3)!.decimalText(fractionDigits: 2) == "-3074457345618258602.67")
  }
}
