import VEDLSema

extension TimelineDrawing {
  /// The text of an add button: `+`, its label, and `▾` when it opens a menu.
  static func buttonLabel(_ button: EditorAddButton) -> String {
    "+ " + (button.label ?? "") + (button.mode == .menu ? " ▾" : "")
  }

  /// The width of a button pill showing `label`.
  static func buttonWidth(_ label: String) -> Double {
    M.labelWidth(label) + 18
  }

  /// The "Add Clip" button, in the background lane right after its last item (at frame 0
  /// when the track is empty), when the configuration shows it.
  mutating func drawAddClip(top: Double) {
    guard editor.addClip.visible else { return }
    let mainEnd = timeline.tracks.first { $0.kind == .main }?.items.map(\.endFrame).max() ?? 0
    drawButton(editor.addClip, id: "add-clip", x: scale.x(ofFrame: mainEnd) + 6, y: top + (M.laneHeight - 24) / 2)
  }

  /// The "Add Audio" button, at the foot of the overlay stack.
  mutating func drawAddAudio() {
    guard let top = addAudioTop else { return }
    drawButton(editor.addAudio, id: "add-audio", x: scale.originX, y: top + (M.addAudioHeight - 24) / 2)
  }

  private mutating func drawButton(_ button: EditorAddButton, id: String, x: Double, y: Double) {
    let label = Self.buttonLabel(button)
    let width = Self.buttonWidth(label)
    svg.open("g", [("id", id), ("data-mode", button.mode.rawValue)])
    let options = button.options.map(\.title).joined(separator: ", ")
    svg.element("title", content: "\(button.label ?? "") (\(button.mode.rawValue)): \(options)")
    svg.element(
      "rect",
      SVGWriter.frame(x: x, y: y, width: width, height: 24) + [
        ("rx", "12"), ("fill", Palette.paper), ("stroke", Palette.button),
      ])
    svg.element(
      "text",
      [
        SVGWriter.number("x", x + width / 2), SVGWriter.number("y", y + 16), ("text-anchor", "middle"),
        ("fill", Palette.button),
      ],
      content: label)
    svg.close()
  }

  /// The line under the rows saying what the height leaves out: `+2 more tracks hidden by
  /// height dynamic(maximumTracks: 1): overlay "badge", audio "tone"`.
  mutating func drawHiddenNote() {
    guard let top = hiddenNoteTop else { return }
    var parts: [String] = []
    if !plan.hiddenTracks.isEmpty {
      parts.append("+\(plan.hiddenTracks.count) more \(plan.hiddenTracks.count == 1 ? "track" : "tracks")")
    }
    if plan.hidesCaptionLane { parts.append("the caption lane") }
    var note = parts.joined(separator: " and ") + " hidden by height \(TimelineText.height(editor.height))"
    if !plan.hiddenTracks.isEmpty {
      note += ": " + plan.hiddenTracks.map { text.name(ofTrack: $0) }.joined(separator: ", ")
    }
    svg.element(
      "text",
      [
        ("id", "hidden-tracks"), ("data-count", String(plan.hiddenTracks.count)),
        ("data-captions-hidden", plan.hidesCaptionLane ? "true" : "false"), SVGWriter.number("x", scale.originX),
        SVGWriter.number("y", top + 15), ("font-size", "11"), ("font-style", "italic"), ("fill", Palette.muted),
      ], content: note)
  }
}
