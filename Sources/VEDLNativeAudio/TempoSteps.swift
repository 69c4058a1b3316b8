import VEDLTime

/// How a clip's speed becomes `atempo` steps, as the FFmpeg backend chains them
/// (VEDLLowering's `AtempoChain`): `atempo` keeps the pitch, and each step stays within
/// 0.5…2 — the range FFmpeg documents as free of artefacts — so 4x is 2·2 and 0.3x is
/// 0.5·0.6.
enum TempoSteps {
  /// The factors whose product is `speed`; empty for 1.
  static func factors(for speed: Rational) -> [Rational] {
    guard speed.isPositive, speed != .one else { return [] }
    var rest = speed
    var steps: [Rational] = []
    let two = Rational(2)
    let half = Rational(1, 2)!
    while rest > two {
      steps.append(two)
      rest = rest / two
    }
    while rest < half {
      steps.append(half)
      rest = rest * two
    }
    if rest != .one { steps.append(rest) }
    return steps
  }
}
