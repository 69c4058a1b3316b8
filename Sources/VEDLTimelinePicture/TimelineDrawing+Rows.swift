import VEDLSema

extension TimelineDrawing {
  /// The rows of the row plan: first every row's ground and name, then the grid, then the
  /// boxes of each row (so grid lines run behind the boxes).
  mutating func drawRows() {
    svg.open("g", [("id", "lanes")])
    for (position, (row, top)) in zip(plan.rows, rowTops).enumerated() {
      drawLaneGround(row, position: position, top: top)
    }
    svg.close()
    drawGrid()
    svg.open("g", [("id", "content")])
    for (row, top) in zip(plan.rows, rowTops) {
      switch row {
      case .captions: drawCaptionLane(top: top)
      case .main: drawMainLane(top: top)
      case .track(let index): drawStackLane(index, top: top)
      case .empty: break
      }
    }
    svg.close()
  }

  /// The identifier of a row's lane: `captions`, `main`, `track-N` (N indexes
  /// `Timeline.tracks`), `empty-N` (N counts the empty rows).
  func laneID(_ row: TimelineRowPlan.Row, position: Int) -> String {
    switch row {
    case .captions: "captions"
    case .main: "main"
    case .track(let index): "track-\(index)"
    case .empty: "empty-\(plan.rows[..<position].filter { $0 == .empty }.count)"
    }
  }

  /// The name and description in the gutter for `row`.
  func gutterText(_ row: TimelineRowPlan.Row) -> (name: String, detail: String) {
    switch row {
    case .captions:
      return ("captions", TimelineText.count(timeline.captions.cues.count, "cue"))
    case .main:
      guard let index = timeline.tracks.firstIndex(where: { $0.kind == .main }) else {
        return ("main", "background · empty")
      }
      return (
        text.name(ofTrack: index), "background · " + TimelineText.count(timeline.tracks[index].items.count, "item")
      )
    case .track(let index):
      return (text.name(ofTrack: index), TimelineText.count(timeline.tracks[index].items.count, "item"))
    case .empty:
      return ("empty row", TimelineText.height(editor.height))
    }
  }

  private mutating func drawLaneGround(_ row: TimelineRowPlan.Row, position: Int, top: Double) {
    let id = laneID(row, position: position)
    let height = Self.rowHeight(row)
    let kind: String
    switch row {
    case .captions: kind = "captions"
    case .main: kind = "main"
    case .track(let index): kind = timeline.tracks[index].kind.rawValue
    case .empty: kind = "empty"
    }
    svg.open("g", [("id", "row-\(id)"), ("class", "row"), ("data-row", kind), ("data-position", String(position))])
    var ground: [SVGWriter.Attribute] =
      SVGWriter.frame(x: M.margin, y: top, width: M.gutterWidth + scale.width, height: height) + [
        ("fill", Palette.laneGround)
      ]
    if row == .empty {
      ground += [("fill-opacity", "0.4"), ("stroke", Palette.laneEdge), ("stroke-dasharray", "5 4")]
    }
    svg.element("rect", ground)
    let label = gutterText(row)
    let clipID = "clip-gutter-\(id)"
    svg.open("clipPath", [("id", clipID)])
    svg.element("rect", SVGWriter.frame(x: M.margin, y: top, width: M.gutterWidth - 6, height: height))
    svg.close()
    svg.element(
      "text",
      [
        SVGWriter.number("x", M.margin + 6), SVGWriter.number("y", top + (row == .captions ? 15 : 18)),
        ("font-size", "12"),
        ("font-weight", "bold"), ("fill", Palette.gutterInk), ("clip-path", "url(#\(clipID))"),
      ], content: label.name)
    svg.element(
      "text",
      [
        SVGWriter.number("x", M.margin + 6), SVGWriter.number("y", top + (row == .captions ? 28 : 33)),
        ("font-size", "10"),
        ("fill", Palette.muted), ("clip-path", "url(#\(clipID))"),
      ], content: label.detail)
    svg.close()
  }

  /// Caption cues as boxes in their lane, labelled with their text and length.
  private mutating func drawCaptionLane(top: Double) {
    svg.open("g", [("id", "lane-captions")])
    for (index, cue) in timeline.captions.cues.enumerated() {
      var source = ""
      if let file = cue.file { source = " from " + (file.split(separator: "/").last.map(String.init) ?? file) }
      drawBox(
        LabelledBox(
          id: "cue-\(index)", kind: "cue", startFrame: cue.startFrame, endFrame: cue.endFrame,
          data: [("data-cue", String(index))], y: top + 3, height: M.captionLaneHeight - 6, fill: Palette.cue,
          ink: Palette.cueInk, title: cue.text, details: text.length(frames: cue.endFrame - cue.startFrame),
          tooltip: "cue \"\(cue.text)\"\(source) — \(text.span(cue.startFrame, cue.endFrame))", small: true))
    }
    svg.close()
  }

  /// The background track: its items back to back, consecutive ones offset vertically so a
  /// transition's overlap shows both edges, each transition hatched over the frames it
  /// spans, and the "Add Clip" button after the last clip.
  private mutating func drawMainLane(top: Double) {
    svg.open("g", [("id", "lane-main")])
    if let index = timeline.tracks.firstIndex(where: { $0.kind == .main }) {
      for (position, item) in timeline.tracks[index].items.enumerated() {
        let offset = position % 2 == 0 ? 3.0 : 7.0
        // Labels stay clear of the hatched overlaps at either end.
        let incoming = timeline.transitions.filter { $0.toItem == position }.map(\.endFrame).max() ?? item.startFrame
        let outgoing = timeline.transitions.filter { $0.fromItem == position }.map(\.startFrame).min() ?? item.endFrame
        let lower = min(max(incoming, item.startFrame), item.endFrame)
        let labelFrames = lower..<max(lower, min(outgoing, item.endFrame))
        drawItem(
          item, track: index, position: position, y: top + offset, height: M.laneHeight - 10, labelFrames: labelFrames)
      }
      for (position, transition) in timeline.transitions.enumerated() {
        drawTransition(transition, position: position, top: top)
      }
    }
    drawAddClip(top: top)
    svg.close()
  }

  /// An overlay or audio track's items.
  private mutating func drawStackLane(_ index: Int, top: Double) {
    svg.open("g", [("id", "lane-track-\(index)")])
    for (position, item) in timeline.tracks[index].items.enumerated() {
      drawItem(item, track: index, position: position, y: top + 4, height: M.laneHeight - 8)
    }
    svg.close()
  }

  private mutating func drawItem(
    _ item: TimelineItem, track: Int, position: Int, y: Double, height: Double, labelFrames: Range<Int64>? = nil
  ) {
    let kind = timeline.tracks[track].kind
    let fill: String
    switch (item.kind, kind) {
    case (.gap, _): fill = "none"
    case (.text, _): fill = Palette.text
    case (.shape, _): fill = Palette.shape
    case (.clip, .main): fill = Palette.mainClip
    case (.clip, .overlay): fill = Palette.overlayClip
    case (.clip, .audio): fill = Palette.audioClip
    }
    let title = text.title(of: item)
    drawBox(
      LabelledBox(
        id: "item-\(track)-\(position)", kind: item.kind.rawValue, startFrame: item.startFrame, endFrame: item.endFrame,
        labelFrames: labelFrames, data: [("data-track", String(track)), ("data-item", String(position))], y: y,
        height: height, fill: fill,
        ink: item.kind == .gap ? Palette.muted : Palette.boxInk, title: title, details: text.details(of: item),
        tooltip: "\(title) — \(text.span(item.startFrame, item.endFrame))", small: false))
    drawKeyMarks(item, track: track, position: position, bottom: y + height)
  }

  /// A transition: a hatched box over the frames where the two clips overlap, labelled
  /// with its kind, direction and length — or as much of that as fits inside.
  private mutating func drawTransition(_ transition: Transition, position: Int, top: Double) {
    let x = scale.x(ofFrame: transition.startFrame)
    let width = scale.x(ofFrame: transition.endFrame) - x
    var name = transition.kind.rawValue
    if let direction = transition.direction { name += " " + direction.rawValue }
    let seconds = text.seconds(frames: transition.endFrame - transition.startFrame)
    svg.open("g", [("class", "transition")])
    svg.element(
      "title",
      content: "\(name) between items \(transition.fromItem) and \(transition.toItem) — "
        + text.span(transition.startFrame, transition.endFrame))
    svg.element(
      "rect",
      [
        ("id", "transition-\(position)"), ("data-kind", transition.kind.rawValue),
        ("data-from-item", String(transition.fromItem)), ("data-to-item", String(transition.toItem)),
        ("data-start-frame", String(transition.startFrame)), ("data-end-frame", String(transition.endFrame)),
      ]
        + SVGWriter.frame(x: x, y: top + 1, width: width, height: M.laneHeight - 2)
        + [("fill", "url(#hatch)"), ("fill-opacity", "0.75"), ("stroke", Palette.boxEdge), ("stroke-dasharray", "3 2")])
    // The longest label that fits the hatching: a wider one would cover the neighbours'
    // labels. The tooltip always has all of it.
    let labels = ["\(name) \(seconds)", "\(transition.kind.rawValue) \(seconds)", transition.kind.rawValue]
    if let label = labels.first(where: { M.labelWidth($0) * 10 / 11 + 4 <= width }) {
      drawTransitionLabel(label, x: x + width / 2, top: top)
    }
    svg.close()
  }

  private mutating func drawTransitionLabel(_ label: String, x: Double, top: Double) {
    svg.element(
      "text",
      [
        SVGWriter.number("x", x), SVGWriter.number("y", top + M.laneHeight / 2 + 4), ("text-anchor", "middle"),
        ("font-size", "10"), ("font-weight", "bold"), ("fill", Palette.ink), ("stroke", Palette.paper),
        ("stroke-width", "3"),
        ("paint-order", "stroke"),
      ], content: label)
  }
}
