import Foundation
import VEDLFontRaster
import VEDLLowering
import VEDLRaster
import VEDLSema
import VEDLTime

/// A `text` item drawn as the lowering's `lowerText` draws it: its lines split at `\n` and
/// wrapped to a `size width:` box (`TextWrapping`, measured as `drawtext` measures), cut
/// into `drawtext`s and placed by `TextBlock` and `TextLayout` (the lowering's own rule and
/// expressions, evaluated numerically with `drawtext`'s measurements), with its box, outline, colour and `alpha` (opacity and fades evaluated at
/// each frame's instant). A turned text is drawn once, centred on a transparent square
/// layer, turned, made translucent, then faded and overlaid per frame, as in the lowering.
///
/// The glyphs are rasterised once, when the item first shows.
final class TextItemRenderer {
  /// One `drawtext`: the rendered line(s), the outline ring, and where `drawtext` puts them.
  private struct Piece {
    var text: RenderedText
    var outline: RenderedText?
    /// Where `drawtext` puts it, before it truncates to whole pixels.
    var x: Double
    var y: Double
  }

  private let item: TimelineItem
  private let mods: ItemModifiers
  private let grid: FrameGrid
  private let pieces: [Piece]
  private let fontColor: UInt32
  private let box: (color: UInt32, padding: Int)?
  private let outlineColor: UInt32?
  /// The drawn, turned layer of a rotated text and its top-left corner on the canvas.
  private let turnedLayer: (image: RGBAImage, x: Int, y: Int)?
  private let fades: [PictureFade]
  private let motion: ItemMotion?

  /// Lays out and rasterises text `item` on a canvas of the timeline's size.
  init(item: TimelineItem, timeline: Timeline, fonts: FontLibrary, baseDirectory: String?) throws(NativeRenderError) {
    self.item = item
    grid = timeline.canvas.grid
    let mods = ItemMotion.baseModifiers(item, grid: grid)
    self.mods = mods
    motion = ItemMotion(item, frameCount: item.endFrame - item.startFrame, grid: grid)
    let canvas = PixelSize(width: timeline.canvas.width, height: timeline.canvas.height)
    let text = item.text ?? ""
    // The lowering's defaults: 1/22.5 of the canvas's shorter side.
    let defaultSize = timeline.canvas.defaultTextSize
    let fontSize = max(1, PictureLayout.nearest((mods.fontSize ?? defaultSize) * mods.scale))
    let padding = mods.box == nil ? 0 : max(0, PictureLayout.nearest((mods.boxPadding ?? .zero) * mods.scale))
    let measuredFont = TextFont.resolve(mods.font, baseDirectory: baseDirectory)
    fontColor = mods.fontColor ?? 0xFFFF_FFFF
    box = mods.box.map { ($0, Int(padding)) }
    outlineColor = mods.outline
    let outlineWidth = mods.outline.map { _ in max(1, PictureLayout.nearest((mods.outlineWidth ?? .one) * mods.scale)) }

    let sized = mods.size.map {
      (
        w: $0.width.map { PictureLayout.nearest($0 * mods.scale) },
        h: $0.height.map { PictureLayout.nearest($0 * mods.scale) }
      )
    }
    // Wrapped as the lowering wraps it (`LoweringRun.wrappedLines`, with this measurer).
    let measurer = FontLibraryTextMeasurer(fonts: fonts)
    let lines = TextWrapping.lines(text, width: sized?.w.map { $0 - 2 * padding }) {
      measurer.width(of: $0, font: measuredFont, size: fontSize) ?? 0
    }
    let align = mods.align ?? .center
    let rotated = !mods.rotation.isZero
    let diagonal = Double(canvas.width * canvas.width + canvas.height * canvas.height).squareRoot()
    let side = Int64(diagonal.rounded(.up)) / 2 * 2 + 2
    let frame = rotated ? PixelSize(width: side, height: side) : canvas
    var layout = TextLayout(
      frame: frame, fixedWidth: sized?.w, fixedHeight: sized?.h, padding: padding, align: align,
      position: rotated ? nil : mods.position)
    if !rotated { layout.offset = (PictureLayout.nearest(mods.offset.x), PictureLayout.nearest(mods.offset.y)) }

    // Cut into `drawtext`s and placed by the lowering's own rule (`TextBlock`).
    var pieces: [Piece] = []
    do {
      let measured = try measurer.measured(lines, font: measuredFont, size: fontSize)
      for draw in TextBlock.draws(measured, layout: layout) {
        let font = FontLibraryTextMeasurer.request(draw.font)
        let rendered = try fonts.render(draw.text, font: font, size: Int(fontSize))
        let ring = try outlineWidth.map { width throws(FontError) in
          try fonts.outline(draw.text, font: font, size: Int(fontSize), width: Int(width))
        }
        let x = draw.evaluatedX(textWidth: Double(rendered.textWidth))
        let y = draw.evaluatedY(ascent: Double(rendered.ascent))
        pieces.append(Piece(text: rendered, outline: ring, x: x, y: y))
      }
    } catch {
      throw NativeRenderError("cannot draw the text \"\(text)\": \(error.message)")
    }
    self.pieces = pieces

    guard rotated else {
      turnedLayer = nil
      fades = []
      return
    }
    // Drawn centred on a square transparent layer, turned about its centre, and overlaid so
    // that its centre lands on the text's estimated centre.
    var layer = RGBAImage(width: Int(side), height: Int(side))
    for piece in pieces {
      DrawtextStyle.draw(
        piece.text, outline: piece.outline, at: DrawtextStyle.position(piece.x), DrawtextStyle.position(piece.y),
        on: &layer,
        fontColor: DrawtextStyle.color(fontColor, alphaByte: 255),
        box: box.map { (DrawtextStyle.color($0.color, alphaByte: 255), $0.padding) },
        outlineColor: outlineColor.map { DrawtextStyle.color($0, alphaByte: 255) })
    }
    layer = layer.rotated(
      degrees: mods.rotation.doubleValue, outputWidth: Int(side), outputHeight: Int(side), fill: .transparent)
    if mods.opacity != .one { layer = layer.multipliedAlpha(by: mods.opacity.doubleValue) }
    let longest = Int64(lines.map(\.count).max() ?? 0)
    let estimated = PixelSize(
      width: sized?.w ?? (PictureLayout.nearest(Rational(3 * fontSize * longest, 5)!) + 2 * padding),
      height: sized?.h ?? (PictureLayout.nearest(Rational(6 * fontSize * Int64(lines.count), 5)!) + 2 * padding))
    let corner = PictureLayout.place(estimated, on: canvas, position: mods.position, offset: mods.offset)
    let centre = (x: corner.x + estimated.width / 2, y: corner.y + estimated.height / 2)
    turnedLayer = (layer, Int(centre.x - side / 2), Int(centre.y - side / 2))
    fades = PictureFade.fades(of: item, modifiers: mods, grid: grid)
  }

  /// `drawtext`'s `alpha` at timeline frame `k` (instant `t = k/F`): opacity times the fades,
  /// each `clip(…, 0, 1)`, in double precision as FFmpeg evaluates it.
  func alpha(atTimelineFrame k: Int64) -> Double {
    let f = grid.rate.framesPerSecond
    let t = Double(k) * (Double(f.denominator) / Double(f.numerator))
    var alpha = 1.0
    let opacity = motion?.opacity(atLocalFrame: k - item.startFrame) ?? mods.opacity
    if opacity != .one {
      // The lowering writes the opacity as decimal text (six places at most).
      alpha *= Double(opacity.decimalText(fractionDigits: 6)) ?? opacity.doubleValue
    }
    func clip(_ v: Double) -> Double { min(max(v, 0), 1) }
    if mods.fadeIn.isPositive { alpha *= clip((t - item.start.doubleValue) / mods.fadeIn.doubleValue) }
    if mods.fadeOut.isPositive { alpha *= clip((item.end.doubleValue - t) / mods.fadeOut.doubleValue) }
    return alpha
  }

  /// Draws the text at timeline frame `k` onto `composite`.
  func draw(onto composite: inout RGBAImage, atTimelineFrame k: Int64) {
    let j = k - item.startFrame
    let shift = motion?.shift(atLocalFrame: j) ?? .zero
    if let turnedLayer {
      let opacity = motion?.opacity(atLocalFrame: j)?.doubleValue ?? 1
      let visible = PictureFade.visibility(fades, atFrame: j) * opacity
      guard visible > 0 else { return }
      composite.composite(
        turnedLayer.image, x: turnedLayer.x + Int(shift.x), y: turnedLayer.y + Int(shift.y), opacity: visible)
      return
    }
    let alphaByte = DrawtextStyle.alphaByte(alpha(atTimelineFrame: k))
    let fill = DrawtextStyle.color(fontColor, alphaByte: alphaByte)
    let boxStyle = box.map { (DrawtextStyle.color($0.color, alphaByte: alphaByte), $0.padding) }
    let ring = outlineColor.map { DrawtextStyle.color($0, alphaByte: alphaByte) }
    for piece in pieces {
      // `drawtext` adds the displacement to its `x`/`y` expressions, then truncates.
      let x = DrawtextStyle.position(piece.x + Double(shift.x))
      let y = DrawtextStyle.position(piece.y + Double(shift.y))
      DrawtextStyle.draw(
        piece.text, outline: piece.outline, at: x, y, on: &composite, fontColor: fill, box: boxStyle,
        outlineColor: ring)
    }
  }
}
