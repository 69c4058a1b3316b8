/// Where `MediaInfo.duration` came from.
public enum DurationSource: String, Sendable, Hashable {
  /// The longest stream: `AVStream.duration × time_base`, exact in the stream's time base.
  case streams
  /// The container's figure, `AVFormatContext.duration / AV_TIME_BASE` (microseconds).
  case container
}
