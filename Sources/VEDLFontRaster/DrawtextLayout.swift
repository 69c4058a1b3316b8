/// Places the glyphs of one `drawtext` text the way FFmpeg 5.1's `draw_text` does, and paints
/// them into one coverage mask.
///
/// - Every character (line breaks and tabs included) contributes its glyph box to the text's
///   ascent `max_glyph_a` (highest box top) and descent (lowest box bottom); `lh` is their
///   difference.
/// - The pen starts at (0, 0); each glyph's bitmap goes to `(pen.x + bitmap_left,
///   pen.y + ascent − bitmap_top)`, so the first baseline is `ascent` below `y`; the pen then
///   moves by the glyph's whole-pixel advance (after the kerning, see `FontFace.kerning`).
/// - `\n`, `\r`, `\f`, `\v` start a new line `lh` lower (`\r\n` counts once); a tab moves the pen
///   to the next multiple of 4 spaces. Neither is drawn.
/// - `tw` is the widest line's pen advance; `th` is `lines × lh`.
/// - A border (`borderw=`) bitmap is placed at its glyph's position moved `borderw` up and left,
///   not by its own bitmap offsets, exactly as `drawtext` does.
///
/// The text stops at the first NUL, where `drawtext`'s C string ends.
struct DrawtextLayout {
  /// One glyph to draw: its character and where its bitmap's top-left pixel goes, relative to
  /// `drawtext`'s `x`/`y`.
  struct Placement {
    var code: UInt32
    var x: Int
    var y: Int
  }

  /// `tw`.
  var textWidth: Int
  /// `th`.
  var textHeight: Int
  /// `lh`.
  var lineHeight: Int
  /// `ascent` (`max_glyph_a`): the highest glyph box top, so the first baseline is this far
  /// below `y` (−32000 for an empty text, as `drawtext` leaves it).
  var ascent: Int
  /// `descent` (`max_glyph_d`): the lowest glyph box bottom (32000 for an empty text).
  var descent: Int
  /// The drawn glyphs, in text order.
  var placements: [Placement]

  /// Lays out `text` with `face`.
  init(_ text: String, face: FontFace) throws(FontError) {
    var codes: [UInt32] = []
    for scalar in text.unicodeScalars {
      if scalar.value == 0 { break }
      codes.append(scalar.value)
    }
    var ascent = -32000
    var descent = 32000
    for code in codes {
      let glyph = try face.glyph(code)
      descent = min(descent, glyph.boxBottom)
      ascent = max(ascent, glyph.boxTop)
    }
    let lineHeight = ascent - descent

    var x = 0
    var y = 0
    var widest = 0
    var previousCode: UInt32 = 0
    var previousGlyph: UInt32?
    var placements: [Placement] = []
    for code in codes {
      if previousCode == 0x0D && code == 0x0A { continue }
      previousCode = code
      if Self.isLineBreak(code) {
        widest = max(widest, x)
        y += lineHeight
        x = 0
        continue
      }
      let glyph = try face.glyph(code)
      if face.hasKerning, let previous = previousGlyph, code != 0 {
        x += face.kerning(after: previous, before: code)
      }
      previousGlyph = code
      if code == 0x09 {
        if face.tabSize > 0 { x = (x / face.tabSize + 1) * face.tabSize }
      } else {
        placements.append(Placement(code: code, x: x + glyph.bitmap.left, y: y - glyph.bitmap.top + ascent))
        x += glyph.advance
      }
    }
    textWidth = max(widest, x)
    textHeight = y + lineHeight
    self.lineHeight = lineHeight
    self.ascent = ascent
    self.descent = descent
    self.placements = placements
  }

  /// `drawtext`'s line breaks: LF, CR, FF and VT.
  static func isLineBreak(_ code: UInt32) -> Bool {
    code == 0x0A || code == 0x0D || code == 0x0C || code == 0x0B
  }

  /// The glyphs (or, with `borderWidth`, their borders) painted into one mask. Where two
  /// bitmaps overlap (tight kerning, thick borders), the coverage is what `drawtext`'s
  /// successive blends (`ff_blend_mask`, in text order) leave when white is drawn on black:
  /// `a + ⌊(a·0x10101 + b·0x10203·(255 − a)) / 2²⁴⌋` — about `a + b − a·b/255`, so other
  /// colours are within one step of `drawtext`.
  func mask(
    face: FontFace, borderWidth: Int? = nil, stroker: OpaquePointer? = nil
  ) throws(FontError) -> (mask: CoverageMask, x: Int, y: Int, glyphs: [PlacedCoverage]) {
    var pieces: [(bitmap: GlyphBitmap, x: Int, y: Int)] = []
    for placement in placements {
      let bitmap: GlyphBitmap
      var offset = 0
      if let borderWidth, let stroker {
        bitmap = try face.border(placement.code, width: borderWidth, stroker: stroker)
        offset = borderWidth
      } else {
        bitmap = try face.glyph(placement.code).bitmap
      }
      if !bitmap.isEmpty { pieces.append((bitmap, placement.x - offset, placement.y - offset)) }
    }
    guard let first = pieces.first else { return (CoverageMask(width: 0, height: 0), 0, 0, []) }
    var left = first.x
    var top = first.y
    var right = first.x + first.bitmap.width
    var bottom = first.y + first.bitmap.rows
    for piece in pieces.dropFirst() {
      left = min(left, piece.x)
      top = min(top, piece.y)
      right = max(right, piece.x + piece.bitmap.width)
      bottom = max(bottom, piece.y + piece.bitmap.rows)
    }
    let width = right - left
    var alpha = [UInt8](repeating: 0, count: width * (bottom - top))
    for piece in pieces {
      let bitmap = piece.bitmap
      for row in 0..<bitmap.rows {
        let target = (piece.y - top + row) * width + (piece.x - left)
        let source = row * bitmap.width
        for column in 0..<bitmap.width {
          let added = Int(bitmap.coverage[source + column])
          guard added != 0 else { continue }
          let present = Int(alpha[target + column])
          alpha[target + column] = UInt8(present + ((present * 0x10101 + added * 0x10203 * (255 - present)) >> 24))
        }
      }
    }
    let glyphs = pieces.map {
      PlacedCoverage(
        mask: CoverageMask(width: $0.bitmap.width, height: $0.bitmap.rows, alpha: $0.bitmap.coverage), x: $0.x,
        y: $0.y)
    }
    return (CoverageMask(width: width, height: bottom - top, alpha: alpha), left, top, glyphs)
  }
}
