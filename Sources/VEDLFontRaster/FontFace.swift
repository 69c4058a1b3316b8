import CFreeType

/// A FreeType face opened at one pixel size (`FT_Set_Pixel_Sizes(face, 0, size)`, as
/// `drawtext`), with its glyphs and glyph borders cached by character.
///
/// Not thread-safe: `FontLibrary` uses it under its lock (FreeType objects that share an
/// `FT_Library` must not be used concurrently).
final class FontFace {
  /// The face (owned).
  private let face: FT_Face
  /// Where the face was loaded from (for error messages).
  let location: FontLocation
  /// The pixel size the face is set to.
  let size: Int
  /// Whether the face has a `kern` table (`FT_HAS_KERNING`), which `drawtext` then applies.
  let hasKerning: Bool
  /// `drawtext`'s tab stop distance in pixels: 4 × the advance of a space.
  private(set) var tabSize: Int = 0
  private var glyphs: [UInt32: GlyphImage] = [:]
  private var borders: [BorderKey: GlyphBitmap] = [:]

  /// A border of one character's glyph at one stroke width.
  private struct BorderKey: Hashable {
    var code: UInt32
    var width: Int
  }

  /// Opens `location` with `library` and sets the face to `size` pixels.
  init(library: FT_Library, location: FontLocation, size: Int) throws(FontError) {
    var face: FT_Face?
    let opened = FT_New_Face(library, location.path, FT_Long(location.index), &face)
    guard opened == 0, let face else {
      throw FontError(message: "cannot open the font file `\(location.path)`: \(FreeTypeMessage.text(opened))")
    }
    self.face = face
    self.location = location
    self.size = size
    hasKerning = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0
    let sized = FT_Set_Pixel_Sizes(face, 0, FT_UInt(size))
    // `self` is fully initialised here, so a throw runs `deinit`, which closes the face.
    guard sized == 0 else {
      throw FontError(
        message: "cannot set the font `\(location.path)` to \(size) pixels: \(FreeTypeMessage.text(sized))")
    }
    tabSize = 4 * (try glyph(0x20).advance)
  }

  deinit {
    FT_Done_Face(face)
  }

  /// Whether FreeType can open `location` as a font (what `drawtext` tries before Fontconfig).
  static func canOpen(_ location: FontLocation, library: FT_Library) -> Bool {
    var face: FT_Face?
    guard FT_New_Face(library, location.path, FT_Long(location.index), &face) == 0, let face else { return false }
    FT_Done_Face(face)
    return true
  }

  /// The glyph of character `code`, loaded with `FT_LOAD_DEFAULT` and rendered with
  /// `FT_RENDER_MODE_NORMAL` (a character the font lacks gets its `.notdef` glyph).
  func glyph(_ code: UInt32) throws(FontError) -> GlyphImage {
    if let cached = glyphs[code] { return cached }
    var glyph: FT_Glyph? = try loadOutline(code)
    defer { FT_Done_Glyph(glyph) }
    let advance = Int(face.pointee.glyph.pointee.advance.x) >> 6
    let rendered = FT_Glyph_To_Bitmap(&glyph, FT_RENDER_MODE_NORMAL, nil, 1)
    guard rendered == 0, let bitmapGlyph = glyph else { throw renderFailure(code, rendered) }
    var box = FT_BBox()
    FT_Glyph_Get_CBox(bitmapGlyph, FT_UInt(FT_GLYPH_BBOX_PIXELS.rawValue), &box)
    let image = GlyphImage(
      bitmap: try GlyphBitmap(Self.bitmapRecord(bitmapGlyph)), advance: advance, boxBottom: Int(box.yMin),
      boxTop: Int(box.yMax))
    glyphs[code] = image
    return image
  }

  /// The border `drawtext` draws around character `code` for `borderw=width`: the glyph's
  /// outside border stroked by `stroker` (set by the caller to `width` pixels, round caps and
  /// joins) and rendered like the glyph.
  func border(_ code: UInt32, width: Int, stroker: OpaquePointer) throws(FontError) -> GlyphBitmap {
    let key = BorderKey(code: code, width: width)
    if let cached = borders[key] { return cached }
    var glyph: FT_Glyph? = try loadOutline(code)
    defer { FT_Done_Glyph(glyph) }
    let stroked = FT_Glyph_StrokeBorder(&glyph, stroker, 0, 1)
    guard stroked == 0 else { throw renderFailure(code, stroked) }
    let rendered = FT_Glyph_To_Bitmap(&glyph, FT_RENDER_MODE_NORMAL, nil, 1)
    guard rendered == 0, let bitmapGlyph = glyph else { throw renderFailure(code, rendered) }
    let bitmap = try GlyphBitmap(Self.bitmapRecord(bitmapGlyph))
    borders[key] = bitmap
    return bitmap
  }

  /// Whether the face maps character `code` to a glyph of its own (not `.notdef`).
  func hasGlyph(_ code: UInt32) -> Bool {
    FT_Get_Char_Index(face, FT_ULong(code)) != 0
  }

  /// `drawtext`'s kerning between two characters, in whole pixels. FFmpeg 5.1 passes the
  /// *character codes* to `FT_Get_Kerning`, which expects glyph indices; this reproduces that
  /// so that both backends place glyphs identically.
  func kerning(after previous: UInt32, before code: UInt32) -> Int {
    var delta = FT_Vector()
    guard FT_Get_Kerning(face, FT_UInt(previous), FT_UInt(code), FT_UInt(FT_KERNING_DEFAULT.rawValue), &delta) == 0
    else { return 0 }
    return Int(delta.x) >> 6
  }

  /// Loads character `code` into the face's slot and copies it out as an outline glyph (the
  /// caller frees it).
  private func loadOutline(_ code: UInt32) throws(FontError) -> FT_Glyph {
    let loaded = FT_Load_Char(face, FT_ULong(code), Int32(FT_LOAD_DEFAULT))
    guard loaded == 0 else { throw renderFailure(code, loaded) }
    var glyph: FT_Glyph?
    let copied = FT_Get_Glyph(face.pointee.glyph, &glyph)
    guard copied == 0, let glyph else { throw renderFailure(code, copied) }
    return glyph
  }

  /// The glyph as the bitmap glyph `FT_Glyph_To_Bitmap` turned it into.
  private static func bitmapRecord(_ glyph: FT_Glyph) -> FT_BitmapGlyph {
    UnsafeMutableRawPointer(glyph).assumingMemoryBound(to: FT_BitmapGlyphRec.self)
  }

  private func renderFailure(_ code: UInt32, _ error: FT_Error) -> FontError {
    let character = "U+" + String(code, radix: 16, uppercase: true)
    return FontError(
      message: "cannot render \(character) with `\(location.path)` at \(size) px: \(FreeTypeMessage.text(error))")
  }
}
