import VEDLFontRaster
import VEDLLowering
import VEDLRaster
import VEDLSema
import VEDLTime

/// The caption lane burnt in, as the lowering's `lowerCaptions` draws it: each cue's lines
/// wrapped to the canvas less the margins, centred horizontally, stacked from the bottom (or
/// the top, or the centre) by `TextBlock`, with the style's margin, size, colour, box
/// (padding a fifth of the size, at least 2 pixels) and outline (2 pixels, drawn like a text item's), on the cue's frames only; nothing for
/// `captions burnIn: false`. A cue's lines are rasterised when the cue first shows and
/// dropped when it ends.
final class CaptionRenderer {
  private struct Line {
    var text: RenderedText
    /// The outline ring `drawtext`'s `borderw` draws under the text, when the style has one.
    var outline: RenderedText?
    var x: Int
    var y: Int
    /// For a highlighted word (`style highlight:`), the frames it is drawn on.
    var frames: Range<Int64>? = nil
  }

  private let cues: [Captions.Cue]
  /// Cue indices sorted by first frame.
  private let order: [Int]
  private let style: Captions.Style
  private let frameCount: Int64
  private let canvas: PixelSize
  private let fonts: FontLibrary
  private let font: TextFont
  private let placement: CaptionPlacement
  private let grid: FrameGrid
  /// The laid-out lines of the cue showing now, by cue index.
  private var shown: (cue: Int, lines: [Line])?

  /// The captions of `timeline`.
  init(timeline: Timeline, fonts: FontLibrary, baseDirectory: String?) {
    let cues = timeline.captions.burntInCues
    self.cues = cues
    order = cues.indices.sorted { (cues[$0].startFrame, $0) < (cues[$1].startFrame, $1) }
    style = timeline.captions.style
    frameCount = timeline.frameCount
    canvas = PixelSize(width: timeline.canvas.width, height: timeline.canvas.height)
    self.fonts = fonts
    font = TextFont.resolve(style.font, baseDirectory: baseDirectory)
    placement = CaptionPlacement(style: style, canvas: canvas)
    grid = timeline.canvas.grid
  }

  /// Whether there is nothing to draw.
  var isEmpty: Bool { cues.isEmpty }

  /// The cues showing at frame `k`, in the script's order.
  private func cues(at k: Int64) -> [Int] {
    // Cues do not overlap, but stay correct if they did: every cue starting at or before `k`
    // whose frames include `k`.
    var low = 0
    var high = order.count
    while low < high {
      let mid = (low + high) / 2
      if cues[order[mid]].startFrame <= k { low = mid + 1 } else { high = mid }
    }
    return order[..<low].filter { k < min(cues[$0].endFrame, frameCount) }.sorted()
  }

  /// Draws the cues showing at frame `k` onto `picture`.
  func draw(onto picture: inout RGBAImage, atTimelineFrame k: Int64) throws(NativeRenderError) {
    let showing = cues(at: k)
    for index in showing {
      let lines: [Line]
      if let shown, shown.cue == index {
        lines = shown.lines
      } else {
        lines = try layOut(cues[index])
        shown = (index, lines)
      }
      let fill = PremultipliedColor(straightRGBA: style.color)
      let box = style.box.map { (PremultipliedColor(straightRGBA: $0), Int(placement.padding)) }
      let ring = style.outline.map { PremultipliedColor(straightRGBA: $0) }
      for line in lines where line.frames == nil {
        DrawtextStyle.draw(
          line.text, outline: line.outline, at: line.x, line.y, on: &picture, fontColor: fill, box: box,
          outlineColor: ring)
      }
      // The word being spoken, over its line, in the highlight colour, without a box.
      let highlight = PremultipliedColor(straightRGBA: style.highlight ?? style.color)
      for line in lines where line.frames?.contains(k) == true {
        DrawtextStyle.draw(
          line.text, outline: line.outline, at: line.x, line.y, on: &picture, fontColor: highlight, box: nil,
          outlineColor: ring)
      }
    }
    if showing.isEmpty { shown = nil }
  }

  /// Wraps, rasterises and places a cue's lines as the lowering does (`CaptionPlacement`,
  /// `TextWrapping`, `TextBlock`).
  private func layOut(_ cue: Captions.Cue) throws(NativeRenderError) -> [Line] {
    let measurer = FontLibraryTextMeasurer(fonts: fonts)
    let size = placement.size
    let lines = TextWrapping.lines(cue.text, width: placement.wrapWidth) {
      measurer.width(of: $0, font: font, size: size) ?? 0
    }
    var placed: [Line] = []
    do {
      let measured = try measurer.measured(lines, font: font, size: size)
      let draws = TextBlock.draws(measured, layout: placement.layout)
      for draw in draws {
        let request = FontLibraryTextMeasurer.request(draw.font)
        let rendered = try fonts.render(draw.text, font: request, size: Int(size))
        var ring: RenderedText? = nil
        if style.outline != nil {
          ring = try fonts.outline(draw.text, font: request, size: Int(size), width: Int(Captions.Style.outlineWidth))
        }
        let x = draw.evaluatedX(textWidth: Double(rendered.textWidth))
        let y = draw.evaluatedY(ascent: Double(rendered.ascent))
        placed.append(
          Line(text: rendered, outline: ring, x: DrawtextStyle.position(x), y: DrawtextStyle.position(y)))
      }
      if style.highlight != nil {
        let end = min(cue.endFrame, frameCount)
        for piece in CaptionHighlight.pieces(
          cue, drawTexts: draws.map(\.text), grid: grid, cueFirst: cue.startFrame, cueEnd: end)
        {
          // As the lowering places it: the line's `x` plus the advance of the text before
          // the word, the baseline on the line's.
          let draw = draws[piece.draw]
          let request = FontLibraryTextMeasurer.request(draw.font)
          let word = try fonts.render(piece.word, font: request, size: Int(size))
          let before = measurer.width(of: piece.prefix, font: draw.font, size: size) ?? 0
          let ring =
            style.outline == nil
            ? nil
            : try fonts.outline(piece.word, font: request, size: Int(size), width: Int(Captions.Style.outlineWidth))
          let x = draw.evaluatedX(textWidth: Double(draw.textWidth)) + Double(before)
          let y = draw.evaluatedY(ascent: Double(word.ascent))
          placed.append(
            Line(
              text: word, outline: ring, x: DrawtextStyle.position(x), y: DrawtextStyle.position(y),
              frames: piece.first..<piece.end))
        }
      }
    } catch {
      throw NativeRenderError("cannot draw the caption \"\(cue.text)\": \(error.message)")
    }
    return placed
  }
}
