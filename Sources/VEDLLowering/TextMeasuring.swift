import Foundation

/// Measures text the way `drawtext` draws it, so that the lowering can wrap a text in a
/// `size width:` box at word boundaries.
///
/// The lowering itself has no font rasteriser (it only writes filter options); whoever
/// builds the `LoweringOptions` for a render passes one in (the native renderer's font
/// library does it). Without one the lowering does not wrap.
public protocol TextMeasuring: Sendable {
  /// `drawtext`'s `tw` for one line (no `\n`) drawn in `font` at `size` pixels; `nil` when
  /// the font cannot be loaded (the text is then not wrapped).
  func width(of line: String, font: TextFont, size: Int64) -> Int64?
}

/// The font of `font "…"` as the lowering passes it to `drawtext`: a Fontconfig family
/// (`font=`) or a font file (`fontfile=`).
public enum TextFont: Sendable, Hashable {
  /// `font=`: a Fontconfig pattern such as `DejaVu Sans`.
  case family(String)
  /// `fontfile=`: a path, already resolved against the script's folder.
  case file(String)

  /// The font `drawtext` is given for `font "…"`: a file when it contains `/` or ends in
  /// `.ttf`, `.otf`, `.ttc` (relative paths resolve against `baseDirectory`), otherwise a
  /// family; `sans-serif` when absent.
  public static func resolve(_ font: String?, baseDirectory: String?) -> TextFont {
    guard let font, !font.isEmpty else { return .family("sans-serif") }
    let lower = font.lowercased()
    guard font.contains("/") || lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc") else {
      return .family(font)
    }
    guard !font.hasPrefix("/"), let baseDirectory else { return .file(font) }
    return .file((baseDirectory as NSString).appendingPathComponent(font))
  }
}
