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

  /// The face Fontconfig picks for a whole Fontconfig pattern such as
  /// `DejaVu Sans:style=Bold` (`FcNameParse`, so its properties count — `drawtext`'s `font=`
  /// would take the whole text as a family name), followed by the fonts Fontconfig would fall
  /// back to for it (`FcFontSort`, trimmed), each with the characters it covers. Only outline
  /// fonts are listed as fallbacks: `drawtext` cannot size a bitmap-only font (such as the
  /// colour bitmaps of Noto Color Emoji), and it can only open a file's first face.
  func match(pattern: String) throws(FontError) -> (best: FontLocation, fallbacks: [FontFallback]) {
    guard let parsed = Self.withFcString(pattern, { FcNameParse($0) }) else {
      throw FontError(message: "fontconfig cannot parse the font name `\(pattern)`")
    }
    defer { FcPatternDestroy(parsed) }
    guard FcConfigSubstitute(config, parsed, FcMatchPattern) == FcTrue else {
      throw FontError(message: "fontconfig cannot substitute the pattern `\(pattern)`")
    }
    FcDefaultSubstitute(parsed)
    var result = FcResultMatch
    guard let best = FcFontMatch(config, parsed, &result), result == FcResultMatch else {
      throw FontError(message: "no font found for `\(pattern)`")
    }
    defer { FcPatternDestroy(best) }
    guard let location = Self.location(of: best) else {
      throw FontError(message: "fontconfig gives no font file for `\(pattern)`")
    }
    var fallbacks: [FontFallback] = []
    result = FcResultMatch
    if let sorted = FcFontSort(config, parsed, FcTrue, nil, &result) {
      defer { FcFontSetDestroy(sorted) }
      for i in 0..<Int(sorted.pointee.nfont) {
        guard let font = sorted.pointee.fonts[i], let found = Self.location(of: font), found.index == 0 else {
          continue
        }
        var outline: FcBool = FcFalse
        var charset: OpaquePointer? = nil
        guard FcPatternGetBool(font, FC_OUTLINE, 0, &outline) == FcResultMatch, outline == FcTrue,
          FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
          let copy = FcCharSetCopy(charset)
        else { continue }
        fallbacks.append(FontFallback(location: found, charset: copy))
      }
    }
    return (location, fallbacks)
  }

  /// The file and face index of a matched pattern.
  private static func location(of pattern: OpaquePointer) -> FontLocation? {
    var index: Int32 = 0
    var file: UnsafeMutablePointer<FcChar8>? = nil
    guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
    if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
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

/// A font Fontconfig would fall back to, with the characters it has (`FcCharSet`, owned).
final class FontFallback {
  /// The font's file (its first face).
  let location: FontLocation
  private let charset: OpaquePointer

  init(location: FontLocation, charset: OpaquePointer) {
    self.location = location
    self.charset = charset
  }

  deinit {
    FcCharSetDestroy(charset)
  }

  /// Whether the font has a glyph for character `code`.
  func covers(_ code: UInt32) -> Bool {
    FcCharSetHasChar(charset, FcChar32(code)) == FcTrue
  }
}
