import VEDLSema

extension TimelineDrawing {
  /// The player bar: the header's groups (leading, center, trailing), each item a pill with
  /// its label and spacers as dashed flexible space. Left out when there is no header or
  /// when the header is empty (which removes the player bar).
  mutating func drawHeader() {
    guard let top = headerTop, let header = editor.header else { return }
    let left = M.margin
    let barWidth = width - 2 * M.margin
    svg.open("g", [("id", "header")])
    svg.element(
      "rect",
      SVGWriter.frame(x: left, y: top, width: barWidth, height: M.headerHeight) + [
        ("rx", "6"), ("fill", Palette.headerGround),
      ])
    let layout = HeaderBarLayout(header: header, left: left + 8, width: barWidth - 16) { headerLabel($0) }
    let pillTop = top + (M.headerHeight - M.headerItemHeight) / 2
    for placement in EditorHeaderPlacement.allCases {
      let slots = layout.slots.filter { $0.placement == placement }
      guard let first = slots.first, let last = slots.last else { continue }
      svg.open("g", [("id", "header-\(placement.rawValue)"), ("data-placement", placement.rawValue)])
      svg.element(
        "rect",
        SVGWriter.frame(
          x: first.x - 3, y: pillTop - 3, width: last.x + last.width - first.x + 6, height: M.headerItemHeight + 6)
          + [("rx", "5"), ("fill", "none"), ("stroke", Palette.headerGroup), ("stroke-dasharray", "2 2")])
      for slot in slots { drawHeaderItem(slot, top: pillTop) }
      svg.close()
    }
    svg.close()
  }

  private mutating func drawHeaderItem(_ slot: HeaderBarLayout.Slot, top: Double) {
    var attributes: [SVGWriter.Attribute] = [("class", "header-item"), ("data-kind", slot.item.kind.rawValue)]
    if let id = slot.item.id { attributes.append(("data-id", id)) }
    if let icon = slot.item.icon { attributes.append(("data-icon", icon)) }
    svg.open("g", attributes)
    var tooltip = slot.item.kind.rawValue
    if let id = slot.item.id, id != slot.item.kind.rawValue { tooltip += " \"\(id)\"" }
    if let title = slot.item.title { tooltip += " title: \"\(title)\"" }
    if let icon = slot.item.icon { tooltip += " icon: \"\(icon)\"" }
    svg.element("title", content: tooltip)
    let middle = top + M.headerItemHeight / 2
    if slot.item.kind == .spacer {
      svg.element(
        "line",
        [
          SVGWriter.number("x1", slot.x + 2), SVGWriter.number("y1", middle),
          SVGWriter.number("x2", slot.x + slot.width - 2),
          SVGWriter.number("y2", middle), ("stroke", Palette.headerGroup), ("stroke-dasharray", "3 3"),
        ])
    } else {
      svg.element(
        "rect",
        SVGWriter.frame(x: slot.x, y: top, width: slot.width, height: M.headerItemHeight) + [
          ("rx", "12"), ("fill", Palette.headerPill),
        ])
      svg.element(
        "text",
        [
          SVGWriter.number("x", slot.x + slot.width / 2), SVGWriter.number("y", middle + 4), ("text-anchor", "middle"),
          ("fill", Palette.headerInk),
        ], content: slot.label)
    }
    svg.close()
  }

  /// The text a header item shows: its `title:` when given, else the built-in label — the
  /// timecode item shows the playhead at 0 and the edit's length.
  func headerLabel(_ item: EditorHeaderItem) -> String {
    switch item.kind {
    case .timecode:
      item.title ?? "\(text.timecode(frame: 0)) / \(text.timecode(frame: timeline.frameCount))"
    case .playPause: "Play/Pause"
    case .loop: "Loop"
    case .toggleExpanded: item.title ?? "Expand/Collapse"
    case .spacer: ""
    case .custom: item.title ?? item.id ?? "custom"
    }
  }
}
