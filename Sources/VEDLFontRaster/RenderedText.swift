/// One `drawtext` invocation's text, rasterised: its coverage mask, where the mask goes
/// relative to the `x`/`y` that `drawtext` is given, and the sizes `drawtext` exposes to its
/// `x`/`y` expressions (`tw`, `th`, `lh`), so that the native renderer evaluates the same
/// placement expressions as the FFmpeg backend.
public struct RenderedText: Sendable, Equatable {
  /// `drawtext`'s `tw` (`text_w`): the widest line's advance width in pixels.
  public var textWidth: Int
  /// `drawtext`'s `th` (`text_h`): `(lines − 1) × lh + lh`, i.e. `lines × lh` (and −64000 for
  /// an empty text, as `drawtext` reports it).
  public var textHeight: Int
  /// `drawtext`'s `lh` (`line_h`): the highest glyph top minus the lowest glyph bottom over
  /// every character of the text (so it depends on the text, not only on the font).
  public var lineHeight: Int
  /// `drawtext`'s `ascent`: the highest glyph top over the text, so its first baseline is
  /// this far below `y`.
  public var ascent: Int
  /// The glyph coverage, 0…255 (white-on-black `drawtext` output has these values).
  public var mask: CoverageMask
  /// The mask's left column relative to `drawtext`'s `x`.
  public var maskX: Int
  /// The mask's top row relative to `drawtext`'s `y`.
  public var maskY: Int
  /// Each glyph's own coverage and its top-left corner relative to `drawtext`'s `x`/`y`, in
  /// drawing order. `drawtext` blends glyph after glyph, so where two glyphs (or two glyphs'
  /// borders) overlap, a translucent colour is laid on twice; `mask` merges them as an
  /// opaque colour sees them.
  public var glyphs: [PlacedCoverage]

  /// A rendered text with the given metrics and mask placement.
  public init(
    textWidth: Int, textHeight: Int, lineHeight: Int, ascent: Int, mask: CoverageMask, maskX: Int, maskY: Int,
    glyphs: [PlacedCoverage] = []
  ) {
    self.textWidth = textWidth
    self.textHeight = textHeight
    self.lineHeight = lineHeight
    self.ascent = ascent
    self.mask = mask
    self.maskX = maskX
    self.maskY = maskY
    self.glyphs = glyphs
  }
}

/// A coverage mask and where its top-left corner goes.
public struct PlacedCoverage: Sendable, Equatable {
  public var mask: CoverageMask
  public var x: Int
  public var y: Int

  public init(mask: CoverageMask, x: Int, y: Int) {
    self.mask = mask
    self.x = x
    self.y = y
  }
}
