/// The file formats `vedl still` writes, by extension: PNG (lossless), JPEG and WebP
/// (lossless), each encoded with libavcodec's own encoder.
public enum StillPictureFormat: String, Sendable, Hashable, CaseIterable {
  /// `.png`, libavcodec's `png` encoder, 8-bit RGB — what the FFmpeg backend writes for a
  /// `.png` export.
  case png
  /// `.jpg`/`.jpeg`, libavcodec's `mjpeg` encoder at `-q:v 2` with full-range 4:2:0, as VEDL's
  /// thumbnails.
  case jpeg
  /// `.webp`, FFmpeg's `libwebp` wrapper in lossless mode.
  case webp

  /// The format of a file name's extension (case-insensitive): `png`, `jpg`, `jpeg`, `webp`.
  public init?(pathExtension: String) {
    switch pathExtension.lowercased() {
    case "png": self = .png
    case "jpg", "jpeg": self = .jpeg
    case "webp": self = .webp
    default: return nil
    }
  }

  /// The libavcodec encoder that writes it.
  public var encoderName: String {
    switch self {
    case .png: "png"
    case .jpeg: "mjpeg"
    case .webp: "libwebp"
    }
  }
}
