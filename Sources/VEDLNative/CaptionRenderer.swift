import VEDLFontRaster
import VEDLLowering
import VEDLRaster
import VEDLSema
import VEDLTime

/// The caption lane burnt in, as the lowering's `lowerCaptions` draws it: one `drawtext` per
/// cue line, centred horizontally, stacked from the bottom (or the top, or the centre) with
/// the style's margin, size, colour, box (padding a fifth of the size, at least 2 pixels) and
/// outline (2 pixels, drawn like a text item's), on the cue's frames only; nothing for
/// `captions burnIn: false`. A cue's lines are rasterised when the cue first shows and
/// dropped when it ends.
final class CaptionRenderer {
  private struct Line {
    var text: RenderedText
    /// The outline ring `drawtext`'s `borderw` draws under the text, when the style has one.
    var outline: RenderedText?
    var x: Int
    var y: Int
  }

  private let cues: [Captions.Cue]
  /// Cue indices sorted by first frame.
  private let order: [Int]
  private let style: Captions.Style
  private let frameCount: Int64
  private let canvas: PixelSize
  private let fonts: FontLibrary
  private let font: FontRequest
  private let size: Int64
  private let padding: Int64
  private let margin: Int64
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
    font = DrawtextStyle.fontRequest(style.font, baseDirectory: baseDirectory)
    size = max(1, PictureLayout.nearest(style.size))
    padding = style.box == nil ? 0 : max(2, size / 5)
    margin = PictureLayout.nearest(style.margin)
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
      let box = style.box.map { (PremultipliedColor(straightRGBA: $0), Int(padding)) }
      let ring = style.outline.map { PremultipliedColor(straightRGBA: $0) }
      for line in lines {
        DrawtextStyle.draw(
          line.text, outline: line.outline, at: line.x, line.y, on: &picture, fontColor: fill, box: box,
          outlineColor: ring)
      }
    }
    if showing.isEmpty { shown = nil }
  }

  /// Rasterises and places a cue's lines (each line's own `drawtext` measurements).
  private func layOut(_ cue: Captions.Cue) throws(NativeRenderError) -> [Line] {
    let lines = cue.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let count = Double(lines.count)
    let w = Double(canvas.width)
    let h = Double(canvas.height)
    let p = Double(padding)
    let m = Double(margin)
    var placed: [Line] = []
    for (i, line) in lines.enumerated() where !line.isEmpty {
      let rendered: RenderedText
      var ring: RenderedText? = nil
      do {
        rendered = try fonts.render(line, font: font, size: Int(size))
        if style.outline != nil {
          ring = try fonts.outline(line, font: font, size: Int(size), width: Int(Captions.Style.outlineWidth))
        }
      } catch {
        throw NativeRenderError("cannot draw the caption \"\(line)\": \(error.message)")
      }
      let lh = Double(rendered.lineHeight)
      let step = lh + 2 * p
      let index = Double(i)
      let y: Double
      switch style.position {
      case "top":
        y = (m + p) + (i == 0 ? 0 : index * step)
      case "center":
        y = (h - (count * lh + (count - 1) * 2 * p)) / 2 + (i == 0 ? 0 : index * step)
      default:
        let below = count - 1 - index
        y = h - (m + p) - lh - (below == 0 ? 0 : below * step)
      }
      let x = (w - Double(rendered.textWidth)) / 2
      placed.append(
        Line(text: rendered, outline: ring, x: DrawtextStyle.position(x), y: DrawtextStyle.position(y)))
    }
    return placed
  }
}
