import VEDLDiagnostics
import VEDLSource
import VEDLSyntax

// `addClip none`, `addClip title: … { sources }`, and the same for `addAudio`.

extension EditorCheckRun {
  /// The button `s` configures — removed with `none`, the built-in sources without a block,
  /// else the block's sources in order (menu, direct or hidden by their number) — and the
  /// ids of the block's sources with their spans.
  mutating func checkAddButton(_ s: Statement, menu: EditorAddMenu) -> (EditorAddButton, [EditorItemID]) {
    let name = menu.statementName
    var noneArgument: Argument? = nil
    if let argument = s.positional.first {
      switch argument.value.kind {
      case .name(let id) where id.name == "none":
        noneArgument = argument
      case .error:
        break
      default:
        reportNotNone(argument, of: s, menu: menu)
      }
    }
    let title = labelledString(s, "title", in: .editor)
    let icon = labelledString(s, "icon", in: .editor)

    if let none = noneArgument {
      if let block = s.block {
        report(
          .editorNoneWithSources, "`\(name) none` removes the button, but sources are listed too", none.span,
          labels: [Label(span: block.span, message: "these sources would never be offered")],
          help: "remove `none` to keep the sources, or remove the block to remove the button",
          fixIts: [
            FixIt(span: Span(start: s.name.span.end, end: block.span.start), replacement: " ", message: "remove `none`")
          ])
        // Check the sources anyway; the button stays removed.
        _ = addOptions(block, menu: menu)
      }
      for label in ["title", "icon"] {
        guard let argument = s.argument(label), let labelSpan = argument.label?.span else { continue }
        report(
          .editorNoneWithSources, "`\(name) none` removes the button, so `\(label):` has no effect", labelSpan,
          labels: [Label(span: none.span, message: "the button is removed here")],
          help: "remove `\(label):`, or remove `none` to keep the button")
      }
      return (.removed, [])
    }

    guard let block = s.block else {
      let button = EditorAddButton(
        options: menu.builtInButton.options, title: title, icon: icon, defaultTitle: menu.defaultTitle)
      return (button, [])
    }
    if block.items.isEmpty {
      let canFix = s.arguments.isEmpty
      let builtIns = menu.builtInButton.options.map { "`\($0.id)`" }.joined(separator: " and ")
      report(
        .editorEmptyAddMenu, "`\(name) {}` lists no sources, so the button is hidden", block.span,
        notes: ["`\(name)` without a block offers the built-in sources, \(builtIns)"],
        help: "list the sources, or write `\(name) none` to remove the button on purpose",
        fixIts: canFix ? [FixIt(span: block.span, replacement: "none", message: "write `\(name) none`")] : [])
    }
    let options = addOptions(block, menu: menu)
    let button = EditorAddButton(
      options: options.map(\.option), title: title, icon: icon, defaultTitle: menu.defaultTitle)
    return (button, options.map { EditorItemID(id: $0.option.id, span: $0.idSpan, owner: "`\(name)`") })
  }

  /// The sources of an add button's block, in order, with the spans of their ids;
  /// duplicates (`E0703`) are left out, a custom source without a title is warned about
  /// (`W0704`).
  private mutating func addOptions(_ block: Block, menu: EditorAddMenu) -> [(option: EditorAddOption, idSpan: Span)] {
    var options: [(option: EditorAddOption, idSpan: Span)] = []
    var idSpans: [String: Span] = [:]
    for case .statement(let s) in block.items {
      guard let kind = EditorAddSourceKind(rawValue: s.name.name), kind == .custom || menu.builtInSources.contains(kind)
      else {
        continue
      }
      let customIdentity = kind == .custom ? customID(s) : nil
      let title = labelledString(s, "title", in: menu.context)
      let icon = labelledString(s, "icon", in: menu.context)
      let id: String
      let idSpan: Span
      if kind == .custom {
        guard let custom = customIdentity else { continue }
        (id, idSpan) = custom
        if title == nil, s.argument("title") == nil {
          report(
            .editorUntitledCustomSource, "custom source `\(id)` has no title, so its menu entry shows the id",
            s.name.span,
            help: "add a label, e.g. `title: \"Stock Footage\"`")
        }
      } else {
        (id, idSpan) = (kind.rawValue, s.name.span)
      }
      if let first = idSpans[id] {
        report(
          .editorDuplicateID, "duplicate `\(menu.statementName)` source id `\(id)`", idSpan,
          labels: [Label(span: first, message: "`\(id)` is already offered here")],
          notes: ["each source of a button appears once; a custom source's id must differ from the built-in names"],
          help: kind == .custom ? "give this custom source a different id" : "remove one of the two `\(id)` sources")
        continue
      }
      idSpans[id] = idSpan
      options.append((EditorAddOption(kind, id: id, title: title, icon: icon), idSpan))
    }
    return options
  }

  /// Reports a positional argument of `addClip`/`addAudio` other than `none`; a source name
  /// gets a fix-it that moves it into a block.
  private mutating func reportNotNone(_ argument: Argument, of s: Statement, menu: EditorAddMenu) {
    let name = menu.statementName
    var help = "write `\(name) none` to remove the button, or list sources in a block"
    var fixIts: [FixIt] = []
    if case .name(let id) = argument.value.kind, let kind = EditorAddSourceKind(rawValue: id.name),
      menu.builtInSources.contains(kind)
    {
      help = "list sources in a block: `\(name) { \(id.name) }`"
      if s.block == nil {
        fixIts.append(FixIt(span: argument.span, replacement: "{ \(id.name) }", message: "put `\(id.name)` in a block"))
      }
    }
    report(
      .typeMismatch, "`\(name)` takes `none` or a block of sources, found \(describeFound(argument.value))",
      argument.span,
      help: help, fixIts: fixIts)
  }
}
