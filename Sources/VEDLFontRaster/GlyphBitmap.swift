import CFreeType

/// A rasterised glyph (or glyph border) as FreeType's `FT_Glyph_To_Bitmap` makes it: 8-bit
/// coverage, rows top to bottom, and the bitmap's offset from the pen position (`left`
/// rightwards, `top` upwards from the baseline).
struct GlyphBitmap {
  /// Columns.
  var width: Int
  /// Rows.
  var rows: Int
  /// `bitmap_left`: the first column's offset from the pen, in pixels.
  var left: Int
  /// `bitmap_top`: the first row's height above the baseline, in pixels.
  var top: Int
  /// `width * rows` coverage values, 0…255.
  var coverage: [UInt8]

  /// Whether the bitmap covers no pixel at all (a space).
  var isEmpty: Bool { width == 0 || rows == 0 }

  /// Copies the bitmap of a bitmap glyph (`FT_BitmapGlyph`). A 1-bit (`MONO`) bitmap becomes
  /// 0/255, as `drawtext` blends it; other pixel modes (colour) are refused, as `drawtext`
  /// refuses them.
  init(_ glyph: FT_BitmapGlyph) throws(FontError) {
    let bitmap = glyph.pointee.bitmap
    width = Int(bitmap.width)
    rows = Int(bitmap.rows)
    left = Int(glyph.pointee.left)
    top = Int(glyph.pointee.top)
    coverage = [UInt8](repeating: 0, count: width * rows)
    guard width > 0, rows > 0, let buffer = bitmap.buffer else { return }
    let pitch = Int(bitmap.pitch)
    // A negative pitch means the rows are stored bottom-up; `buffer` is still the first row.
    switch Int32(bitmap.pixel_mode) {
    case Int32(FT_PIXEL_MODE_GRAY.rawValue):
      for row in 0..<rows {
        let source = buffer + row * pitch
        for column in 0..<width { coverage[row * width + column] = source[column] }
      }
    case Int32(FT_PIXEL_MODE_MONO.rawValue):
      for row in 0..<rows {
        let source = buffer + row * pitch
        for column in 0..<width where source[column >> 3] & (0x80 >> UInt8(column & 7)) != 0 {
          coverage[row * width + column] = 255
        }
      }
    default:
      throw FontError(message: "unsupported glyph bitmap format (pixel mode \(bitmap.pixel_mode))")
    }
  }
}
