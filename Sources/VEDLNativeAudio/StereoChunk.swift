/// A run of stereo samples of the mixed timeline sound, in planar 32-bit float (the layout
/// AAC encoders take), at the mixer's sample rate; `left.count == right.count`.
public struct StereoChunk: Sendable, Equatable {
  /// The left channel.
  public var left: [Float]
  /// The right channel.
  public var right: [Float]

  /// A chunk of the given channels, which must have the same length.
  public init(left: [Float], right: [Float]) {
    precondition(left.count == right.count, "StereoChunk channels differ in length")
    self.left = left
    self.right = right
  }

  /// `count` samples of silence.
  public init(silence count: Int) {
    self.init(left: [Float](repeating: 0, count: count), right: [Float](repeating: 0, count: count))
  }

  /// The number of samples per channel.
  public var count: Int { left.count }
}
