/// `RationalTime.1`: `value` ticks at `rate` per second. OTIO stores both as doubles; the
/// import turns them into exact rationals (`OTIOExactTime`).
public struct OTIORationalTime: Codable, Hashable, Sendable {
  public var value: Double
  public var rate: Double

  /// The largest magnitude accepted for a value: far beyond any real edit (12 hours at 1000
  /// fps is 4.3e7), small enough that exact arithmetic cannot overflow.
  static let valueLimit = 1e12
  /// The largest rate accepted.
  static let rateLimit = 1e6

  public init(value: Double, rate: Double) {
    self.value = value
    self.rate = rate
  }

  enum CodingKeys: String, CodingKey {
    case value, rate
  }

  public init(from decoder: any Decoder) throws {
    try OTIOSchemaName.expect("RationalTime", versions: 1...1, in: decoder)
    let c = try decoder.container(keyedBy: CodingKeys.self)
    value = try c.decode(Double.self, forKey: .value)
    rate = try c.decode(Double.self, forKey: .rate)
    guard rate.isFinite, rate > 0, rate <= Self.rateLimit else {
      throw OTIOReadError(
        kind: .outOfRange, codingPath: c.codingPath + [CodingKeys.rate],
        message: "rate \(rate) is not a frame rate (above 0, at most \(Int(Self.rateLimit)))")
    }
    guard value.isFinite, abs(value) <= Self.valueLimit else {
      throw OTIOReadError(
        kind: .outOfRange, codingPath: c.codingPath + [CodingKeys.value],
        message: "time value \(value) is out of range (at most \(Self.valueLimit) in magnitude)")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    try OTIOSchemaName.write("RationalTime.1", to: encoder)
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(rate, forKey: .rate)
    try c.encode(value, forKey: .value)
  }
}

/// `TimeRange.1`: a start and a duration.
public struct OTIOTimeRange: Codable, Hashable, Sendable {
  public var startTime: OTIORationalTime
  public var duration: OTIORationalTime

  public init(startTime: OTIORationalTime, duration: OTIORationalTime) {
    self.startTime = startTime
    self.duration = duration
  }

  enum CodingKeys: String, CodingKey {
    case startTime = "start_time"
    case duration
  }

  public init(from decoder: any Decoder) throws {
    try OTIOSchemaName.expect("TimeRange", versions: 1...1, in: decoder)
    let c = try decoder.container(keyedBy: CodingKeys.self)
    startTime = try c.decode(OTIORationalTime.self, forKey: .startTime)
    duration = try c.decode(OTIORationalTime.self, forKey: .duration)
    guard duration.value >= 0 else {
      throw OTIOReadError(
        kind: .outOfRange, codingPath: c.codingPath + [CodingKeys.duration],
        message: "negative duration \(duration.value)")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    try OTIOSchemaName.write("TimeRange.1", to: encoder)
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(duration, forKey: .duration)
    try c.encode(startTime, forKey: .startTime)
  }
}
