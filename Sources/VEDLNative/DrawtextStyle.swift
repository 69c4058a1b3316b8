import Foundation
import VEDLFontRaster
import VEDLLowering
import VEDLRaster

/// The parts of `drawtext` the native renderer reproduces around the glyphs the font
/// library rasterises: how `alpha=` scales every colour, and
/// the order of one `drawtext`'s layers (box, outline, text) with the box's extent.
enum DrawtextStyle {
  /// `drawtext`'s alpha byte for an `alpha=` value: 255 at 1 or more, 0 at 0 or less,
  /// otherwise `256·alpha` truncated.
  static func alphaByte(_ alpha: Double) -> Int {
    if alpha.isNaN { return 255 }
    if alpha >= 1 { return 255 }
    if alpha <= 0 { return 0 }
    return Int(256 * alpha)
  }

  /// A straight `0xRRGGBBAA` colour with its alpha scaled by an alpha byte (`a·alpha/255`,
  /// truncated), premultiplied for compositing.
  static func color(_ rgba: UInt32, alphaByte: Int) -> PremultipliedColor {
    let alpha = UInt32(rgba & 0xFF) * UInt32(alphaByte) / 255
    return PremultipliedColor(straightRGBA: (rgba & 0xFFFF_FF00) | alpha)
  }

  /// `drawtext`'s integer position from an evaluated `x`/`y` (C's truncation towards zero).
  static func position(_ value: Double) -> Int {
    guard value.isFinite else { return 0 }
    return Int(max(min(value, Double(Int32.max)), Double(Int32.min)))
  }

  /// One `drawtext` on `picture` at (`x`, `y`): the box (`boxborderw` = `padding` around the
  /// text's `tw × th` — FFmpeg 5.1 does not limit it to the frame, so a text wider than the
  /// picture has a box across all of it), then the outline ring, then the glyphs.
  static func draw(
    _ text: RenderedText, outline: RenderedText?, at x: Int, _ y: Int, on picture: inout RGBAImage,
    fontColor: PremultipliedColor, box: (color: PremultipliedColor, padding: Int)?,
    outlineColor: PremultipliedColor?
  ) {
    if let box {
      picture.fillRect(
        x: x - box.padding, y: y - box.padding, width: text.textWidth + 2 * box.padding,
        height: text.textHeight + 2 * box.padding, color: box.color)
    }
    if let outline, let outlineColor {
      paint(outline, at: x, y, color: outlineColor, on: &picture)
    }
    paint(text, at: x, y, color: fontColor, on: &picture)
  }

  /// Paints a rendered text's glyph mask in `color`: an opaque colour through the merged
  /// mask, a translucent one glyph by glyph, as `drawtext` blends it (overlapping glyphs and
  /// borders then show it twice).
  static func paint(_ text: RenderedText, at x: Int, _ y: Int, color: PremultipliedColor, on picture: inout RGBAImage) {
    guard text.mask.width > 0, text.mask.height > 0, color.alpha > 0 else { return }
    guard color.alpha < 255, !text.glyphs.isEmpty else {
      picture.paint(
        color, through: text.mask.alpha, maskWidth: text.mask.width, maskHeight: text.mask.height, x: x + text.maskX,
        y: y + text.maskY)
      return
    }
    for glyph in text.glyphs where glyph.mask.width > 0 {
      picture.paint(
        color, through: glyph.mask.alpha, maskWidth: glyph.mask.width, maskHeight: glyph.mask.height, x: x + glyph.x,
        y: y + glyph.y)
    }
  }
}
