/// A length or instant in seconds as VEDL's JSON documents write it (`vedl ir`, render
/// metadata): the exact rational as text (`"3/2"`, `"10"`) and, for convenience, the same
/// value as a floating-point number — `{"exact": "3/2", "seconds": 1.5}`.
public struct ExactSeconds: Codable, Sendable, Hashable {
  /// `Rational.description`: `"n/d"`, or `"n"` for an integer.
  public var exact: String
  /// The value as a `Double` (a reader's approximation; `exact` is the value).
  public var seconds: Double

  /// The form of `value`.
  public init(_ value: Rational) {
    exact = value.description
    seconds = value.doubleValue
  }

  /// Writes `exact` and `seconds`; a number that is not finite, which JSON cannot spell,
  /// becomes `null` (a `Rational`'s never is: it is a quotient of 64-bit integers).
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(exact, forKey: .exact)
    if seconds.isFinite { try c.encode(seconds, forKey: .seconds) } else { try c.encodeNil(forKey: .seconds) }
  }
}

/// A number that is not a time (a rate, a speed, a modifier's value) as VEDL's JSON
/// documents write it: the exact rational as text and as a floating-point number —
/// `{"exact": "30000/1001", "value": 29.97002997002997}`.
public struct ExactNumber: Codable, Sendable, Hashable {
  /// `Rational.description`: `"n/d"`, or `"n"` for an integer.
  public var exact: String
  /// The value as a `Double` (a reader's approximation; `exact` is the value).
  public var value: Double

  /// The form of `number`.
  public init(_ number: Rational) {
    exact = number.description
    value = number.doubleValue
  }

  /// Writes `exact` and `value`; a number that is not finite becomes `null`.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(exact, forKey: .exact)
    if value.isFinite { try c.encode(value, forKey: .value) } else { try c.encodeNil(forKey: .value) }
  }
}

/// A level or gain in decibels (ducking's `by:`, loudness targets in LUFS and dBTP) as VEDL's
/// JSON documents write it: the exact rational as text and as a floating-point number —
/// `{"exact": "-14", "decibels": -14}`.
public struct ExactDecibels: Codable, Sendable, Hashable {
  /// `Rational.description`: `"n/d"`, or `"n"` for an integer.
  public var exact: String
  /// The value as a `Double` (a reader's approximation; `exact` is the value).
  public var decibels: Double

  /// The form of `level`.
  public init(_ level: Rational) {
    exact = level.description
    decibels = level.doubleValue
  }

  /// Writes `exact` and `decibels`; a number that is not finite becomes `null`.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(exact, forKey: .exact)
    if decibels.isFinite { try c.encode(decibels, forKey: .decibels) } else { try c.encodeNil(forKey: .decibels) }
  }
}
