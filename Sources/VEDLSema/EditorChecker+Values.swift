import VEDLDiagnostics
import VEDLSource
import VEDLSyntax

// Reading the values of editor statements: strings (titles, icons, custom ids), whole
// numbers (track counts), and the words describing a wrong value in messages.

extension EditorCheckRun {
  /// The string `e` evaluates to, or `nil` after a problem was reported. A literal of
  /// another type (`3`, `2s`, `true`, `#FFF`) is reported here (`E0304`) without asking the
  /// evaluator; strings, names and other expressions go to `evaluateString`, which reports
  /// what is wrong with them (an unknown name, a value of another type).
  mutating func stringValue(_ e: Expr, _ role: String) -> String? {
    switch e.kind {
    case .error:
      return nil
    case .literal, .bool:
      report(.typeMismatch, "expected String, found \(describeFound(e))", e.span, notes: ["\(role) is a string"])
      return nil
    default:
      return evaluateString(e)
    }
  }

  /// The string given for `label:` on `s`, when the schema entry of `s` in `context` takes
  /// that label (otherwise the generic pass reports the label and it is ignored here).
  mutating func labelledString(_ s: Statement, _ label: String, in context: StatementContext) -> String? {
    guard Schema.editorStatement(s.name.name, in: context)?.labelled(label) != nil,
      let argument = s.argument(label)
    else { return nil }
    return stringValue(argument.value, "`\(label):`")
  }

  /// The id of `custom ID …` and the span of the id, or `nil` when it is missing (the
  /// generic pass reports that), not a string, or empty (`E0707`). A bare name is taken
  /// for a forgotten pair of quotes (`E0304` with a fix-it), not evaluated: ids are text
  /// for the host, written as string literals (interpolation allowed).
  mutating func customID(_ s: Statement) -> (id: String, span: Span)? {
    guard let value = s.positional.first?.value else { return nil }
    if case .name(let name) = value.kind {
      report(
        .typeMismatch, "expected String, found `\(name.name)`", value.span,
        notes: ["a custom item's id is a string"], help: "write the id in quotes: `\"\(name.name)\"`",
        fixIts: [FixIt(span: value.span, replacement: "\"\(name.name)\"", message: "quote `\(name.name)`")])
      return nil
    }
    guard let id = stringValue(value, "a custom item's id") else { return nil }
    guard !id.isEmpty else {
      report(
        .editorEmptyCustomID, "custom item id is empty", value.span,
        notes: ["the editor host finds a custom item's view or action by its id"],
        help: "give it a unique id, e.g. `\"my.package.timeline.button.share\"`")
      return nil
    }
    return (id, value.span)
  }

  /// The whole number written as `e` (`3`, `-1`, `(2)`), or `nil` after reporting `E0304`.
  mutating func wholeNumber(_ e: Expr) -> Int? {
    switch e.kind {
    case .error:
      return nil
    case .parenthesized(let inner):
      return wholeNumber(inner)
    case .negate(let inner):
      return wholeNumber(inner).map { -$0 }
    case .literal(.number(let r)):
      guard r.isInteger, let n = Int(exactly: r.numerator) else {
        report(
          .typeMismatch, "expected Int, found Number", e.span, notes: ["a track count is a whole number of rows"],
          help: "use a whole number")
        return nil
      }
      return n
    default:
      report(
        .typeMismatch, "expected Int, found \(describeFound(e))", e.span,
        notes: ["a track count is written as a whole number, e.g. `2`"])
      return nil
    }
  }

  /// How a wrongly typed value is named in a message: its type for literals, its source
  /// text for names and expressions.
  func describeFound(_ e: Expr) -> String {
    switch e.kind {
    case .literal(let literal):
      switch literal {
      case .number, .percent: return "Number"
      case .duration: return "Duration"
      case .ratio: return "Ratio"
      case .size: return "Size"
      case .gain: return "Gain"
      case .speed: return "Speed"
      case .angle: return "Angle"
      case .color: return "Color"
      }
    case .bool: return "Bool"
    case .string: return "String"
    case .parenthesized(let inner): return describeFound(inner)
    case .error: return "an invalid expression"
    case .name, .member, .call, .binary, .negate:
      var text = file.text(e.span)
      if text.count > 40 { text = String(text.prefix(39)) + "…" }
      return "`\(text)`"
    }
  }
}

extension Schema {
  /// Editor statements by context and name (the checker's view of ``editorStatements``).
  private static let editorIndex: [StatementContext: [String: StatementSchema]] = {
    var table: [StatementContext: [String: StatementSchema]] = [:]
    for s in editorStatements {
      for c in s.contexts { table[c, default: [:]][s.name] = s }
    }
    return table
  }()

  /// The editor statement called `name` in `context`, if there is one.
  static func editorStatement(_ name: String, in context: StatementContext) -> StatementSchema? {
    editorIndex[context]?[name]
  }
}
