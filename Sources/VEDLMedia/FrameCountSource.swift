/// Where a video stream's frame count came from.
public enum FrameCountSource: String, Sendable, Hashable {
  /// The container's own count (`AVStream.nb_frames`, the sample table of an MP4); cheap,
  /// but a damaged file may hold fewer frames than it claims.
  case container
  /// Counted by reading every packet of the stream: exact for the file as it is on disk.
  case packets
}
