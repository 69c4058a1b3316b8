/// What asking a decoder, an encoder or a filter sink for its next output found, when it
/// did not fail.
public enum FrameReception: Sendable, Hashable {
  /// An output was received.
  case received
  /// More input is needed first (`AVERROR(EAGAIN)`).
  case needsInput
  /// Everything has been given out (`AVERROR_EOF`).
  case endOfStream
}
