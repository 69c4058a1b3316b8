import VEDLDiagnostics
import VEDLSource
import VEDLSyntax

// `header { leading { … } center { … } trailing { … } }` and `modifyHeader { … }`.

extension EditorCheckRun {
  /// The header `s` declares. Groups and items the schema does not know are skipped (the
  /// generic pass reports them); of a group given twice the first counts, the second is
  /// still checked.
  mutating func buildHeader(_ s: Statement) -> EditorHeaderLayout {
    var layout = EditorHeaderLayout()
    guard let block = s.block else {
      reportMissingBlock(
        s, example: "header { leading { timecode } center { playPause } }",
        help:
          "add the groups, e.g. `header { leading { timecode } center { playPause } }`; an empty `header {}` removes the player bar"
      )
      return layout
    }
    var declared: Set<EditorHeaderPlacement> = []
    for case .statement(let group) in block.items {
      guard let placement = EditorHeaderPlacement(rawValue: group.name.name) else { continue }
      guard let groupBlock = group.block else {
        reportMissingBlock(group, example: "\(placement.rawValue) { timecode; spacer }")
        continue
      }
      let items = headerItems(groupBlock)
      if declared.insert(placement).inserted {
        insert(items, into: &layout, in: placement, at: layout.items(in: placement).count)
      } else {
        var scratch = EditorHeaderLayout()
        insert(items, into: &scratch, in: placement, at: 0)
      }
    }
    return layout
  }

  /// The header items of a group (or of a `modifyHeader` operation's block), in order.
  mutating func headerItems(_ block: Block) -> [EditorLayoutItem] {
    var items: [EditorLayoutItem] = []
    for case .statement(let s) in block.items {
      guard let kind = EditorHeaderItemKind(rawValue: s.name.name) else { continue }
      let custom = kind == .custom ? customID(s) : nil
      let title = labelledString(s, "title", in: .headerItems)
      let icon = labelledString(s, "icon", in: .headerItems)
      if kind == .custom {
        guard let (id, span) = custom else { continue }
        items.append(
          EditorLayoutItem(item: EditorHeaderItem(kind: .custom, id: id, title: title, icon: icon), idSpan: span))
      } else {
        items.append(
          EditorLayoutItem(item: EditorHeaderItem(kind: kind, title: title, icon: icon), idSpan: s.name.span))
      }
    }
    return items
  }

  /// Inserts `items` in order starting at `index` of `placement`; an item whose id is
  /// already in the header is reported (`E0703`) and left out.
  mutating func insert(
    _ items: [EditorLayoutItem], into layout: inout EditorHeaderLayout, in placement: EditorHeaderPlacement,
    at index: Int
  ) {
    var position = index
    for item in items {
      if let id = item.item.id, let existing = layout.item(withID: id) {
        report(
          .editorDuplicateID, "duplicate header item id `\(id)`", item.idSpan,
          labels: [Label(span: existing.idSpan, message: "`\(id)` is already in the header here")],
          notes: ["ids identify header items for `modifyHeader` and the editor host, so each appears once"],
          help: item.item.kind == .custom
            ? "give this custom item a different id" : "remove one of the two `\(id)` items")
        continue
      }
      layout.insert(item, in: placement, at: position)
      position += 1
    }
  }

  // MARK: modifyHeader

  /// Applies the operations of `modifyHeader` in order to `layout`. Without a declared header
  /// (`layout == nil`) it reports `E0701` and only checks the operations' values.
  /// `laterHeader` is a `header` statement after `s`, if any, for the message.
  mutating func modifyHeader(_ s: Statement, layout: inout EditorHeaderLayout?, laterHeader: Statement?) {
    if layout == nil {
      if let later = laterHeader {
        report(
          .editorHeaderNotDeclared, "`modifyHeader` comes before the `header` it adjusts", s.name.span,
          labels: [Label(span: later.name.span, message: "the header is declared here, after `modifyHeader`")],
          notes: ["statements in `editor` apply in order, and `header` replaces the whole header"],
          help: "move `modifyHeader` below `header`")
      } else {
        report(
          .editorHeaderNotDeclared, "`modifyHeader` has no header to adjust", s.name.span,
          notes: ["the timeline has no header until `header { … }` declares one"],
          help:
            "declare the header first, e.g. `header { leading { timecode } center { playPause } trailing { toggleExpanded } }`"
        )
      }
    }
    guard let block = s.block else {
      reportMissingBlock(s, example: "modifyHeader { remove loop }")
      return
    }
    let anchorsChecked = layout != nil
    var target = layout ?? EditorHeaderLayout()
    for case .statement(let operation) in block.items {
      apply(operation, to: &target, anchorsChecked: anchorsChecked)
    }
    if anchorsChecked { layout = target }
  }

  /// One `modifyHeader` operation. With `anchorsChecked == false` (no header) ids are not
  /// looked up and nothing is inserted.
  private mutating func apply(_ operation: Statement, to layout: inout EditorHeaderLayout, anchorsChecked: Bool) {
    let name = operation.name.name
    switch name {
    case "remove":
      guard let anchor = anchor(of: operation), anchorsChecked else { return }
      guard let location = locate(anchor, in: layout, operation: operation) else { return }
      layout.remove(in: location.placement, at: location.index)
      layout.removedIDs[anchor.id] = operation.span
    case "replace", "addAfter", "addBefore":
      let anchor = anchor(of: operation)
      guard let block = operation.block else {
        reportMissingBlock(operation, example: "\(name) \(anchor?.id ?? "timecode") { spacer }")
        return
      }
      let items = headerItems(block)
      guard let anchor, anchorsChecked, let location = locate(anchor, in: layout, operation: operation) else { return }
      switch name {
      case "replace":
        layout.remove(in: location.placement, at: location.index)
        layout.removedIDs[anchor.id] = operation.span
        insert(items, into: &layout, in: location.placement, at: location.index)
      case "addAfter":
        insert(items, into: &layout, in: location.placement, at: location.index + 1)
      default:
        insert(items, into: &layout, in: location.placement, at: location.index)
      }
    case "addFirst", "addLast":
      let placement = placement(of: operation)
      guard let block = operation.block else {
        reportMissingBlock(operation, example: "\(name) \(placement?.rawValue ?? "trailing") { spacer }")
        return
      }
      let items = headerItems(block)
      guard let placement, anchorsChecked else { return }
      let index = name == "addFirst" ? 0 : layout.items(in: placement).count
      insert(items, into: &layout, in: placement, at: index)
    default:
      // Not a `modifyHeader` operation: the generic pass reports it.
      return
    }
  }

  /// The id an operation is anchored to: a bare name (`loop`) or a string (`"my.id"`).
  /// `spacer` is reported (`E0704`); other values are type errors.
  private mutating func anchor(of operation: Statement) -> (id: String, span: Span)? {
    guard let value = operation.positional.first?.value else { return nil }
    switch value.kind {
    case .name(let id) where id.name == "spacer":
      report(
        .editorSpacerAnchor, "`\(operation.name.name) spacer`: spacers have no id and cannot be addressed", value.span,
        notes: ["a header may hold several spacers, and nothing says which one is meant"],
        help: "anchor on a neighbouring item instead, or declare the group without the spacer in `header`")
      return nil
    case .name(let id):
      return (id.name, value.span)
    case .string:
      guard let text = stringValue(value, "an item id") else { return nil }
      return (text, value.span)
    case .error:
      return nil
    default:
      report(
        .typeMismatch, "expected an item id, found \(describeFound(value))", value.span,
        notes: [
          "an id is a built-in item's name (`timecode`, `playPause`, `loop`, `toggleExpanded`) or a custom item's string id"
        ])
      return nil
    }
  }

  /// Where `anchor` is in `layout`, or `nil` after reporting `E0702` (with the ids that do
  /// exist, a close match, and the operation that removed it, if one did).
  private mutating func locate(
    _ anchor: (id: String, span: Span), in layout: EditorHeaderLayout, operation: Statement
  ) -> (placement: EditorHeaderPlacement, index: Int)? {
    if let location = layout.locate(anchor.id) { return location }
    let ids = layout.ids
    var labels: [Label] = []
    var notes: [String] = []
    if let removal = layout.removedIDs[anchor.id] {
      labels.append(Label(span: removal, message: "`\(anchor.id)` was removed here"))
      notes.append("operations apply in order, so a removed item cannot be an anchor later")
    }
    notes.append(
      ids.isEmpty
        ? "the header has no items with an id"
        : "the header's ids are \(ids.map { "`\($0)`" }.joined(separator: ", "))")
    var help = "use `addFirst` or `addLast` with a placement to insert at a group's edge without an anchor"
    var fixIts: [FixIt] = []
    if layout.removedIDs[anchor.id] == nil, let suggestion = Suggestion.closest(to: anchor.id, among: ids) {
      help = "did you mean `\(suggestion)`?"
      let isBare = file.text(anchor.span) == anchor.id
      let replacement =
        isBare && EditorHeaderItemKind(rawValue: suggestion)?.builtInID != nil ? suggestion : "\"\(suggestion)\""
      fixIts.append(FixIt(span: anchor.span, replacement: replacement, message: "replace with `\(replacement)`"))
    }
    report(
      .editorUnknownItemID, "`\(operation.name.name)`: no header item has the id `\(anchor.id)`", anchor.span,
      labels: labels, notes: notes, help: help, fixIts: fixIts)
    return nil
  }

  /// The placement of `addFirst PLACEMENT` / `addLast PLACEMENT`, or `nil` after reporting
  /// a value that is not one (`E0304`).
  private mutating func placement(of operation: Statement) -> EditorHeaderPlacement? {
    guard let value = operation.positional.first?.value else { return nil }
    let cases = EditorHeaderPlacement.allCases.map(\.rawValue)
    let expected = "expected one of \(cases.map { "`\($0)`" }.joined(separator: ", "))"
    switch value.kind {
    case .name(let id):
      if let placement = EditorHeaderPlacement(rawValue: id.name) { return placement }
      let suggestion = Suggestion.closest(to: id.name, among: cases)
      report(
        .typeMismatch, "`\(id.name)` is not a valid Placement", value.span, notes: [expected],
        help: suggestion.map { "did you mean `\($0)`?" },
        fixIts: suggestion.map { [FixIt(span: value.span, replacement: $0, message: "replace with `\($0)`")] } ?? [])
    case .error:
      break
    default:
      var fixIts: [FixIt] = []
      if case .string = value.kind, let text = evaluateString(value), cases.contains(text) {
        fixIts.append(FixIt(span: value.span, replacement: text, message: "write `\(text)` without quotes"))
      }
      report(
        .typeMismatch, "expected Placement, found \(describeFound(value))", value.span, notes: [expected],
        fixIts: fixIts)
    }
    return nil
  }
}
