import VEDLSource

/// Renders diagnostics as the JSON of `vedl check --format json` (LANGUAGE.md §6): one
/// array, one object per diagnostic:
///
/// ```json
/// {"file": "a.vedl", "severity": "error", "code": "E0101", "message": "…",
///  "range": {"start": {"line": 3, "column": 8}, "end": {"line": 3, "column": 21}},
///  "labels": [{"file": "…", "range": {…}, "message": "…"}],
///  "notes": ["…"], "help": "…",
///  "fixits": [{"range": {…}, "replacement": "…", "message": "…"}]}
/// ```
///
/// Lines and columns are 1-based, columns count Unicode scalars, and `end` is the position
/// of the span's (exclusive) end. `labels`, `notes`, `help` and `fixits` appear only when
/// the diagnostic has them. Keys come in the fixed order shown, so output is stable; each
/// diagnostic is written on its own line inside the array.
public struct JSONRenderer: Sendable {
  /// Creates a renderer.
  public init() {}

  /// The JSON array for `diagnostics`, in the order given. Like `JSONEncoder` output it
  /// has no trailing newline; the caller adds one when writing it out.
  public func render(_ diagnostics: [Diagnostic]) -> String {
    if diagnostics.isEmpty { return "[]" }
    var out = "[\n"
    for (index, diagnostic) in diagnostics.enumerated() {
      out += "  "
      value(of: diagnostic).write(to: &out)
      out += index == diagnostics.count - 1 ? "\n" : ",\n"
    }
    out += "]"
    return out
  }

  /// The JSON object for one diagnostic (compact, no trailing newline).
  public func render(_ diagnostic: Diagnostic) -> String {
    value(of: diagnostic).serialized()
  }

  /// The structured value for one diagnostic.
  func value(of diagnostic: Diagnostic) -> JSONValue {
    let file = diagnostic.file
    var members: [(key: String, value: JSONValue)] = [
      ("file", .string(file.path)),
      ("severity", .string(diagnostic.severity.rawValue)),
      ("code", .string(diagnostic.code.id)),
      ("message", .string(diagnostic.message)),
      ("range", range(of: diagnostic.span, in: file)),
    ]
    if !diagnostic.labels.isEmpty {
      members.append(
        (
          "labels",
          .array(
            diagnostic.labels.map { label in
              let labelFile = label.file ?? file
              return .object([
                ("file", .string(labelFile.path)),
                ("range", range(of: label.span, in: labelFile)),
                ("message", .string(label.message)),
              ])
            })
        ))
    }
    if !diagnostic.notes.isEmpty {
      members.append(("notes", .array(diagnostic.notes.map { .string($0) })))
    }
    if let help = diagnostic.help {
      members.append(("help", .string(help)))
    }
    if !diagnostic.fixIts.isEmpty {
      members.append(
        (
          "fixits",
          .array(
            diagnostic.fixIts.map { fixIt in
              .object([
                ("range", range(of: fixIt.span, in: file)),
                ("replacement", .string(fixIt.replacement)),
                ("message", .string(fixIt.message)),
              ])
            })
        ))
    }
    return .object(members)
  }

  /// `{"start": {line, column}, "end": {line, column}}` of a span, 1-based.
  private func range(of span: Span, in file: SourceFile) -> JSONValue {
    func position(_ offset: Int) -> JSONValue {
      let location = file.lines.location(of: offset)
      return .object([("line", .integer(location.line)), ("column", .integer(location.column))])
    }
    return .object([("start", position(span.start)), ("end", position(span.end))])
  }
}
