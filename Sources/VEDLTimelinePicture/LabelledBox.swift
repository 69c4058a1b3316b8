/// One box of the picture — an item, a caption cue — with what its drawing needs: its
/// frames, where it sits vertically, its colours and its two label lines.
struct LabelledBox {
  /// The rectangle's `id` (`item-T-I`, `cue-N`); its labels are clipped by `clip-ID`.
  var id: String
  /// `clip`, `text`, `shape`, `gap` or `cue`, written as `data-kind`.
  var kind: String
  var startFrame: Int64
  var endFrame: Int64
  /// The frames the labels may use: the box's own, less any part a transition hatches over.
  var labelFrames: Range<Int64>? = nil
  /// Further `data-` attributes (track and item index, cue index).
  var data: [SVGWriter.Attribute]
  var y: Double
  var height: Double
  /// The fill colour, or `none` for an outline (gaps).
  var fill: String
  /// The colour of the labels.
  var ink: String
  /// The first label line.
  var title: String
  /// The second label line (the length).
  var details: String
  /// The full description, shown on hover.
  var tooltip: String
  /// Smaller type, for the shorter caption lane.
  var small: Bool
}

extension TimelineDrawing {
  /// Draws `box` at the x and width of its frames, with its labels clipped to it.
  mutating func drawBox(_ box: LabelledBox) {
    let x = scale.x(ofFrame: box.startFrame)
    let width = scale.x(ofFrame: box.endFrame) - x
    svg.open("g", [("class", box.kind == "cue" ? "cue" : "item")])
    svg.element("title", content: box.tooltip)
    var rect: [SVGWriter.Attribute] = [
      ("id", box.id), ("data-kind", box.kind), ("data-start-frame", String(box.startFrame)),
      ("data-end-frame", String(box.endFrame)),
    ]
    rect += box.data
    rect += SVGWriter.frame(x: x, y: box.y, width: width, height: box.height)
    rect += [("rx", "3"), ("fill", box.fill)]
    if box.fill == "none" {
      rect += [("stroke", Palette.gapEdge), ("stroke-dasharray", "4 3")]
    } else {
      rect += [("stroke", Palette.boxEdge), ("stroke-opacity", "0.55")]
    }
    svg.element("rect", rect)
    let labelFrames = box.labelFrames ?? box.startFrame..<box.endFrame
    let labelX = scale.x(ofFrame: labelFrames.lowerBound)
    let labelWidth = scale.x(ofFrame: labelFrames.upperBound) - labelX
    let clipID = "clip-\(box.id)"
    svg.open("clipPath", [("id", clipID)])
    svg.element("rect", SVGWriter.frame(x: labelX + 1, y: box.y, width: max(0, labelWidth - 2), height: box.height))
    svg.close()
    let first = box.small ? 11.0 : 14.0
    let second = box.small ? 23.0 : 28.0
    svg.element(
      "text",
      [
        SVGWriter.number("x", labelX + 5), SVGWriter.number("y", box.y + first), ("font-size", box.small ? "10" : "11"),
        ("font-weight", "bold"), ("fill", box.ink), ("clip-path", "url(#\(clipID))"),
      ], content: box.title)
    svg.element(
      "text",
      [
        SVGWriter.number("x", labelX + 5), SVGWriter.number("y", box.y + second), ("font-size", box.small ? "9" : "10"),
        ("fill", box.ink), ("clip-path", "url(#\(clipID))"),
      ], content: box.details)
    svg.close()
  }
}
