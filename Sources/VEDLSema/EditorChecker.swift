import VEDLDiagnostics
import VEDLSource
import VEDLSyntax

/// Gives `editor { … }` its meaning: builds the ``EditorConfiguration`` an editor host loads
/// and reports what is wrong with it (codes `E07xx`/`W07xx`, plus `E0302`/`E0303`/`E0304`/
/// `E0308` for the values it evaluates).
///
/// Statements apply in source order: `header` declares the header and each `modifyHeader`
/// edits the header declared before it; of a setting given twice (`header`, `height`,
/// `expanded`, `addClip`, `addAudio`, a placement group) the first counts.
///
/// Division of labour with the schema's generic pass: that pass reports unknown statements,
/// unknown or repeated labels, missing or surplus positional arguments, unexpected blocks and
/// settings given twice (all from ``Schema/editorStatements``). This checker skips such
/// statements and arguments silently, so each mistake is reported once, and never traps on
/// malformed input.
public enum EditorChecker {
  /// Checks the `editor` statement `statement` of `file`.
  ///
  /// `evaluateString` evaluates an expression that should be a string — a literal, an
  /// interpolation, a name bound to a string (`title: label` with `param label: String`) —
  /// and returns `nil` when it is not one, after reporting why (an unknown name, a value of
  /// another type). The checker calls it for titles, icons and string ids, but never for
  /// literals of another type (`title: 3`) or bare names where an id string is expected
  /// (`custom mute`): those it reports itself (`E0304`), so that each mistake is reported
  /// once.
  public static func check(
    _ statement: Statement, file: SourceFile, evaluateString: (Expr) -> String?
  ) -> (EditorConfiguration, [Diagnostic]) {
    withoutActuallyEscaping(evaluateString) { evaluate in
      var run = EditorCheckRun(file: file, evaluateString: evaluate)
      run.checkEditor(statement)
      return (run.configuration, run.diagnostics)
    }
  }
}

/// The mutable state of one `EditorChecker.check` call.
struct EditorCheckRun {
  let file: SourceFile
  let evaluateString: (Expr) -> String?
  var diagnostics: [Diagnostic] = []
  var configuration = EditorConfiguration.default

  init(file: SourceFile, evaluateString: @escaping (Expr) -> String?) {
    self.file = file
    self.evaluateString = evaluateString
  }

  mutating func report(
    _ code: DiagnosticCode, _ message: String, _ span: Span, labels: [Label] = [], notes: [String] = [],
    help: String? = nil, fixIts: [FixIt] = []
  ) {
    diagnostics.append(
      Diagnostic(code, message, file: file, span: span, labels: labels, notes: notes, help: help, fixIts: fixIts))
  }

  /// Reports `E0706` for a statement that needs a block and has none.
  mutating func reportMissingBlock(_ s: Statement, example: String, help: String? = nil) {
    report(
      .editorMissingBlock, "`\(s.name.name)` needs a block", s.span,
      help: help ?? "add the block, e.g. `\(example)`",
      fixIts: [FixIt(span: Span.point(s.span.end), replacement: " {}", message: "add an empty block")])
  }

  // MARK: The editor block

  /// Walks the `editor` block in source order and fills ``configuration``.
  mutating func checkEditor(_ editor: Statement) {
    guard let block = editor.block else {
      reportMissingBlock(editor, example: "editor { height fixed(tracks: 2) }")
      return
    }
    let statements = block.items.compactMap { item -> Statement? in
      if case .statement(let s) = item { return s }
      return nil
    }
    var first: [String: Span] = [:]
    var layout: EditorHeaderLayout? = nil
    var sourceIDs: [EditorItemID] = []
    for (position, s) in statements.enumerated() {
      let name = s.name.name
      let isFirst = first[name] == nil
      if isFirst { first[name] = s.name.span }
      switch name {
      case "header":
        let built = buildHeader(s)
        if isFirst { layout = built }
      case "modifyHeader":
        let laterHeader = statements[(position + 1)...].first { $0.name.name == "header" }
        modifyHeader(s, layout: &layout, laterHeader: laterHeader)
      case "addClip":
        let (button, ids) = checkAddButton(s, menu: .clip)
        if isFirst {
          configuration.addClip = button
          sourceIDs += ids
        }
      case "addAudio":
        let (button, ids) = checkAddButton(s, menu: .audio)
        if isFirst {
          configuration.addAudio = button
          sourceIDs += ids
        }
      case "height":
        if let height = checkHeight(s), isFirst { configuration.height = height }
      case "expanded":
        if let expanded = checkExpanded(s), isFirst { configuration.expanded = expanded }
      default:
        // Unknown here: the generic schema pass reports it.
        continue
      }
    }
    configuration.header = layout?.header
    let headerIDs = layout?.identifiedItems.map { EditorItemID(id: $0.id, span: $0.span, owner: "the header") } ?? []
    reportSharedIDs(headerIDs + sourceIDs)
  }

  /// Reports ids used by more than one of the header, `addClip` and `addAudio` (`E0703`):
  /// ids are unique in the whole `editor` block, so the host can tell every item apart.
  /// Within each of the three, duplicates were reported as they were added.
  mutating func reportSharedIDs(_ ids: [EditorItemID]) {
    var firstUse: [String: EditorItemID] = [:]
    for use in ids.sorted(by: { $0.span.start < $1.span.start }) {
      guard let first = firstUse[use.id] else {
        firstUse[use.id] = use
        continue
      }
      report(
        .editorDuplicateID, "id `\(use.id)` of \(use.owner) is already used by \(first.owner)", use.span,
        labels: [Label(span: first.span, message: "`\(use.id)` is used here")],
        notes: ["ids are unique in the whole `editor` block: header items and the sources of both add buttons"],
        help: "give one of them a different id")
    }
  }

  // MARK: expanded

  /// The value of `expanded BOOL`, or `nil` after reporting a non-Bool.
  mutating func checkExpanded(_ s: Statement) -> Bool? {
    guard let value = s.positional.first?.value else { return nil }
    switch value.kind {
    case .bool(let b):
      return b
    case .error:
      return nil
    default:
      var fixIts: [FixIt] = []
      if case .string = value.kind, let text = evaluateString(value), text == "true" || text == "false" {
        fixIts.append(FixIt(span: value.span, replacement: text, message: "write `\(text)` without quotes"))
      }
      report(
        .typeMismatch, "expected Bool, found \(describeFound(value))", value.span,
        notes: [
          "`expanded` takes a literal `true` (the timeline starts expanded) or `false` (collapsed to its header)"
        ],
        help: "write `expanded true` or `expanded false`", fixIts: fixIts)
      return nil
    }
  }
}
