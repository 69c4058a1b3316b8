import VEDLSema

/// Draws one ``TimelinePicture``: computes the vertical layout, then writes the parts top to
/// bottom (info line, header, ruler, rows, notes, buttons). The parts live in extensions,
/// one file each.
struct TimelineDrawing {
  typealias M = TimelinePictureMetrics

  let picture: TimelinePicture
  let timeline: Timeline
  let editor: EditorConfiguration
  let text: TimelineText
  let scale: TimelineScale
  let plan: TimelineRowPlan
  let ticks: RulerTicks
  var svg = SVGWriter()

  /// Top of each part, computed once by ``init(picture:)``.
  let headerTop: Double?
  let rulerTop: Double
  let rowTops: [Double]
  let rowsBottom: Double
  let hiddenNoteTop: Double?
  let addAudioTop: Double?
  let width: Double
  let height: Double

  init(picture: TimelinePicture) {
    self.picture = picture
    timeline = picture.timeline
    editor = picture.editor
    text = TimelineText(timeline: picture.timeline)
    scale = picture.scale
    plan = picture.rowPlan
    ticks = RulerTicks(rate: picture.timeline.canvas.rate, pixelsPerFrame: scale.pixelsPerFrame)

    var y = M.margin + M.infoHeight
    if picture.editor.showsPlayerBar {
      headerTop = y
      y += M.headerHeight + M.rowGap
    } else {
      headerTop = nil
    }
    rulerTop = y
    y += M.rulerHeight
    var tops: [Double] = []
    for row in plan.rows {
      tops.append(y)
      y += Self.rowHeight(row) + M.rowGap
    }
    rowTops = tops
    rowsBottom = y - M.rowGap
    if !plan.hiddenTracks.isEmpty || plan.hidesCaptionLane {
      hiddenNoteTop = y
      y += M.hiddenNoteHeight
    } else {
      hiddenNoteTop = nil
    }
    if picture.editor.addAudio.visible {
      addAudioTop = y
      y += M.addAudioHeight
    } else {
      addAudioTop = nil
    }
    height = y + M.margin
    let addClipRoom =
      picture.editor.addClip.visible ? Self.buttonWidth(Self.buttonLabel(picture.editor.addClip)) + 12 : 0
    width = M.originX + M.timeWidth + max(M.trailingRoom, addClipRoom) + M.margin
  }

  /// The height of `row`.
  static func rowHeight(_ row: TimelineRowPlan.Row) -> Double {
    row == .captions ? M.captionLaneHeight : M.laneHeight
  }

  /// The whole document.
  mutating func draw() -> String {
    svg.raw(#"<?xml version="1.0" encoding="UTF-8"?>"#)
    svg.open(
      "svg",
      [
        ("xmlns", "http://www.w3.org/2000/svg"), SVGWriter.number("width", width), SVGWriter.number("height", height),
        ("viewBox", "0 0 \(SVGNumber.text(width)) \(SVGNumber.text(height))"),
        ("font-family", "DejaVu Sans, Verdana, sans-serif"), ("font-size", "11"),
        ("data-frame-count", String(timeline.frameCount)), ("data-extent-frames", String(scale.extentFrames)),
        ("data-fps", timeline.canvas.rate.description), SVGWriter.number("data-origin-x", scale.originX),
        SVGWriter.number("data-time-width", scale.width),
        ("data-height-mode", editor.height.mode.rawValue), ("data-height-tracks", String(editor.height.tracks)),
      ])
    svg.element("title", content: infoText)
    drawDefinitions()
    svg.element("rect", [("width", "100%"), ("height", "100%"), ("fill", Palette.paper)])
    drawInfo()
    drawHeader()
    drawRuler()
    drawRows()
    drawEndMarker()
    drawHiddenNote()
    drawAddAudio()
    return svg.finished()
  }

  /// The line above the picture: name, canvas, rate, length, height mode, expanded state.
  var infoText: String {
    let canvas = timeline.canvas
    var parts = [
      "\(canvas.width)x\(canvas.height)", "\(canvas.rate.displayName) fps",
      "\(text.timecode(frame: timeline.frameCount)) (\(text.length(frames: timeline.frameCount)))",
      "height \(TimelineText.height(editor.height))",
      editor.expanded ? "starts expanded" : "starts collapsed",
    ]
    if let title = picture.title { parts.insert(title, at: 0) }
    return parts.joined(separator: " · ")
  }

  private mutating func drawDefinitions() {
    svg.open("defs")
    svg.open(
      "pattern",
      [
        ("id", "hatch"), ("patternUnits", "userSpaceOnUse"), ("width", "6"), ("height", "6"),
        ("patternTransform", "rotate(45)"),
      ])
    svg.element("rect", [("width", "6"), ("height", "6"), ("fill", Palette.hatchGround)])
    svg.element(
      "line",
      [("x1", "0"), ("y1", "0"), ("x2", "0"), ("y2", "6"), ("stroke", Palette.hatchLine), ("stroke-width", "2.5")])
    svg.close()
    svg.close()
  }

  private mutating func drawInfo() {
    svg.element(
      "text",
      [
        ("id", "info"), SVGWriter.number("x", M.margin), SVGWriter.number("y", M.margin + 15), ("font-size", "13"),
        ("fill", Palette.ink),
      ], content: infoText)
  }
}
