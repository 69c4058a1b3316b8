import VEDLSource
import VEDLSyntax

/// Finds where each ``ScriptMutation/Kind`` applies in a parsed script and makes mutations
/// there: every mutation of a kind by its site index, or a random one from a seeded generator.
///
/// Sites come from the syntax tree (statements, declarations, arguments and their values at
/// every depth, calls' arguments included) and from the file's non-blank lines, so a mutation
/// keeps the rest of the file as it was: the result is what a user editing the file would
/// have on screen.
public struct ScriptMutator: Sendable {
  /// The file the mutations apply to.
  public let file: SourceFile
  /// Statements and declarations, each with the text it is cut to.
  private var cuts: [(span: Span, name: String)] = []
  /// Every value: arguments (of statements and of calls), `let` values, `param` defaults.
  private var values: [Span] = []
  private var labelled: [Span] = []
  private var positional: [Span] = []
  /// Non-blank lines, each with its line break (the last line may have none).
  private var lines: [Span] = []
  /// Names the file defines (`let`, `param`, `id:`), so that swapped-in identifiers resolve.
  private var names: [String] = []

  /// The sites of `parse`'s file.
  public init(_ parse: ParseResult) {
    file = parse.file
    for item in parse.syntax.items { collect(item) }
    collectLines()
  }

  /// How many places `kind` applies to.
  public func siteCount(_ kind: ScriptMutation.Kind) -> Int {
    switch kind {
    case .cutToName: cuts.count
    case .swapValue: values.count
    case .dropLabelledArgument: labelled.count
    case .dropPositionalArgument: positional.count
    case .moveLine: lines.count > 1 ? lines.count : 0
    case .duplicateLine: lines.count
    }
  }

  /// The mutation of `kind` at site `index` (below ``siteCount(_:)``); `random` picks the
  /// replacement value or the line's destination where there is a choice.
  public func mutation(
    _ kind: ScriptMutation.Kind, at index: Int, using random: inout some RandomNumberGenerator
  ) -> ScriptMutation {
    switch kind {
    case .cutToName:
      let cut = cuts[index]
      return ScriptMutation(kind: kind, span: cut.span, replacement: cut.name)
    case .swapValue:
      let span = values[index]
      let original = file.text(span)
      var replacement = original
      // A handful of tries finds a value other than the one written.
      for _ in 0..<4 where replacement == original { replacement = randomValue(using: &random) }
      return ScriptMutation(kind: kind, span: span, replacement: replacement)
    case .dropLabelledArgument:
      return ScriptMutation(kind: kind, span: withLeadingBlanks(labelled[index]), replacement: "")
    case .dropPositionalArgument:
      return ScriptMutation(kind: kind, span: withLeadingBlanks(positional[index]), replacement: "")
    case .moveLine:
      var destination = Int.random(in: 0..<(lines.count - 1), using: &random)
      if destination >= index { destination += 1 }
      return move(line: index, before: destination)
    case .duplicateLine:
      let line = lines[index]
      let text = file.text(line)
      if text.hasSuffix("\n") {
        return ScriptMutation(kind: kind, span: Span.point(line.end), replacement: text)
      }
      return ScriptMutation(kind: kind, span: Span.point(line.end), replacement: "\n" + text)
    }
  }

  /// A random mutation of a random kind that applies here; `nil` for a file with no sites.
  public func randomMutation(using random: inout some RandomNumberGenerator) -> ScriptMutation? {
    let kinds = ScriptMutation.Kind.allCases.filter { siteCount($0) > 0 }
    guard let kind = kinds.randomElement(using: &random) else { return nil }
    return mutation(kind, at: Int.random(in: 0..<siteCount(kind), using: &random), using: &random)
  }

  // MARK: Values

  /// Values of every type the language has, and some it has not (a list).
  private static let valuePool = [
    "3", "0", "-1", "1.5", "100000000000", "\"text\"", "\"\"", "\"\\(1 + 1)\"", "2s", "500ms", "0s", "-2s",
    "12f", "#FF0000", "#00000000", "red", "bottom", "horizontal", "[1, 2]", "9:16", "0:0", "640x360", "50%",
    "-6dB", "2x", "90deg", "true", "false", "1s..2s", "2s..1s", "end", "main.end", "canvas.width", "1 + 2s",
    "(3s)", "video(\"a.mp4\")", "image(\"logo.png\")", "audio(\"music.wav\")", "color(#102030)",
    "testpattern()", "tone(440)", "dynamic(maximumTracks: 2)", "nothing",
  ]

  private func randomValue(using random: inout some RandomNumberGenerator) -> String {
    if !names.isEmpty, Int.random(in: 0..<4, using: &random) == 0 {
      let name = names.randomElement(using: &random)!
      return Bool.random(using: &random) ? name : name + [".start", ".end", ".duration"].randomElement(using: &random)!
    }
    return Self.valuePool.randomElement(using: &random)!
  }

  // MARK: Lines

  private mutating func collectLines() {
    let bytes = file.bytes
    var start = 0
    while start < bytes.count {
      var end = start
      while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
      let next = end < bytes.count ? end + 1 : end
      if bytes[start..<end].contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != 13 }) {
        lines.append(Span(start: start, end: next))
      }
      start = next
    }
  }

  /// Line `index` taken out and put back before line `destination`, as one replacement of the
  /// bytes between them.
  private func move(line index: Int, before destination: Int) -> ScriptMutation {
    let line = lines[index]
    var text = file.text(line)
    if !text.hasSuffix("\n") { text += "\n" }
    let target = lines[destination].start
    if target < line.start {
      let between = file.text(Span(start: target, end: line.start))
      var replacement = text + between
      // The moved line was the last and had no line break: the one added above stays.
      if !file.text(line).hasSuffix("\n"), replacement.hasSuffix("\n") { replacement.removeLast() }
      return ScriptMutation(kind: .moveLine, span: Span(start: target, end: line.end), replacement: replacement)
    }
    let between = file.text(Span(start: line.end, end: target))
    return ScriptMutation(kind: .moveLine, span: Span(start: line.start, end: target), replacement: between + text)
  }

  /// `span` extended back over the blanks before it, so that dropping an argument leaves no
  /// double space.
  private func withLeadingBlanks(_ span: Span) -> Span {
    var start = span.start
    let bytes = file.bytes
    while start > 0, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") { start -= 1 }
    return Span(start: start, end: span.end)
  }

  // MARK: Collecting

  private mutating func collect(_ item: Item) {
    switch item {
    case .version(let d):
      cuts.append((d.span, "vedl"))
      values.append(d.version.span)
    case .param(let d):
      cuts.append((d.span, "param \(d.name.name)"))
      names.append(d.name.name)
      if let value = d.defaultValue { collect(value) }
    case .let(let d):
      cuts.append((d.span, "let \(d.name.name)"))
      names.append(d.name.name)
      collect(d.value)
    case .statement(let s):
      cuts.append((s.span, s.name.name))
      collect(s.arguments)
      for item in s.block?.items ?? [] { collect(item) }
    case .error:
      break
    }
  }

  private mutating func collect(_ arguments: [Argument]) {
    for argument in arguments {
      if let label = argument.label {
        labelled.append(argument.span)
        if label.name == "id", case .name(let id) = argument.value.kind { names.append(id.name) }
      } else {
        positional.append(argument.span)
      }
      collect(argument.value)
    }
  }

  private mutating func collect(_ expr: Expr) {
    values.append(expr.span)
    switch expr.kind {
    case .call(_, let arguments): collect(arguments)
    case .parenthesized(let inner), .negate(let inner): collect(inner)
    case .member(let base, _): collect(base)
    case .binary(let first, let rest):
      collect(first)
      for operation in rest { collect(operation.operand) }
    case .literal, .bool, .string, .name, .error:
      break
    }
  }
}
