import VEDLSema
import VEDLSource
import VEDLSyntax

/// One entry of a document's outline.
public struct DocumentSymbol: Sendable, Hashable {
  /// What the entry is, so that editors can pick an icon.
  public enum Kind: String, Sendable, Hashable {
    case canvas, parameter, variable, track, clip, text, shape, gap, transition, captions, cue, editor, export
    /// Any other statement with a block (`header`, `addClip`, …) or inside one.
    case statement
  }

  public var name: String
  /// One line beside the name: the track's kind, an item's place on the timeline, a value.
  public var detail: String?
  public var kind: Kind
  /// The whole declaration.
  public var span: Span
  /// The part to select and reveal: the name.
  public var selectionSpan: Span
  public var children: [DocumentSymbol]
}

/// The outline: canvas, parameters, `let`s, tracks with their items, captions with their
/// cues, the editor block and the exports. An item's detail is its place on the timeline
/// once the file checks.
public enum DocumentSymbolProvider {
  /// The outline of a document, in source order.
  public static func symbols(in analysis: DocumentAnalysis) -> [DocumentSymbol] {
    let syntax = analysis.syntax
    let locator = analysis.timeline.map { TimelineLocator(statements: syntax.statements, timeline: $0) }
    var children: [Int: [Int]] = [:]
    var roots: [Int] = []
    for (index, entry) in syntax.statements.entries.enumerated() {
      if let parent = entry.parent { children[parent, default: []].append(index) } else { roots.append(index) }
    }
    func build(_ index: Int) -> DocumentSymbol {
      let entry = syntax.statements.entries[index]
      let s = entry.statement
      let name = s.name.name
      var symbol = DocumentSymbol(
        name: name, detail: argumentsText(s, file: syntax.file), kind: kind(of: entry), span: s.span,
        selectionSpan: s.name.span,
        children: [])
      switch symbol.kind {
      case .track:
        let words = s.positional.compactMap { a -> String? in
          if case .name(let id) = a.value.kind { return id.name }
          return MediaDescription.literalString(a.value).map { "\"\($0)\"" }
        }
        symbol.name = "track " + words.joined(separator: " ")
        symbol.detail = nil
      case .clip, .text, .shape, .gap, .transition:
        if let id = s.argument("id"), case .name(let word) = id.value.kind {
          symbol.name = "\(name) \(word.name)"
        } else if let first = s.positional.first {
          symbol.name = "\(name) \(shorten(syntax.file.text(first.value.span)))"
        }
        if let timeline = analysis.timeline, let placement = locator?.placement(of: s) {
          switch placement {
          case .item(let track, let item):
            let i = timeline.tracks[track].items[item]
            symbol.detail = TimeDescription.span(start: i.start, end: i.end, canvas: timeline.canvas)
          case .transition(let t):
            let tr = timeline.transitions[t]
            symbol.detail = TimeDescription.span(start: tr.start, end: tr.end, canvas: timeline.canvas)
          }
        }
      case .cue:
        if s.positional.count > 1, let text = MediaDescription.literalString(s.positional[1].value) {
          symbol.name = "cue " + shorten("\"\(text)\"")
        }
      default:
        break
      }
      // Items keep their modifiers out of the outline: tracks → items is the useful depth.
      if ![.clip, .text, .shape].contains(symbol.kind) {
        symbol.children = (children[index] ?? []).map(build)
      }
      return symbol
    }

    var out: [DocumentSymbol] = []
    var rootIterator = roots.makeIterator()
    var nextRoot = rootIterator.next()
    for item in syntax.parse.syntax.items {
      switch item {
      case .param(let d):
        out.append(
          DocumentSymbol(
            name: d.name.name, detail: d.type.name, kind: .parameter, span: d.span, selectionSpan: d.name.span,
            children: []))
      case .let(let d):
        out.append(
          DocumentSymbol(
            name: d.name.name, detail: shorten(syntax.file.text(d.value.span)), kind: .variable, span: d.span,
            selectionSpan: d.name.span, children: []))
      case .statement(let s):
        while let r = nextRoot, syntax.statements.entries[r].statement.span.start < s.span.start {
          nextRoot = rootIterator.next()
        }
        if let r = nextRoot, syntax.statements.entries[r].statement.span == s.span {
          out.append(build(r))
          nextRoot = rootIterator.next()
        }
      default:
        break
      }
    }
    return out
  }

  static func kind(of entry: StatementTable.Entry) -> DocumentSymbol.Kind {
    switch (entry.statement.name.name, entry.context) {
    case ("canvas", .file?): .canvas
    case ("track", .file?): .track
    case ("captions", .file?): .captions
    case ("editor", .file?): .editor
    case ("export", .file?): .export
    case ("cue", .captions?): .cue
    case ("clip", _): .clip
    case ("text", .overlayTrack?): .text
    case ("shape", .overlayTrack?): .shape
    case ("gap", .mainTrack?): .gap
    case ("crossfade", .mainTrack?), ("fade", .mainTrack?), ("wipe", .mainTrack?), ("slide", .mainTrack?),
      ("transition", .mainTrack?):
      .transition
    default: .statement
    }
  }

  /// The statement's arguments as written, shortened.
  static func argumentsText(_ s: Statement, file: SourceFile) -> String? {
    guard let first = s.arguments.first, let last = s.arguments.last else { return nil }
    return shorten(file.text(Span(start: first.span.start, end: last.span.end)))
  }

  /// `text` on one line, at most 60 characters.
  static func shorten(_ text: String) -> String {
    let line = String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\t" ? " " : $0 })
    return line.count > 60 ? String(line.prefix(59)) + "…" : line
  }
}
