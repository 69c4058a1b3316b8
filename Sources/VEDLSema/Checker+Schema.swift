import VEDLDiagnostics
import VEDLSource
import VEDLSyntax

/// A statement that passed ``CheckRun/validate(_:in:seen:)``: its schema entry and its
/// arguments sorted by it (computed once, used by the statement's meaning).
struct CheckedStatement {
  let entry: SchemaEntry
  let arguments: BoundArguments

  var schema: StatementSchema { entry.schema }
}

/// The statements of one block that may appear only once there, with where each was first
/// given (few: a linear list beats a dictionary).
struct SeenStatements {
  private var entries: [(entry: ObjectIdentifier, span: Span)] = []

  /// Where `entry`'s statement was first given in the block, recording `span` if it is new.
  mutating func firstSpan(of entry: SchemaEntry, recording span: Span) -> Span? {
    let id = ObjectIdentifier(entry)
    for e in entries where e.entry == id { return e.span }
    entries.append((id, span))
    return nil
  }
}

extension CheckRun {
  /// Validates `s` against the schema of `context`: the statement exists there, its labels
  /// are known and not repeated, required arguments are present, and a block is allowed.
  /// `seen` tracks statements that may appear only once per block. Returns the schema with
  /// the arguments sorted by it, or `nil` when the statement is unknown here.
  func validate(_ s: Statement, in context: StatementContext, seen: inout SeenStatements) -> CheckedStatement? {
    guard let entry = Schema.entry(s.name, in: context, source: file.bytes) else {
      let candidates = Schema.statements(in: context).map(\.name)
      var notes: [String] = []
      let elsewhere = Schema.contexts(of: s.name.name)
      if !elsewhere.isEmpty {
        notes.append("`\(s.name.name)` belongs in \(elsewhere.map(Self.describe).joined(separator: " or "))")
      }
      var fixIts: [FixIt] = []
      var help: String? = nil
      if elsewhere.isEmpty, let suggestion = Suggestion.closest(to: s.name.name, in: candidates) {
        help = "did you mean `\(suggestion)`?"
        fixIts.append(FixIt(span: s.name.span, replacement: suggestion, message: "replace with `\(suggestion)`"))
      } else if elsewhere.isEmpty, !candidates.isEmpty {
        notes.append("\(Self.describe(context)) accepts: \(candidates.map { "`\($0)`" }.joined(separator: ", "))")
      }
      report(
        .unknownStatement,
        elsewhere.isEmpty
          ? "unknown statement `\(s.name.name)`" : "`\(s.name.name)` is not allowed in \(Self.describe(context))",
        s.name.span, notes: notes, help: help, fixIts: fixIts)
      return nil
    }
    if !entry.schema.isRepeatable, let first = seen.firstSpan(of: entry, recording: s.name.span) {
      let name = entry.schema.name
      report(
        .repeatedStatement, "`\(name)` appears more than once in \(Self.describe(context))", s.name.span,
        labels: [Label(span: first, message: "first given here")], help: "keep one `\(name)`")
    }
    let arguments = bind(s, entry, reporting: true)
    if let block = s.block, entry.schema.block == nil {
      report(.unexpectedBlock, "`\(entry.schema.name)` takes no block", block.span, help: "remove the `{ … }`")
    }
    return CheckedStatement(entry: entry, arguments: arguments)
  }

  /// A context as a phrase for messages.
  static func describe(_ context: StatementContext) -> String {
    switch context {
    case .file: "the top level"
    case .mainTrack: "`track main`"
    case .overlayTrack: "an overlay track"
    case .audioTrack: "an audio track"
    case .clip: "a clip's block"
    case .text: "a text item's block"
    case .shape: "a shape's block"
    case .captions: "`captions`"
    case .editor: "`editor`"
    case .header: "`header`"
    case .headerItems: "a header group"
    case .modifyHeader: "`modifyHeader`"
    case .addClip: "`addClip`"
    case .addAudio: "`addAudio`"
    case .export: "an `export` block"
    case .animation: "an `animate` block"
    }
  }

  /// The arguments of `s` as its schema sorts them; with `reporting`, reports unknown,
  /// repeated, extra and missing arguments (done once, by ``validate``).
  func bind(_ s: Statement, _ entry: SchemaEntry, reporting: Bool = false) -> BoundArguments {
    let bound = BoundArguments(all: s.arguments, entry: entry)
    guard reporting else { return bound }
    let schema = entry.schema
    let source = file.bytes
    var positionalCount = 0
    for i in s.arguments.indices {
      if let label = s.arguments[i].label {
        guard entry.labelIndex(label, source: source) != nil else {
          let names = schema.labelled.compactMap(\.label)
          let suggestion = Suggestion.closest(to: label.name, in: names)
          report(
            .unexpectedArgument, "`\(schema.name)` has no argument `\(label.name):`", label.span,
            notes: names.isEmpty
              ? ["`\(schema.name)` takes no labelled arguments"]
              : ["`\(schema.name)` takes \(names.map { "`\($0):`" }.joined(separator: ", "))"],
            help: suggestion.map { "did you mean `\($0):`?" },
            fixIts: suggestion.map { [FixIt(span: label.span, replacement: $0, message: "replace with `\($0):`")] }
              ?? [])
          continue
        }
        if bound.isRepeatedLabel(at: i), let first = bound.labelled[label.name] {
          report(
            .duplicateArgument, "argument `\(label.name):` is given twice", label.span,
            labels: [Label(span: first.label!.span, message: "first given here")], help: "keep one of them")
        }
        continue
      }
      if bound.isFlag(at: i) { continue }
      positionalCount += 1
      if positionalCount > schema.positional.count {
        report(
          .unexpectedArgument,
          schema.positional.isEmpty
            ? "`\(schema.name)` takes no positional arguments" : "too many arguments to `\(schema.name)`",
          s.arguments[i].span,
          notes: schema.positional.isEmpty
            ? []
            : [
              "`\(schema.name)` takes \(schema.positional.count) positional argument\(schema.positional.count == 1 ? "" : "s")"
            ],
          help: "remove this argument")
      }
    }
    if let i = entry.requiredPositional.first(where: { $0 >= positionalCount }) {
      let p = schema.positional[i]
      report(
        .missingArgument, "`\(schema.name)` needs \(Self.article(p.type)) \(p.type)", s.span,
        notes: [p.documentation])
    }
    for slot in entry.requiredLabels where bound.labelled[schema.labelled[slot].label!] == nil {
      let p = schema.labelled[slot]
      report(.missingArgument, "`\(schema.name)` needs `\(p.label!):`", s.span, notes: [p.documentation])
    }
    return bound
  }

  static func article(_ type: ValueType) -> String {
    let first = type.description.lowercased().first ?? "x"
    return "aeiou".contains(first) ? "an" : "a"
  }
}
