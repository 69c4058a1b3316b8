import Foundation
import VEDLTestSupport
import VEDLTime

/// The seed of the property tests: `VEDL_SEED` (decimal or `0x…` hex) when set, else a fixed
/// default so runs are reproducible. Every failing `#expect` prints `VEDL_SEED=<seed>`; run
/// again with that variable to replay the failure. Each property mixes in its own salt, so
/// properties draw independent streams from the one seed.
enum PropertySeed {
  static let base: UInt64 = {
    guard let text = ProcessInfo.processInfo.environment["VEDL_SEED"] else {
      return 0x5EED_0000_0000_2025
    }
    if text.hasPrefix("0x"), let v = UInt64(text.dropFirst(2), radix: 16) { return v }
    return UInt64(text) ?? 0x5EED_0000_0000_2025
  }()

  /// A generator for one property.
  static func generator(salt: UInt64) -> SplitMix64 {
    SplitMix64(seed: base ^ (salt &* 0x2545_F491_4F6C_DD1D))
  }

  /// What a failure message starts with: how to replay it.
  static var replay: String { "VEDL_SEED=\(base)" }
}

/// How large generated rationals are.
enum RationalSize: CaseIterable {
  /// Numerators and denominators up to 1000.
  case small
  /// Times in seconds with the denominators media uses (1001, 30000, 48000, 90000, …).
  case timing
  /// Up to 2^40 over up to 2^31: products overflow 64 bits, results often do not.
  case large
  /// Anywhere in Int64, with the boundary values thrown in.
  case extreme
}

extension SplitMix64 {
  /// A value in `range`.
  mutating func int64(in range: ClosedRange<Int64>) -> Int64 {
    Int64.random(in: range, using: &self)
  }

  /// A rational of the given size.
  mutating func rational(_ size: RationalSize) -> Rational {
    let timingDenominators: [Int64] = [
      1, 2, 25, 30, 1000, 1001, 3003, 24000, 30000, 48000, 60000, 90000, 12800,
    ]
    while true {
      let n: Int64
      let d: Int64
      switch size {
      case .small:
        n = int64(in: -1000...1000)
        d = int64(in: 1...1000)
      case .timing:
        n = int64(in: -100_000_000...100_000_000)
        d = timingDenominators.randomElement(using: &self)! * int64(in: 1...4)
      case .large:
        n = int64(in: -(1 << 40)...(1 << 40))
        d = int64(in: 1...(1 << 31))
      case .extreme:
        let specials: [Int64] = [
          .min, .min + 1, .max, .max - 1, 0, 1, -1, 1 << 62, -(1 << 62), 3_037_000_499,
        ]
        n =
          Bool.random(using: &self)
          ? specials.randomElement(using: &self)! : Int64.random(in: .min ... .max, using: &self)
        let dSpecials: [Int64] = [.max, .max - 1, 1, 2, 1 << 62, 3_037_000_499, 1001]
        d =
          Bool.random(using: &self) ? dSpecials.randomElement(using: &self)! : int64(in: 1 ... .max)
      }
      if let r = Rational(n, d) { return r }
    }
  }

  /// A rational of a random size.
  mutating func anyRational() -> Rational {
    rational(RationalSize.allCases.randomElement(using: &self)!)
  }
}

/// Greatest common divisor, written independently of the library's.
func testGCD(_ a: UInt64, _ b: UInt64) -> UInt64 {
  b == 0 ? a : testGCD(b, a % b)
}

/// Whether `r` is in lowest terms with a positive denominator.
func isCanonical(_ r: Rational) -> Bool {
  r.denominator > 0
    && (r.numerator == 0
      ? r.denominator == 1 : testGCD(r.numerator.magnitude, UInt64(r.denominator)) == 1)
}
