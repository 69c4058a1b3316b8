import VEDLSema
import VEDLSource
import VEDLSyntax
import VEDLTime

/// Hover text and the span it describes.
public struct Hover: Sendable, Hashable {
  /// Markdown.
  public var markdown: String
  public var span: Span
}

/// Hover: the statement's documentation from the schema, the argument's type and default,
/// enumeration cases, the declaration behind a name, media facts of sources, for items and
/// transitions their resolved start and end as timecode and frames, and for `animate` and
/// `key` where the keys land and the animated values (``AnimationDescription``).
public enum HoverProvider {
  /// The hover at byte `offset`, or `nil` where there is nothing to say (comments, space).
  public static func hover(at offset: Int, in analysis: DocumentAnalysis) -> Hover? {
    let syntax = analysis.syntax
    if syntax.parse.comments.contains(where: { $0.span.start <= offset && offset < $0.span.end }) { return nil }
    let locator = analysis.timeline.map { TimelineLocator(statements: syntax.statements, timeline: $0) }
    if let occurrence = syntax.symbols.occurrence(at: offset),
      let text = nameHover(occurrence.name, in: analysis, locator: locator)
    {
      return Hover(markdown: text, span: occurrence.span)
    }
    if let index = syntax.statements.innermost(containing: offset) {
      return statementHover(syntax.statements.entries[index], at: offset, in: analysis, locator: locator)
    }
    for item in syntax.parse.syntax.items {
      switch item {
      case .param(let d) where d.span.contains(offset):
        if d.type.span.contains(offset), let text = SchemaDocumentation.parameterType(d.type.name) {
          return Hover(markdown: text, span: d.type.span)
        }
        if let value = d.defaultValue, value.span.contains(offset) {
          return expressionHover(
            value, expected: ParameterTypes.table[d.type.name], argument: nil, at: offset, in: analysis)
        }
      case .let(let d) where d.value.span.contains(offset):
        return expressionHover(d.value, expected: nil, argument: nil, at: offset, in: analysis)
      default:
        break
      }
    }
    return nil
  }

  // MARK: Names

  static func nameHover(_ name: String, in analysis: DocumentAnalysis, locator: TimelineLocator?) -> String? {
    let syntax = analysis.syntax
    guard let definition = syntax.symbols.definition(named: name) else { return nil }
    let declaration = firstLine(syntax.file.text(definition.declarationSpan))
    var out = "```vedl\n\(declaration)\n```\n"
    switch definition.kind {
    case .let:
      if let d = syntax.statements.lets.first(where: { $0.name.span == definition.nameSpan }),
        let call = MediaDescription.sourceCall(d.value, in: syntax)
      {
        out += "\n" + MediaDescription.describe(callee: call.callee, arguments: call.arguments, in: analysis)
      }
    case .param:
      if let value = analysis.timeline?.parameters[name] {
        out += "\nValue in force: `\(value.interpolationText)`\n"
      }
    case .item:
      if let entry = syntax.statements.entries.first(where: { $0.statement.span == definition.declarationSpan }),
        let lines = timingLines(entry.statement, analysis: analysis, locator: locator)
      {
        out += "\n" + lines.joined(separator: "  \n") + "\n"
      }
    }
    let uses = syntax.symbols.occurrences(of: name).filter { !$0.isDefinition }.count
    out += "\n\(definition.kind.rawValue) · used \(uses) time\(uses == 1 ? "" : "s")\n"
    return out
  }

  /// The first line of `text` (a declaration without its block), shortened to 120 characters.
  static func firstLine(_ text: String) -> String {
    var line = String(text.prefix { $0 != "\n" && $0 != "\r" })
    if line.hasSuffix("{") { line = String(line.dropLast()).trimmingTrailingSpaces() }
    return line.count > 120 ? String(line.prefix(119)) + "…" : line
  }

  // MARK: Statements

  static func timingLines(_ statement: Statement, analysis: DocumentAnalysis, locator: TimelineLocator?) -> [String]? {
    guard let timeline = analysis.timeline, let locator, let placement = locator.placement(of: statement) else {
      return nil
    }
    switch placement {
    case .item(let track, let item):
      return TimeDescription.itemLines(timeline.tracks[track].items[item], canvas: timeline.canvas)
    case .transition(let index):
      return TimeDescription.transitionLines(timeline.transitions[index], canvas: timeline.canvas)
    }
  }

  static func statementHover(
    _ entry: StatementTable.Entry, at offset: Int, in analysis: DocumentAnalysis, locator: TimelineLocator?
  ) -> Hover? {
    let statement = entry.statement
    if statement.name.span.contains(offset) {
      guard let schema = entry.documentedSchema else {
        return Hover(markdown: "Unknown statement `\(statement.name.name)`.", span: statement.name.span)
      }
      var out = SchemaDocumentation.statement(schema)
      if entry.schema == nil, entry.context != nil {
        out += "\n*Not allowed here.*\n"
      }
      if let lines = timingLines(statement, analysis: analysis, locator: locator) {
        out += "\n---\n\n" + lines.joined(separator: "  \n") + "\n"
      } else if TimelineLocator.itemStatements.contains(schema.name), schema.contexts.contains(.mainTrack),
        entry.context != nil, analysis.timeline == nil
      {
        out += "\n---\n\n*Timing is shown once the file checks without errors.*\n"
      }
      if let text = AnimationDescription.hoverText(entry, in: analysis, locator: locator) {
        out += "\n---\n\n" + text
      }
      if schema.name == "canvas", let canvas = analysis.timeline?.canvas {
        out +=
          "\n---\n\n\(canvas.width)×\(canvas.height) at \(canvas.rate.displayName) fps, background `\(ColorNames.hex(canvas.background))`\n"
      }
      return Hover(markdown: out, span: statement.name.span)
    }
    guard let bound = entry.arguments.first(where: { $0.argument.span.contains(offset) }) else { return nil }
    if let label = bound.argument.label, label.span.contains(offset) {
      guard let a = bound.schema, let schema = entry.schema else {
        return Hover(markdown: "`\(statement.name.name)` has no argument `\(label.name):`.", span: label.span)
      }
      return Hover(markdown: SchemaDocumentation.argument(a, of: schema), span: label.span)
    }
    return expressionHover(
      bound.argument.value, expected: bound.schema?.type,
      argument: bound.schema.flatMap { a in entry.schema.map { (a, $0) } },
      at: offset, in: analysis)
  }

  // MARK: Expressions

  static func expressionHover(
    _ root: Expr, expected: ValueType?, argument: (ArgumentSchema, StatementSchema)?, at offset: Int,
    in analysis: DocumentAnalysis
  ) -> Hover? {
    var chain: [(expr: Expr, type: ValueType?)] = []
    ExpressionWalk.visit(root, expected: expected) { e, type in
      if e.span.contains(offset) { chain.append((e, type)) }
    }
    let argumentDoc = argument.map { SchemaDocumentation.argument($0.0, of: $0.1) }
    // The innermost source call around the cursor describes its file, even from inside the
    // path string.
    for (e, _) in chain.reversed() {
      if case .call(let callee, let arguments) = e.kind, SourceCalls.all.contains(where: { $0.name == callee.name }) {
        return Hover(
          markdown: MediaDescription.describe(callee: callee, arguments: arguments, in: analysis), span: e.span)
      }
    }
    guard let (inner, type) = chain.last else { return nil }
    switch inner.kind {
    case .name(let word):
      if let type, type.admitsWord(word.name) {
        let cases = type.enumerationCases
        var out = "`\(word.name)`"
        if !cases.isEmpty { out += " — one of " + cases.map { "`\($0)`" }.joined(separator: ", ") }
        out += "\n"
        if let argumentDoc { out += "\n---\n\n" + argumentDoc }
        return Hover(markdown: out, span: word.span)
      }
      if word.name == "end" {
        var out = "`end` — the end of the main track.\n"
        if let t = analysis.timeline {
          out +=
            "\n\(TimeDescription.timecode(t.duration, canvas: t.canvas)) · frame \(t.frameCount) · \(t.duration.secondsDescription)\n"
        }
        return Hover(markdown: out, span: word.span)
      }
      if let color = ColorNames.table[word.name] {
        return Hover(markdown: "`\(word.name)` — the colour `\(ColorNames.hex(color))`\n", span: word.span)
      }
    case .member(let base, let member) where member.span.contains(offset):
      if case .name(let id) = base.kind, let text = memberHover(id.name, member.name, in: analysis) {
        return Hover(markdown: text, span: inner.span)
      }
    case .call(let callee, _) where callee.span.contains(offset):
      if let shape = type?.callShapes.first(where: { $0.name == callee.name }) {
        return Hover(markdown: "```vedl\n\(shape.signature)\n```\n\n\(shape.documentation)\n", span: callee.span)
      }
    default:
      break
    }
    guard let argumentDoc else { return nil }
    return Hover(markdown: argumentDoc, span: chain.first?.expr.span ?? inner.span)
  }

  /// `opening.end`, `main.duration`, `canvas.width`: the resolved value.
  static func memberHover(_ base: String, _ member: String, in analysis: DocumentAnalysis) -> String? {
    guard let timeline = analysis.timeline else { return nil }
    let canvas = timeline.canvas
    func time(_ t: Rational) -> String {
      "`\(base).\(member)` = \(TimeDescription.timecode(t, canvas: canvas)) · frame \(canvas.grid.frameFloor(at: t)) · \(t.secondsDescription)\n"
    }
    if let definition = analysis.syntax.symbols.definition(named: base) {
      guard definition.kind == .item,
        let entry = analysis.syntax.statements.entries.first(where: { $0.statement.span == definition.declarationSpan }
        ),
        case .item(let track, let index)? = TimelineLocator(statements: analysis.syntax.statements, timeline: timeline)
          .placement(of: entry.statement)
      else { return nil }
      let item = timeline.tracks[track].items[index]
      switch member {
      case "start": return time(item.start)
      case "end": return time(item.end)
      case "duration": return time(item.end - item.start)
      default: return nil
      }
    }
    switch (base, member) {
    case ("main", "start"): return time(.zero)
    case ("main", "end"), ("main", "duration"): return time(timeline.duration)
    case ("canvas", "width"): return "`canvas.width` = \(canvas.width)\n"
    case ("canvas", "height"): return "`canvas.height` = \(canvas.height)\n"
    case ("canvas", "fps"): return "`canvas.fps` = \(canvas.rate.displayName)\n"
    default: return nil
    }
  }
}

extension String {
  /// The string without trailing spaces and tabs.
  func trimmingTrailingSpaces() -> String {
    var s = Substring(self)
    while let last = s.last, last == " " || last == "\t" { s = s.dropLast() }
    return String(s)
  }
}
