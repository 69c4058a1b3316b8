import Foundation
import Testing
import VEDLTime

/// The easings of ANIMATION.md §2, against published values and their defining properties.
@Suite struct EasingTests {
  static let all: [Easing] = Easing.names.compactMap { Easing(name: $0) }

  @Test func everyNameIsUnderstoodAndNothingElse() {
    #expect(Easing.names.count == 2 + 11 * 3)
    #expect(Self.all.count == Easing.names.count)
    #expect(Easing(name: "easeOutBack") == .named(.back, .out))
    #expect(Easing(name: "easeInOutSine") == .named(.sine, .inOut))
    #expect(Easing(name: "easeInOut") == .named(.css, .inOut))
    #expect(Easing(name: "easeIn") == .named(.css, .in))
    for wrong in ["easeinback", "easeOutback", "ease", "easeInOutOut", "Linear", "", "easeBack"] {
      #expect(Easing(name: wrong) == nil, "\(wrong)")
    }
  }

  @Test func everyEasingRunsFromZeroToOne() throws {
    let spring = try #require(Easing.Spring())
    for easing in Self.all + [.cubicBezier(0.25, 0.1, 0.25, 1), .spring(spring)] {
      #expect(easing.value(at: 0) == 0, "\(easing)")
      #expect(easing.value(at: 1) == 1, "\(easing)")
      #expect(easing.value(at: -3) == 0 && easing.value(at: 7) == 1, "\(easing) clamps")
    }
  }

  /// Values at p = 0.25, 0.5 and 0.75, computed by hand from easings.net's formulas.
  @Test(arguments: [
    ("easeInSine", [0.07612046748871326, 0.2928932188134524, 0.6173165676349102]),
    ("easeOutQuad", [0.4375, 0.75, 0.9375]),
    ("easeInOutCubic", [0.0625, 0.5, 0.9375]),
    ("easeInQuart", [0.00390625, 0.0625, 0.31640625]),
    ("easeOutQuint", [0.7626953125, 0.96875, 0.9990234375]),
    ("easeInExpo", [0.005524271728019903, 0.03125, 0.17677669529663687]),
    ("easeInOutCirc", [0.0669872981077807, 0.5, 0.9330127018922193]),
    ("easeOutBack", [0.8174096875, 1.0876975, 1.0641365625]),
    ("easeInBack", [-0.0641365625, -0.0876975, 0.1825903125]),
    ("easeOutBounce", [0.47265625, 0.765625, 0.97265625]),
    ("easeInBounce", [0.02734375, 0.234375, 0.52734375]),
  ])
  func penner(_ name: String, _ expected: [Double]) throws {
    let easing = try #require(Easing(name: name))
    for (p, value) in zip([0.25, 0.5, 0.75], expected) {
      #expect(abs(easing.value(at: p) - value) < 1e-9, "\(name)(\(p)) = \(easing.value(at: p)), not \(value)")
    }
  }

  @Test func elasticOvershootsAndSettles() throws {
    let out = try #require(Easing(name: "easeOutElastic"))
    // 2^(−10·0.1)·sin((1 − 0.75)·2π/3) + 1
    #expect(abs(out.value(at: 0.1) - (pow(2, -1) * sin(0.25 * 2 * .pi / 3) + 1)) < 1e-12)
    let peak = (1..<100).map { out.value(at: Double($0) / 100) }.max() ?? 0
    #expect(peak > 1.3)
    #expect(abs(out.value(at: 0.95) - 1) < 0.002)
  }

  @Test func cssCurvesAreTheirCubicBeziers() throws {
    for (name, curve) in [
      ("easeIn", Easing.cubicBezier(0.42, 0, 1, 1)), ("easeOut", .cubicBezier(0, 0, 0.58, 1)),
      ("easeInOut", .cubicBezier(0.42, 0, 0.58, 1)),
    ] {
      let easing = try #require(Easing(name: name))
      for p in stride(from: 0.0, through: 1, by: 0.05) {
        #expect(abs(easing.value(at: p) - curve.value(at: p)) < 1e-12, "\(name) at \(p)")
      }
    }
    // CSS `ease` at x = 0.5, as browsers compute it.
    #expect(abs(Easing.cubicBezier(0.25, 0.1, 0.25, 1).value(at: 0.5) - 0.8024033877399112) < 1e-6)
    // ease-in-out is symmetric about its middle.
    let inOut = Easing.cubicBezier(0.42, 0, 0.58, 1)
    #expect(abs(inOut.value(at: 0.5) - 0.5) < 1e-9)
    #expect(abs(inOut.value(at: 0.2) + inOut.value(at: 0.8) - 1) < 1e-9)
    // A linear Bézier is the identity; an overshooting one leaves 0…1.
    #expect(abs(Easing.cubicBezier(1 / 3, 1 / 3, 2 / 3, 2 / 3).value(at: 0.37) - 0.37) < 1e-9)
    #expect(Easing.cubicBezier(0.3, 1.6, 0.6, 1.4).value(at: 0.5) > 1)
  }

  @Test func holdJumpsAtTheKey() {
    #expect(Easing.hold.value(at: 0.999) == 0)
    #expect(Easing.hold.value(at: 1) == 1)
    #expect(Easing.linear.value(at: 0.3) == 0.3)
  }

  /// The spring ends where it has settled: within 0.005 of 1 from there on, and not before.
  @Test(arguments: [(1.0, 100.0, 10.0), (1, 100, 3), (2, 50, 20), (1, 100, 40), (1, 170, 20)])
  func springEndsWhenSettled(mass: Double, stiffness: Double, damping: Double) throws {
    let spring = try #require(Easing.Spring(mass: mass, stiffness: stiffness, damping: damping))
    let easing = Easing.spring(spring)
    let settled = spring.settlingTime
    #expect(settled > 0)
    // Past the end the spring stays within the tolerance …
    for k in 0...2000 {
      let t = settled * (1 + Double(k) / 200)
      #expect(abs(spring.position(at: t) - 1) < 0.005 + 1e-6, "t = \(t)")
    }
    // … and just before it, it is still 0.005 away.
    #expect(abs(easing.value(at: 1 - 1e-9) - 1) > 0.0049)
    // It starts at rest: slowly.
    #expect(easing.value(at: 0.001) < 0.01)
    // The default under-damped spring overshoots; a critically or over-damped one never does.
    let overshoots = (1..<1000).contains { easing.value(at: Double($0) / 1000) > 1 }
    #expect(overshoots == (damping < 2 * (stiffness * mass).squareRoot()))
  }

  @Test func springsThatNeverSettleAreRefused() {
    #expect(Easing.Spring(damping: 0) == nil)
    #expect(Easing.Spring(mass: -1) == nil)
    #expect(Easing.Spring(stiffness: .infinity) == nil)
    #expect(Easing.Spring(mass: .nan) == nil)
  }
}
