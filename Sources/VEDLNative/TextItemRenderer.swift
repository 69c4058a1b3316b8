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
    /// The `drawtext` it is, and its characters (for a typewriter's partial texts).
    var draw: TextBlock.Draw
    var characters: [Character]
    var font: FontRequest
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
  private var motion: ItemMotion?
  /// Per item-local frame, how many characters a typewriter shows (`nil`: all).
  private let visibleCharacters: [Int]?
  private let fonts: FontLibrary
  private let fontSize: Int
  private let outlineWidth: Int?
  /// A typewriter's partial texts, rendered once each: by piece and character count.
  private var partials: [Int: [Int: (text: RenderedText, outline: RenderedText?)]] = [:]

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
    // A turned text, one whose scale or turn is animated, and a wiped one are drawn on a
    // layer.
    let rotated = !mods.rotation.isZero || item.transformsOverTime || item.presets.contains { $0.kind == .wipe }
    let diagonal = Double(canvas.width * canvas.width + canvas.height * canvas.height).squareRoot()
    let side = Int64(diagonal.rounded(.up)) / 2 * 2 + 2
    let frame = rotated ? PixelSize(width: side, height: side) : canvas
    var layout = TextLayout(
      frame: frame, fixedWidth: sized?.w, fixedHeight: sized?.h, padding: padding, align: align,
      position: rotated ? nil : mods.position)
    if !rotated { layout.offset = (PictureLayout.nearest(mods.offset.x), PictureLayout.nearest(mods.offset.y)) }

    // Cut into `drawtext`s and placed by the lowering's own rule (`TextBlock`).
    var pieces: [Piece] = []
    var textBox: (x: Int64, y: Int64, size: PixelSize)? = nil
    do {
      let measured = try measurer.measured(lines, font: measuredFont, size: fontSize)
      textBox = TextBlock.box(measured, layout: layout)
      for draw in TextBlock.draws(measured, layout: layout) {
        let font = FontLibraryTextMeasurer.request(draw.font)
        let rendered = try fonts.render(draw.text, font: font, size: Int(fontSize))
        let ring = try outlineWidth.map { width throws(FontError) in
          try fonts.outline(draw.text, font: font, size: Int(fontSize), width: Int(width))
        }
        let x = draw.evaluatedX(textWidth: Double(rendered.textWidth))
        let y = draw.evaluatedY(ascent: Double(rendered.ascent))
        pieces.append(
          Piece(
            text: rendered, outline: ring, x: x, y: y, draw: draw, characters: Array(draw.text), font: font))
      }
    } catch {
      throw NativeRenderError("cannot draw the text \"\(text)\": \(error.message)")
    }
    self.pieces = pieces
    self.fonts = fonts
    self.fontSize = Int(fontSize)
    self.outlineWidth = outlineWidth.map(Int.init)
    let total = pieces.map { $0.characters.filter { $0 != "\n" }.count }.reduce(0, +)
    visibleCharacters =
      item.presets.contains { $0.kind == .typewriter }
      ? Typewriter.visibleCharacters(item, total: total, frames: item.endFrame - item.startFrame, grid: grid) : nil

    guard rotated else {
      turnedLayer = nil
      fades = []
      // A slide starts from the text's box.
      if let textBox, item.presets.contains(where: { $0.kind == .slide }) {
        motion = ItemMotion(
          item, frameCount: item.endFrame - item.startFrame, grid: grid,
          layout: ItemMotion.Layout(
            box: textBox.size, picture: textBox.size, canvas: canvas,
            corner: ItemMotion.Shift(x: textBox.x, y: textBox.y)))
      }
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
    if !mods.rotation.isZero {
      layer = layer.rotated(
        degrees: mods.rotation.doubleValue, outputWidth: Int(side), outputHeight: Int(side), fill: .transparent)
    }
    if mods.opacity != .one { layer = layer.multipliedAlpha(by: mods.opacity.doubleValue) }
    let longest = Int64(lines.map(\.count).max() ?? 0)
    let estimated = PixelSize(
      width: sized?.w ?? (PictureLayout.nearest(Rational(3 * fontSize * longest, 5)!) + 2 * padding),
      height: sized?.h ?? (PictureLayout.nearest(Rational(6 * fontSize * Int64(lines.count), 5)!) + 2 * padding))
    let corner = PictureLayout.place(estimated, on: canvas, position: mods.position, offset: mods.offset)
    let centre = (x: corner.x + estimated.width / 2, y: corner.y + estimated.height / 2)
    turnedLayer = (layer, Int(centre.x - side / 2), Int(centre.y - side / 2))
    if item.isAnimated {
      motion = ItemMotion(
        item, frameCount: item.endFrame - item.startFrame, grid: grid,
        layout: ItemMotion.Layout(
          box: estimated, picture: PixelSize(width: side, height: side), canvas: canvas, turnsInPlace: true))
    }
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
      guard let motion else {
        composite.composite(turnedLayer.image, x: turnedLayer.x, y: turnedLayer.y, opacity: visible)
        return
      }
      let corner = motion.corner(atLocalFrame: j, laidOut: (turnedLayer.x, turnedLayer.y))
      composite.composite(
        motion.transformed(turnedLayer.image, atLocalFrame: j), x: corner.x, y: corner.y, opacity: visible)
      return
    }
    let alphaByte = DrawtextStyle.alphaByte(alpha(atTimelineFrame: k))
    let fill = DrawtextStyle.color(fontColor, alphaByte: alphaByte)
    let boxStyle = box.map { (DrawtextStyle.color($0.color, alphaByte: alphaByte), $0.padding) }
    let ring = outlineColor.map { DrawtextStyle.color($0, alphaByte: alphaByte) }
    var before = 0
    for (i, piece) in pieces.enumerated() {
      var (text, outline, pieceY) = (piece.text, piece.outline, piece.y)
      let length = piece.characters.filter { $0 != "\n" }.count
      if let visibleCharacters, !visibleCharacters.isEmpty {
        let shown = visibleCharacters[Int(min(max(j, 0), Int64(visibleCharacters.count - 1)))]
        let count = min(max(shown - before, 0), length)
        before += length
        guard count > 0 else { continue }
        if count < length {
          // A partial text at the whole text's `x`, on its own `ascent` (as the lowering's
          // `drawtext` of the prefix).
          guard let partial = partial(i, count: count) else { continue }
          (text, outline) = (partial.text, partial.outline)
          pieceY = piece.draw.evaluatedY(ascent: Double(partial.text.ascent))
        }
      }
      // `drawtext` adds the displacement to its `x`/`y` expressions, then truncates.
      let x = DrawtextStyle.position(piece.x + Double(shift.x))
      let y = DrawtextStyle.position(pieceY + Double(shift.y))
      DrawtextStyle.draw(
        text, outline: outline, at: x, y, on: &composite, fontColor: fill, box: boxStyle, outlineColor: ring)
    }
  }

  /// The first `count` characters of piece `i`, rendered (once).
  private func partial(_ i: Int, count: Int) -> (text: RenderedText, outline: RenderedText?)? {
    if let done = partials[i]?[count] { return done }
    let piece = pieces[i]
    let prefix = Typewriter.prefix(piece.characters, count)
    guard let text = try? fonts.render(prefix, font: piece.font, size: fontSize) else { return nil }
    let outline = outlineWidth.flatMap { try? fonts.outline(prefix, font: piece.font, size: fontSize, width: $0) }
    partials[i, default: [:]][count] = (text, outline)
    return (text, outline)
  }
}
