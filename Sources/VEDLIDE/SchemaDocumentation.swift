import VEDLSema

/// Markdown for statements, arguments and types, written from the statement schema so that
/// hover and completion document the language exactly as the checker understands it.
public enum SchemaDocumentation {
  /// How a positional argument is shown in a signature: `main|overlay|audio` for a small
  /// enumeration, otherwise the type's name in capitals (`SOURCE`, `DURATION`).
  static func placeholder(_ argument: ArgumentSchema) -> String {
    if case .enumeration(let e) = argument.type, e.cases.count <= 4 { return e.cases.joined(separator: "|") }
    return argument.type.description.uppercased()
  }

  /// `clip SOURCE [at: Time] [duration: Duration] … [muted] { … }`.
  public static func signature(_ schema: StatementSchema) -> String {
    var parts = [schema.name]
    for p in schema.positional {
      parts.append(p.isRequired ? placeholder(p) : "[\(placeholder(p))]")
    }
    for l in schema.labelled {
      let text = "\(l.label ?? ""): \(l.type.description)"
      parts.append(l.isRequired ? text : "[\(text)]")
    }
    for flag in schema.flags { parts.append("[\(flag)]") }
    if schema.block != nil { parts.append("{ … }") }
    return parts.joined(separator: " ")
  }

  /// The statement's signature, documentation and argument list.
  public static func statement(_ schema: StatementSchema) -> String {
    var out = "```vedl\n\(signature(schema))\n```\n\n\(schema.documentation)\n"
    let arguments = schema.positional + schema.labelled
    if !arguments.isEmpty {
      out += "\n"
      for a in arguments { out += "- " + argumentLine(a) + "\n" }
    }
    if !schema.flags.isEmpty {
      out += "- flags: " + schema.flags.map { "`\($0)`" }.joined(separator: ", ") + "\n"
    }
    return out
  }

  /// One argument as a list line: `` `at:` Time — doc (default `0s`) ``.
  static func argumentLine(_ a: ArgumentSchema) -> String {
    var line = a.label.map { "`\($0):` " } ?? "positional "
    line += "*\(a.type.description)*"
    if a.isRequired { line += " (required)" }
    line += " — \(a.documentation)"
    if let d = a.defaultValue { line += " Default `\(d)`." }
    return line
  }

  /// Hover text for one argument of `statement`.
  public static func argument(_ a: ArgumentSchema, of statement: StatementSchema) -> String {
    var out = "```vedl\n\(statement.name) "
    out += a.label.map { "\($0): \(a.type.description)" } ?? placeholder(a)
    out += "\n```\n\n\(a.documentation)\n"
    if let d = a.defaultValue { out += "\nDefault: `\(d)`\n" }
    let cases = a.type.enumerationCases
    if !cases.isEmpty { out += "\nOne of " + cases.map { "`\($0)`" }.joined(separator: ", ") + ".\n" }
    return out
  }

  /// A `param` type's name with what it accepts.
  static func parameterType(_ name: String) -> String? {
    guard let type = ParameterTypes.table[name] else { return nil }
    return "```vedl\n\(name)\n```\n\nA parameter type: values are \(typeDescription(type))."
  }

  /// What values of a type look like, for people.
  static func typeDescription(_ type: ValueType) -> String {
    switch type {
    case .number: "numbers (`3`, `0.5`, `-2`)"
    case .integer: "whole numbers"
    case .duration: "durations (`2s`, `250ms`, `48f`, `00:00:01:15`)"
    case .time: "times on the timeline (`2s`, `opening.end + 1s`, `end`)"
    case .range: "ranges (`2s..6s`, half-open)"
    case .ratio: "ratios (`9:16`)"
    case .size: "sizes (`1080x1920`)"
    case .fraction: "fractions (`80%` or `0.8`)"
    case .gain: "gains (`-12dB`)"
    case .speed: "speeds (`2x`)"
    case .angle: "angles (`90deg`)"
    case .color: "colours (`#FF6600`, `#FFFFFF80`, `white`)"
    case .string: "strings (`\"text\"`, with `\\(…)` interpolation)"
    case .path: "file paths, written as strings and resolved against the script's folder"
    case .bool: "`true` or `false`"
    case .newIdentifier, .itemIdentifier: "names"
    case .source: "sources (`video(\"a.mp4\")`, `color(#000)`, `testpattern()`, …)"
    case .enumeration(let e): e.cases.map { "`\($0)`" }.joined(separator: ", ")
    case .call(let shapes): shapes.map { "`\($0.signature)`" }.joined(separator: " or ")
    case .oneOf(let types): types.map(typeDescription).joined(separator: " or ")
    }
  }
}
