import VEDLDiagnostics
import VEDLSource
import VEDLSyntax

/// A statement's arguments sorted by the schema: positional values, flags and labels.
struct BoundArguments {
  var positional: [Expr] = []
  var flags: Set<String> = []
  var labelled = LabelledArguments()
}

/// A statement's labelled arguments in source order. A statement has only a few, so a small
/// array with linear lookup is cheaper than a dictionary (no hashing, one allocation) — this is
/// on the checker's hot path — and iteration follows the source.
struct LabelledArguments: Sequence {
  private var entries: [(key: String, value: Argument)] = []

  subscript(key: String) -> Argument? {
    get {
      for entry in entries where entry.key == key { return entry.value }
      return nil
    }
    set {
      if let index = entries.firstIndex(where: { $0.key == key }) {
        if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
      } else if let newValue {
        entries.append((key, newValue))
      }
    }
  }

  var isEmpty: Bool { entries.isEmpty }
  var keys: [String] { entries.map(\.key) }

  func makeIterator() -> IndexingIterator<[(key: String, value: Argument)]> { entries.makeIterator() }
}

/// A statement that passed ``CheckRun/validate(_:in:seen:)``: its schema entry and its
/// arguments sorted by it (computed once, used by the statement's meaning).
struct CheckedStatement {
  let schema: StatementSchema
  let arguments: BoundArguments
}

extension CheckRun {
  /// Validates `s` against the schema of `context`: the statement exists there, its labels
  /// are known and not repeated, required arguments are present, and a block is allowed.
  /// `seen` tracks statements that may appear only once per block. Returns the schema with
  /// the arguments sorted by it, or `nil` when the statement is unknown here.
  func validate(_ s: Statement, in context: StatementContext, seen: inout [String: Span]) -> CheckedStatement? {
    guard let schema = Schema.statement(s.name.name, in: context) else {
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
    if !schema.isRepeatable {
      if let first = seen[schema.name] {
        report(
          .repeatedStatement, "`\(schema.name)` appears more than once in \(Self.describe(context))", s.name.span,
          labels: [Label(span: first, message: "first given here")], help: "keep one `\(schema.name)`")
      } else {
        seen[schema.name] = s.name.span
      }
    }
    let arguments = bind(s, schema, reporting: true)
    if let block = s.block, schema.block == nil {
      report(.unexpectedBlock, "`\(schema.name)` takes no block", block.span, help: "remove the `{ … }`")
    }
    return CheckedStatement(schema: schema, arguments: arguments)
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
    }
  }

  /// Sorts the arguments of `s` by its schema; with `reporting`, reports unknown, repeated
  /// and missing arguments (done once, by ``validate``).
  func bind(_ s: Statement, _ schema: StatementSchema, reporting: Bool = false) -> BoundArguments {
    var bound = BoundArguments()
    var positionalCount = 0
    for a in s.arguments {
      if let label = a.label {
        if let first = bound.labelled[label.name] {
          if reporting {
            report(
              .duplicateArgument, "argument `\(label.name):` is given twice", label.span,
              labels: [Label(span: first.label!.span, message: "first given here")], help: "keep one of them")
          }
          continue
        }
        if schema.labelled(label.name) == nil {
          if reporting {
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
          }
          continue
        }
        bound.labelled[label.name] = a
      } else {
        if case .name(let id) = a.value.kind, schema.flags.contains(id.name) {
          bound.flags.insert(id.name)
          continue
        }
        positionalCount += 1
        if positionalCount > schema.positional.count {
          if reporting {
            report(
              .unexpectedArgument,
              schema.positional.isEmpty
                ? "`\(schema.name)` takes no positional arguments" : "too many arguments to `\(schema.name)`",
              a.span,
              notes: schema.positional.isEmpty
                ? []
                : [
                  "`\(schema.name)` takes \(schema.positional.count) positional argument\(schema.positional.count == 1 ? "" : "s")"
                ],
              help: "remove this argument")
          }
          continue
        }
        bound.positional.append(a.value)
      }
    }
    if reporting {
      for (i, p) in schema.positional.enumerated() where p.isRequired && i >= bound.positional.count {
        report(
          .missingArgument, "`\(schema.name)` needs \(Self.article(p.type)) \(p.type)", s.span,
          notes: [p.documentation])
        break
      }
      for p in schema.labelled where p.isRequired && bound.labelled[p.label!] == nil {
        report(.missingArgument, "`\(schema.name)` needs `\(p.label!):`", s.span, notes: [p.documentation])
      }
    }
    return bound
  }

  static func article(_ type: ValueType) -> String {
    let first = type.description.lowercased().first ?? "x"
    return "aeiou".contains(first) ? "an" : "a"
  }
}
