import VEDLSema

/// Where the header's items sit in the picture's player bar. The leading group starts at
/// the left edge, the trailing group ends at the right edge and the center group is
/// centred on the bar — placement only groups items. A `spacer` is flexible space: the
/// spacers of the leading (trailing) group share the room between that group's items and
/// the center group, so they push items apart as in the host; a spacer of the center group,
/// which has no room to grow into, keeps its least width.
struct HeaderBarLayout {
  /// One placed item.
  struct Slot {
    var placement: EditorHeaderPlacement
    var item: EditorHeaderItem
    /// The visible label (empty for a spacer).
    var label: String
    var x: Double
    var width: Double
  }

  /// Least width of a spacer.
  static let spacerWidth = 16.0
  /// Space between neighbouring items.
  static let itemGap = 6.0
  /// Padding inside a pill, each side.
  static let pillPadding = 9.0

  private(set) var slots: [Slot] = []

  /// Lays out `header` across `[left, left + width)`; `label` gives each non-spacer item's text.
  init(header: EditorHeader, left: Double, width: Double, label: (EditorHeaderItem) -> String) {
    func natural(_ item: EditorHeaderItem) -> Double {
      item.kind == .spacer ? Self.spacerWidth : TimelinePictureMetrics.labelWidth(label(item)) + 2 * Self.pillPadding
    }
    func naturalWidth(_ items: [EditorHeaderItem]) -> Double {
      items.map(natural).reduce(0, +) + Double(max(0, items.count - 1)) * Self.itemGap
    }
    let centerWidth = naturalWidth(header.center)
    let centerLeft = left + (width - centerWidth) / 2
    let right = left + width
    // Room each edge group may fill: up to the center group (or the middle of the bar).
    let innerGap = header.center.isEmpty ? 0 : Self.itemGap * 2
    let leadingRoom = (header.center.isEmpty ? left + width / 2 : centerLeft - innerGap) - left
    let trailingRoom = right - (header.center.isEmpty ? left + width / 2 : centerLeft + centerWidth + innerGap)

    slots += Self.place(header.leading, .leading, from: left, room: leadingRoom, alignEnd: false, natural, label)
    slots += Self.place(header.center, .center, from: centerLeft, room: centerWidth, alignEnd: false, natural, label)
    slots += Self.place(
      header.trailing, .trailing, from: right - max(trailingRoom, naturalWidth(header.trailing)),
      room: trailingRoom, alignEnd: true, natural, label)
  }

  /// Places `items` left to right from `x`; spacers share what `room` leaves beyond the
  /// items' natural widths. Without spacers the items hug the left edge, or the right edge
  /// when `alignEnd`.
  private static func place(
    _ items: [EditorHeaderItem], _ placement: EditorHeaderPlacement, from x: Double, room: Double, alignEnd: Bool,
    _ natural: (EditorHeaderItem) -> Double, _ label: (EditorHeaderItem) -> String
  ) -> [Slot] {
    let widths = items.map(natural)
    let used = widths.reduce(0, +) + Double(max(0, items.count - 1)) * itemGap
    let spare = max(0, room - used)
    let spacers = items.filter { $0.kind == .spacer }.count
    let extra = spacers > 0 ? spare / Double(spacers) : 0
    var cursor = x + (spacers == 0 && alignEnd ? spare : 0)
    var slots: [Slot] = []
    for (item, width) in zip(items, widths) {
      let actual = item.kind == .spacer ? width + extra : width
      slots.append(
        Slot(placement: placement, item: item, label: item.kind == .spacer ? "" : label(item), x: cursor, width: actual)
      )
      cursor += actual + itemGap
    }
    return slots
  }
}
