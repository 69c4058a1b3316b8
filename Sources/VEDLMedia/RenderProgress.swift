import VEDLTime

/// How far a render has come, reported after each encoded video frame (or audio frame when
/// the output has no picture).
public struct RenderProgress: Sendable, Hashable {
  /// Output time written so far, in seconds.
  public var time: Rational
  /// The output's expected length, when the caller said (for a percentage and time left).
  public var expectedDuration: Rational?
  /// Video frames encoded so far.
  public var videoFrames: Int64

  /// A progress report; every property is documented above.
  public init(time: Rational, expectedDuration: Rational?, videoFrames: Int64) {
    self.time = time
    self.expectedDuration = expectedDuration
    self.videoFrames = videoFrames
  }

  /// The finished fraction in `0...1`, when the expected length is known and not zero.
  public var fraction: Double? {
    guard let expectedDuration, expectedDuration.isPositive else { return nil }
    return min(1, max(0, time.doubleValue / expectedDuration.doubleValue))
  }
}
