import Testing

@testable import VEDLTimelinePicture

/// Coordinates are written the same way on every machine: two decimals at most, no
/// exponent, no trailing zeros, no locale.
@Suite struct SVGNumberTests {
  @Test func roundsToHundredths() {
    #expect(SVGNumber.text(12) == "12")
    #expect(SVGNumber.text(12.5) == "12.5")
    #expect(SVGNumber.text(505.3333333) == "505.33")
    #expect(SVGNumber.text(0.005) == "0.01")
    #expect(SVGNumber.text(1.0 / 3.0) == "0.33")
    #expect(SVGNumber.text(0.07) == "0.07")
  }

  @Test func negativeAndTinyValues() {
    #expect(SVGNumber.text(-3.25) == "-3.25")
    #expect(SVGNumber.text(-0.001) == "0")
    #expect(SVGNumber.text(1e-9) == "0")
    #expect(SVGNumber.text(1e9) == "1000000000")
  }

  @Test func nonFiniteValuesBecomeZero() {
    #expect(SVGNumber.text(.nan) == "0")
    #expect(SVGNumber.text(.infinity) == "0")
  }
}
