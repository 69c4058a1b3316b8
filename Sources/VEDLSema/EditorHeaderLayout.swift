import VEDLSource

/// A header item while the checker builds the header: the item and where it was written,
/// so that duplicate-id and missing-anchor diagnostics can point at it.
struct EditorLayoutItem {
  var item: EditorHeaderItem
  /// The span naming the item: a built-in item's name, a custom item's id string.
  var idSpan: Span
}

/// The header being built by `header` and edited by `modifyHeader`: three ordered groups
/// plus the ids removed so far (to explain a later anchor on them).
struct EditorHeaderLayout {
  private var groups: [EditorHeaderPlacement: [EditorLayoutItem]] = [:]
  /// Ids removed by `remove` or `replace`, with the span of the operation that removed them.
  var removedIDs: [String: Span] = [:]

  /// The items of `placement`, in order.
  func items(in placement: EditorHeaderPlacement) -> [EditorLayoutItem] { groups[placement] ?? [] }

  /// Where the item with `id` is, or `nil` when no item has it (spacers never match).
  func locate(_ id: String) -> (placement: EditorHeaderPlacement, index: Int)? {
    for placement in EditorHeaderPlacement.allCases {
      if let index = items(in: placement).firstIndex(where: { $0.item.id == id }) { return (placement, index) }
    }
    return nil
  }

  /// The item with `id`, if any.
  func item(withID id: String) -> EditorLayoutItem? {
    locate(id).map { items(in: $0.placement)[$0.index] }
  }

  /// Every id in display order (leading, center, trailing).
  var ids: [String] {
    EditorHeaderPlacement.allCases.flatMap { items(in: $0).compactMap(\.item.id) }
  }

  /// Every item with an id, in display order, with the span naming it.
  var identifiedItems: [(id: String, span: Span)] {
    EditorHeaderPlacement.allCases.flatMap { placement in
      items(in: placement).compactMap { entry in entry.item.id.map { ($0, entry.idSpan) } }
    }
  }

  /// Inserts `item` at `index` of `placement` (clamped to the group's bounds).
  mutating func insert(_ item: EditorLayoutItem, in placement: EditorHeaderPlacement, at index: Int) {
    var group = items(in: placement)
    group.insert(item, at: max(0, min(index, group.count)))
    groups[placement] = group
  }

  /// Removes and returns the item at `index` of `placement`.
  @discardableResult
  mutating func remove(in placement: EditorHeaderPlacement, at index: Int) -> EditorLayoutItem {
    groups[placement, default: []].remove(at: index)
  }

  /// The finished header.
  var header: EditorHeader {
    EditorHeader(
      leading: items(in: .leading).map(\.item), center: items(in: .center).map(\.item),
      trailing: items(in: .trailing).map(\.item))
  }
}
