import CFFmpeg

/// What a stream carries.
public enum StreamKind: String, Sendable, Hashable, CaseIterable {
  /// Moving pictures, or a still image (FFmpeg reads a picture as a one-frame video).
  case video
  /// Sound.
  case audio
  /// Timed text or bitmap subtitles.
  case subtitle
  /// Data, attachments (fonts in Matroska) and anything FFmpeg cannot classify.
  case other

  /// The kind of a stream whose codec parameters say `type`.
  init(_ type: AVMediaType) {
    switch type {
    case AVMEDIA_TYPE_VIDEO: self = .video
    case AVMEDIA_TYPE_AUDIO: self = .audio
    case AVMEDIA_TYPE_SUBTITLE: self = .subtitle
    default: self = .other
    }
  }
}
