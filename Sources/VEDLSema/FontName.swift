/// What a `font "…"` names: a font file or a Fontconfig pattern. One rule for the checker
/// (which reports a missing file, E0515) and both renderers.
public enum FontName {
  /// Whether `font` names a file: it contains `/` or ends in `.ttf`, `.otf` or `.ttc`
  /// (case-insensitively); anything else is a Fontconfig pattern such as
  /// `DejaVu Sans:style=Bold`.
  public static func isFile(_ font: String) -> Bool {
    let lower = font.lowercased()
    return font.contains("/") || lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc")
  }
}
