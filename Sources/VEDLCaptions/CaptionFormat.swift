/// The two caption file formats VEDL reads (`captions { import "…" }`) and writes (sidecar
/// export): SubRip (`.srt`) and WebVTT (`.vtt`).
public enum CaptionFormat: String, Sendable, Hashable, CaseIterable {
  /// SubRip: numbered cues, `HH:MM:SS,mmm` timestamps, no header.
  case srt
  /// WebVTT: a `WEBVTT` header, `[HH:]MM:SS.mmm` timestamps, cue settings, NOTE/STYLE/REGION blocks.
  case vtt

  /// The format named by the extension of `path` (case-insensitive), or `nil` when the
  /// extension is neither `.srt` nor `.vtt`.
  public init?(pathExtensionOf path: String) {
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    switch name[name.index(after: dot)...].lowercased() {
    case "srt": self = .srt
    case "vtt": self = .vtt
    default: return nil
    }
  }

  /// The name used in diagnostics and docs ("SRT", "WebVTT").
  public var displayName: String {
    switch self {
    case .srt: "SRT"
    case .vtt: "WebVTT"
    }
  }

  /// The separator the format's specification puts before the milliseconds.
  var fractionSeparator: UInt8 {
    switch self {
    case .srt: UInt8(ascii: ",")
    case .vtt: UInt8(ascii: ".")
    }
  }
}

/// Which format ``CaptionParser`` reads a file as: a fixed one, or the one its extension names.
public enum CaptionFormatSelection: Sendable, Hashable {
  /// Read as SubRip whatever the file is called.
  case srt
  /// Read as WebVTT whatever the file is called.
  case vtt
  /// `.srt` → SubRip, `.vtt` → WebVTT (case-insensitive). Any other extension is read as
  /// WebVTT when the text starts with `WEBVTT` and as SubRip otherwise, with warning `W0606`.
  case fromExtension
}
