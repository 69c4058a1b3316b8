import VEDLSource

/// Renders diagnostics as the JSON of `vedl check --format json` (LANGUAGE.md §6): one
/// array, one ``JSONDiagnostic`` object per diagnostic, each on its own line inside the array:
///
/// ```json
/// {"code": "E0101", "file": "a.vedl", "fixits": [{"message": "…", "range": {…}, "replacement": "…"}],
///  "help": "…", "labels": [{"file": "…", "message": "…", "range": {…}}], "message": "…",
///  "notes": ["…"], "range": {"end": {"column": 21, "line": 3}, "start": {"column": 8, "line": 3}},
///  "severity": "error"}
/// ```
///
/// Lines and columns are 1-based, columns count Unicode scalars, and `end` is the position
/// of the span's (exclusive) end. `labels`, `notes`, `help` and `fixits` appear only when
/// the diagnostic has them. Keys are sorted (``JSONOutput``), so output is stable.
public struct JSONRenderer: Sendable {
  /// Creates a renderer.
  public init() {}

  /// The JSON array for `diagnostics`, in the order given. Like `JSONEncoder` output it
  /// has no trailing newline; the caller adds one when writing it out.
  public func render(_ diagnostics: [Diagnostic]) -> String {
    if diagnostics.isEmpty { return "[]" }
    let output = JSONOutput(.line)
    var out = "[\n"
    for (index, diagnostic) in diagnostics.enumerated() {
      out += "  "
      out += output.text(of: JSONDiagnostic(diagnostic))
      out += index == diagnostics.count - 1 ? "\n" : ",\n"
    }
    out += "]"
    return out
  }

  /// The JSON object for one diagnostic (compact, no trailing newline).
  public func render(_ diagnostic: Diagnostic) -> String {
    JSONOutput(.line).text(of: JSONDiagnostic(diagnostic))
  }
}

/// One diagnostic as `vedl check --format json` writes it; decoding its output gives these back.
public struct JSONDiagnostic: Codable, Sendable, Hashable {
  /// A 1-based line and column (in Unicode scalars).
  public struct Position: Codable, Sendable, Hashable {
    public var line: Int
    public var column: Int
  }

  /// Where a span starts and (exclusively) ends.
  public struct Range: Codable, Sendable, Hashable {
    public var start: Position
    public var end: Position
  }

  /// A secondary span, in its own file.
  public struct Label: Codable, Sendable, Hashable {
    public var file: String
    public var range: Range
    public var message: String
  }

  /// A suggested edit of the diagnostic's file.
  public struct FixIt: Codable, Sendable, Hashable {
    public var range: Range
    public var replacement: String
    public var message: String
  }

  /// The path of the file, as given.
  public var file: String
  /// `error` or `warning` (``Severity``'s raw value).
  public var severity: String
  /// `E0101`.
  public var code: String
  public var message: String
  public var range: Range
  /// `nil` (left out) when there are none, like `notes`, `help` and `fixits`.
  public var labels: [Label]?
  public var notes: [String]?
  public var help: String?
  public var fixits: [FixIt]?
}

extension JSONDiagnostic {
  /// The JSON form of `diagnostic`, with its spans turned into positions in their files.
  public init(_ diagnostic: Diagnostic) {
    let file = diagnostic.file
    self.file = file.path
    severity = diagnostic.severity.rawValue
    code = diagnostic.code.id
    message = diagnostic.message
    range = Self.range(of: diagnostic.span, in: file)
    labels =
      diagnostic.labels.isEmpty
      ? nil
      : diagnostic.labels.map { label in
        let labelFile = label.file ?? file
        return Label(file: labelFile.path, range: Self.range(of: label.span, in: labelFile), message: label.message)
      }
    notes = diagnostic.notes.isEmpty ? nil : diagnostic.notes
    help = diagnostic.help
    fixits =
      diagnostic.fixIts.isEmpty
      ? nil
      : diagnostic.fixIts.map {
        FixIt(range: Self.range(of: $0.span, in: file), replacement: $0.replacement, message: $0.message)
      }
  }

  /// The 1-based positions of a span's ends.
  private static func range(of span: Span, in file: SourceFile) -> Range {
    func position(_ offset: Int) -> Position {
      let location = file.lines.location(of: offset)
      return Position(line: location.line, column: location.column)
    }
    return Range(start: position(span.start), end: position(span.end))
  }
}
