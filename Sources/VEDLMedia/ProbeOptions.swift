/// When `MediaProbe` reads every packet of the video streams to count their frames.
public enum FrameCounting: Sendable, Hashable {
  /// Never read packets: trust the container's count, leave it `nil` when there is none.
  /// The cheapest choice, for callers that only need rate, size and duration.
  case never
  /// Count only streams whose container does not state a count (Matroska, WebM, images).
  case whenUnknown
  /// Count every video stream, even when the container states a count. Exact, reports the
  /// first and last frame times, and finds files cut short whose header promises more.
  case always
}

/// How thoroughly `MediaProbe.probe` examines a file.
public struct ProbeOptions: Sendable, Hashable {
  /// When to count frames by reading packets.
  public var frameCounting: FrameCounting

  /// Options with `frameCounting` as given (by default, count only when unknown).
  public init(frameCounting: FrameCounting = .whenUnknown) {
    self.frameCounting = frameCounting
  }

  /// Count frames of every video stream by reading its packets.
  public static let countFrames = ProbeOptions(frameCounting: .always)
}
