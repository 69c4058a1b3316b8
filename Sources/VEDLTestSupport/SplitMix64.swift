/// A small, fast, deterministic pseudo-random generator (Steele, Lea & Flood's SplitMix64):
/// every generated edit, mutant and property case is reproducible from the one seed a
/// failure prints. The one generator of the test targets and the fuzzer.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator whose whole stream is fixed by `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// `true` with probability `p`.
  public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

  /// A whole number in `range`.
  public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

  /// One of `options` (which must not be empty).
  public mutating func pick<T>(_ options: [T]) -> T { options[int(0...(options.count - 1))] }

  /// The next 64 bits modulo `n` (`n` below 1 counts as 1): a cheap index in `0..<n` whose
  /// stream the property tests' seeds were recorded with.
  public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
}
