import CFreeType
import Foundation

/// Draws text the way FFmpeg 5.1's `drawtext` filter does — same font choice, size, glyphs,
/// placement and metrics — so that the native renderer's text matches the FFmpeg backend's
/// pixel for pixel.
///
/// One `FT_Library`, one Fontconfig configuration, and caches of opened faces (per file and
/// size) and rendered glyphs. FreeType objects of one library must not be used from two
/// threads at once, so every method takes an internal lock: a `FontLibrary` can be shared by
/// threads, which then take turns.
public final class FontLibrary: @unchecked Sendable {
  /// `drawtext`'s `font=` default.
  static let defaultFamily = "Sans"
  /// FreeType's largest pixel size (`FT_USHORT_MAX`).
  static let largestSize = 0xFFFF
  /// How many sized faces are kept open before the cache is emptied.
  static let faceCacheLimit = 32

  private let lock = NSLock()
  private let library: FT_Library
  private let matcher: FontconfigMatcher
  /// Reused for every border: re-set to the requested width before each use.
  private let stroker: OpaquePointer
  private var locations: [FontRequest: FontLocation] = [:]
  private var faces: [FaceKey: FontFace] = [:]
  private var resolved: [FontRequest: ResolvedFont] = [:]

  /// A request resolved to the file that draws it, with the fonts to fall back to for the
  /// characters that file lacks.
  private struct ResolvedFont {
    var request: FontRequest
    var fallbacks: [FontFallback]
  }

  /// A face at one pixel size.
  private struct FaceKey: Hashable {
    var location: FontLocation
    var size: Int
  }

  /// A library that finds fonts with the system's Fontconfig configuration.
  public convenience init() throws(FontError) {
    try self.init(matcher: FontconfigMatcher())
  }

  /// A library whose Fontconfig knows only the configuration file `fontconfigFile` (tests use
  /// one that lists no fonts).
  convenience init(fontconfigFile: String) throws(FontError) {
    try self.init(matcher: FontconfigMatcher(configFile: fontconfigFile))
  }

  private init(matcher: FontconfigMatcher) throws(FontError) {
    var library: FT_Library?
    let initialised = FT_Init_FreeType(&library)
    guard initialised == 0, let library else {
      throw FontError(message: "cannot initialise FreeType: \(FreeTypeMessage.text(initialised))")
    }
    var stroker: OpaquePointer?
    let created = FT_Stroker_New(library, &stroker)
    guard created == 0, let stroker else {
      FT_Done_FreeType(library)
      throw FontError(message: "cannot create a FreeType stroker: \(FreeTypeMessage.text(created))")
    }
    self.library = library
    self.matcher = matcher
    self.stroker = stroker
  }

  deinit {
    faces.removeAll()
    FT_Stroker_Done(stroker)
    FT_Done_FreeType(library)
  }

  /// The font file `drawtext` draws with for `request`: `request.file` when FreeType can open
  /// it, otherwise Fontconfig's match for the family (default "Sans") — `drawtext` falls back
  /// to Fontconfig even when a `fontfile=` is missing or is not a font.
  public func fontFile(for request: FontRequest) throws(FontError) -> String {
    try locked { () throws(FontError) in try location(for: request).path }
  }

  /// `line` — the text of ONE `drawtext` (line breaks inside it are laid out as `drawtext`
  /// does) — drawn with `font` at `size` pixels (`fontsize=`).
  public func render(_ line: String, font: FontRequest, size: Int) throws(FontError) -> RenderedText {
    try locked { () throws(FontError) in
      let face = try face(for: font, size: size)
      let layout = try DrawtextLayout(line, face: face)
      let drawn = try layout.mask(face: face)
      return RenderedText(
        textWidth: layout.textWidth, textHeight: layout.textHeight, lineHeight: layout.lineHeight,
        ascent: layout.ascent,
        mask: drawn.mask,
        maskX: drawn.x, maskY: drawn.y, glyphs: drawn.glyphs)
    }
  }

  /// The border `drawtext` draws for `borderw=width` (in its `bordercolor`, under the text):
  /// each glyph's outline stroked `width` pixels out with round caps and joins. The mask
  /// covers the glyphs' insides too; paint it first, then the `render` mask on top. The
  /// metrics are the text's own (a border does not change `tw`, `th`, `lh`). A width of 0 has
  /// no border.
  public func outline(_ line: String, font: FontRequest, size: Int, width: Int) throws(FontError) -> RenderedText {
    guard width >= 0 else { throw FontError(message: "outline width \(width) is negative") }
    return try locked { () throws(FontError) in
      let face = try face(for: font, size: size)
      let layout = try DrawtextLayout(line, face: face)
      var drawn = (mask: CoverageMask(width: 0, height: 0), x: 0, y: 0, glyphs: [PlacedCoverage]())
      if width > 0 {
        FT_Stroker_Set(stroker, FT_Fixed(width) << 6, FT_STROKER_LINECAP_ROUND, FT_STROKER_LINEJOIN_ROUND, 0)
        drawn = try layout.mask(face: face, borderWidth: width, stroker: stroker)
      }
      return RenderedText(
        textWidth: layout.textWidth, textHeight: layout.textHeight, lineHeight: layout.lineHeight,
        ascent: layout.ascent,
        mask: drawn.mask,
        maskX: drawn.x, maskY: drawn.y, glyphs: drawn.glyphs)
    }
  }

  /// Lays out the lines of one text the way the backends draw it (docs/native.md, "Text"):
  /// each line is split into runs by font — a character the requested font lacks is drawn
  /// from the first Fontconfig fallback that has it (`FcFontSort`; outline fonts only), each
  /// run being one `drawtext` — and measured (`tw` per run, offsets along the line). The
  /// ascent and line height are those `drawtext` computes for the whole text (the lines
  /// joined with `\n`, whose glyphs count too), so that stacked lines are spaced evenly.
  ///
  /// A family request is resolved with the whole Fontconfig pattern (`DejaVu Sans:style=Bold`
  /// is the bold face) to a file; a file request is the file `drawtext` would open.
  public func measure(_ lines: [String], font: FontRequest, size: Int) throws(FontError) -> TextMeasurement {
    try locked { () throws(FontError) in
      let primary = try resolve(font)
      let face = try face(for: primary.request, size: size)
      var ascent = -32000
      var descent = 32000
      var measured: [TextMeasurement.Line] = []
      for line in lines {
        var pieces: [(text: String, font: FontRequest)] = []
        for scalar in line.unicodeScalars {
          if scalar.value == 0 { break }
          var chosen = primary.request
          if scalar.value >= 0x20, !face.hasGlyph(scalar.value),
            let fallback = primary.fallbacks.first(where: { $0.covers(scalar.value) })
          {
            chosen = FontRequest(family: nil, file: fallback.location.path)
          }
          if let last = pieces.last, last.font == chosen {
            pieces[pieces.count - 1].text.unicodeScalars.append(scalar)
          } else {
            pieces.append((String(scalar), chosen))
          }
        }
        var runs: [TextMeasurement.Run] = []
        var offset = 0
        for piece in pieces {
          let layout = try DrawtextLayout(piece.text, face: try self.face(for: piece.font, size: size))
          ascent = max(ascent, layout.ascent)
          descent = min(descent, layout.descent)
          runs.append(TextMeasurement.Run(text: piece.text, font: piece.font, offset: offset, width: layout.textWidth))
          offset += layout.textWidth
        }
        measured.append(TextMeasurement.Line(runs: runs, width: offset))
      }
      if lines.count > 1 {
        // The `\n` between lines is a character of the whole text: its glyph box counts.
        let newline = try face.glyph(0x0A)
        ascent = max(ascent, newline.boxTop)
        descent = min(descent, newline.boxBottom)
      }
      return TextMeasurement(lines: measured, ascent: ascent, lineHeight: ascent - descent)
    }
  }

  /// The file that draws `request`, and its fallbacks.
  private func resolve(_ request: FontRequest) throws(FontError) -> ResolvedFont {
    if let known = resolved[request] { return known }
    let found: ResolvedFont
    if let family = request.family, request.file == nil {
      let match = try matcher.match(pattern: family)
      // `drawtext` opens only a file's first face: a face deeper in a collection stays a family.
      let primary = match.best.index == 0 ? FontRequest(family: nil, file: match.best.path) : request
      found = ResolvedFont(request: primary, fallbacks: match.fallbacks)
    } else {
      let file = try location(for: request)
      let primary = file.index == 0 ? FontRequest(family: nil, file: file.path) : request
      found = ResolvedFont(request: primary, fallbacks: try matcher.match(pattern: "sans-serif").fallbacks)
    }
    resolved[request] = found
    return found
  }

  /// Runs `body` holding the lock.
  private func locked<T>(_ body: () throws(FontError) -> T) throws(FontError) -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  /// `drawtext`'s `load_font`: the file at index 0 if FreeType opens it, else Fontconfig.
  private func location(for request: FontRequest) throws(FontError) -> FontLocation {
    if let known = locations[request] { return known }
    let found: FontLocation
    if let file = request.file, FontFace.canOpen(FontLocation(path: file, index: 0), library: library) {
      found = FontLocation(path: file, index: 0)
    } else {
      found = try matcher.match(family: request.family ?? Self.defaultFamily, file: request.file)
    }
    locations[request] = found
    return found
  }

  /// The face for `request` at `size` pixels, opened once and kept.
  private func face(for request: FontRequest, size: Int) throws(FontError) -> FontFace {
    guard size > 0 else { throw FontError(message: "font size \(size) is not positive") }
    guard size <= Self.largestSize else {
      throw FontError(message: "font size \(size) is larger than FreeType's limit of \(Self.largestSize) pixels")
    }
    let key = FaceKey(location: try location(for: request), size: size)
    if let open = faces[key] { return open }
    if faces.count >= Self.faceCacheLimit { faces.removeAll() }
    let face = try FontFace(library: library, location: key.location, size: size)
    faces[key] = face
    return face
  }
}
