import CFreeType

/// Chooses a font file with Fontconfig the way FFmpeg 5.1's `drawtext` does when its
/// `fontfile=` cannot be opened (or is absent): the pattern is `FcNameParse(fontfile ??
/// "default")` with the `font=` family appended, then `FcDefaultSubstitute`,
/// `FcConfigSubstitute(…, FcMatchPattern)` (in that order) and `FcFontMatch`. No size is put in
/// the pattern: `drawtext` looks the font up before it evaluates `fontsize`.
///
/// Not thread-safe: `FontLibrary` calls it under its lock.
final class FontconfigMatcher {
  /// The Fontconfig configuration (`FcConfig *`), owned.
  private let config: OpaquePointer

  /// The system configuration with its fonts (`FcInitLoadConfigAndFonts`, as `drawtext`), or,
  /// when `configFile` is given, only that configuration file (tests use an empty one).
  init(configFile: String? = nil) throws(FontError) {
    if let configFile {
      guard let config = FcConfigCreate() else { throw FontError(message: "cannot create a fontconfig configuration") }
      guard FcConfigParseAndLoad(config, configFile, FcTrue) == FcTrue, FcConfigBuildFonts(config) == FcTrue else {
        FcConfigDestroy(config)
        throw FontError(message: "cannot load the fontconfig configuration `\(configFile)`")
      }
      self.config = config
    } else {
      guard let config = FcInitLoadConfigAndFonts() else {
        throw FontError(message: "cannot initialise fontconfig")
      }
      self.config = config
    }
  }

  deinit {
    FcConfigDestroy(config)
  }

  /// The face Fontconfig picks for `drawtext`'s `font=` `family` and `fontfile=` `file`.
  func match(family: String, file: String?) throws(FontError) -> FontLocation {
    let described = file.map { "`\($0)` or family `\(family)`" } ?? "family `\(family)`"
    let parsed = Self.withFcString(file ?? "default") { FcNameParse($0) }
    guard let pattern = parsed else {
      throw FontError(message: "fontconfig cannot parse the font name \(described)")
    }
    defer { FcPatternDestroy(pattern) }
    _ = Self.withFcString(family) { FcPatternAddString(pattern, FC_FAMILY, $0) }
    FcDefaultSubstitute(pattern)
    guard FcConfigSubstitute(config, pattern, FcMatchPattern) == FcTrue else {
      throw FontError(message: "fontconfig cannot substitute the pattern for \(described)")
    }
    var result = FcResultMatch
    guard let best = FcFontMatch(config, pattern, &result), result == FcResultMatch else {
      throw FontError(message: "no font found for \(described)")
    }
    defer { FcPatternDestroy(best) }
    var index: Int32 = 0
    var file: UnsafeMutablePointer<FcChar8>? = nil
    guard FcPatternGetInteger(best, FC_INDEX, 0, &index) == FcResultMatch,
      FcPatternGetString(best, FC_FILE, 0, &file) == FcResultMatch, let file
    else {
      throw FontError(message: "fontconfig gives no font file for \(described)")
    }
    let path = file.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
    return FontLocation(path: path, index: Int(index))
  }

  /// Calls `body` with `string` as a NUL-terminated `FcChar8` (unsigned) C string.
  private static func withFcString<T>(_ string: String, _ body: (UnsafePointer<FcChar8>) -> T) -> T {
    string.withCString { chars in
      chars.withMemoryRebound(to: FcChar8.self, capacity: string.utf8.count + 1) { body($0) }
    }
  }
}
