/// One character's glyph at one size, with what `drawtext` keeps of it: the bitmap, the
/// advance in whole pixels (`advance.x >> 6`, FreeType's hinted advance floored) and the
/// bitmap's box in pixels (`FT_Glyph_Get_CBox(…, FT_GLYPH_BBOX_PIXELS)` of the bitmap glyph),
/// whose vertical extremes over a text give `drawtext`'s ascent, descent and line height.
struct GlyphImage {
  /// The rendered glyph.
  var bitmap: GlyphBitmap
  /// The pen advance in pixels.
  var advance: Int
  /// The bitmap's bottom (`top − rows`), in pixels above the baseline.
  var boxBottom: Int
  /// The bitmap's top, in pixels above the baseline.
  var boxTop: Int
}
