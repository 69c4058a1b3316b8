extension TimelineDrawing {
  /// The timecode ruler: labelled ticks every ``RulerTicks/majorStep`` frames, short ticks
  /// between them, and faint lines under the labelled ticks across every row.
  mutating func drawRuler() {
    let bottom = rulerTop + M.rulerHeight - 1
    svg.open(
      "g",
      [
        ("id", "ruler"), ("data-major-step", String(ticks.majorStep)),
        ("data-minor-step", ticks.minorStep.map(String.init) ?? ""),
      ])
    svg.element(
      "line",
      [
        SVGWriter.number("x1", scale.originX), SVGWriter.number("y1", bottom),
        SVGWriter.number("x2", scale.originX + scale.width),
        SVGWriter.number("y2", bottom), ("stroke", Palette.ink),
      ])
    let minor = ticks.minorFrames(through: scale.extentFrames)
    if !minor.isEmpty {
      // One path for all short ticks: `M x y v 5` per tick.
      let y = SVGNumber.text(bottom - 5)
      let path = minor.map { "M\(SVGNumber.text(scale.x(ofFrame: $0))) \(y)v5" }.joined()
      svg.element("path", [("class", "minor-ticks"), ("d", path), ("stroke", Palette.muted)])
    }
    for frame in ticks.majorFrames(through: scale.extentFrames) {
      let x = scale.x(ofFrame: frame)
      svg.open("g", [("class", "tick"), ("data-frame", String(frame))])
      svg.element(
        "line",
        [
          SVGWriter.number("x1", x), SVGWriter.number("y1", bottom - 20), SVGWriter.number("x2", x),
          SVGWriter.number("y2", bottom),
          ("stroke", Palette.ink),
        ])
      svg.element(
        "text",
        [
          SVGWriter.number("x", x + 3), SVGWriter.number("y", bottom - 11),
          ("font-family", "DejaVu Sans Mono, monospace"),
          ("font-size", "10"), ("fill", Palette.ink),
        ], content: text.timecode(frame: frame))
      svg.close()
    }
    svg.close()
  }

  /// Faint vertical lines at the labelled ticks, behind the rows' boxes.
  mutating func drawGrid() {
    guard let top = rowTops.first else { return }
    svg.open("g", [("id", "grid"), ("stroke", Palette.grid)])
    for frame in ticks.majorFrames(through: scale.extentFrames) {
      let x = scale.x(ofFrame: frame)
      svg.element(
        "line",
        [
          SVGWriter.number("x1", x), SVGWriter.number("y1", top), SVGWriter.number("x2", x),
          SVGWriter.number("y2", rowsBottom),
        ])
    }
    svg.close()
  }

  /// A red line where the edit ends (frame `frameCount`), across the ruler and every row;
  /// anything right of it outlasts the edit.
  mutating func drawEndMarker() {
    let x = scale.x(ofFrame: timeline.frameCount)
    svg.open("g", [("id", "end"), ("data-frame", String(timeline.frameCount))])
    svg.element("title", content: "end of the edit: \(text.timecode(frame: timeline.frameCount))")
    svg.element(
      "line",
      [
        SVGWriter.number("x1", x), SVGWriter.number("y1", rulerTop), SVGWriter.number("x2", x),
        SVGWriter.number("y2", rowsBottom),
        ("stroke", Palette.end), ("stroke-width", "1.5"), ("stroke-dasharray", "4 3"),
      ])
    svg.element(
      "text",
      [
        SVGWriter.number("x", x - 3), SVGWriter.number("y", rulerTop + 8), ("text-anchor", "end"), ("font-size", "9"),
        ("fill", Palette.end),
      ], content: "end")
    svg.close()
  }
}
