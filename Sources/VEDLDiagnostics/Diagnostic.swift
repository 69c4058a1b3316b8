import VEDLSource

/// How serious a diagnostic is. `error` fails `vedl check` (exit 1); warnings and notes do not.
public enum Severity: String, Sendable, Hashable, Codable, Comparable {
  case error
  case warning
  case note

  private var rank: Int {
    switch self {
    case .error: 2
    case .warning: 1
    case .note: 0
    }
  }

  public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// A secondary span with its own message: the other party of an overlap, the declaration
/// a name refers to, the file a caption came from.
public struct Label: Hashable, Sendable {
  /// The file the span belongs to; `nil` means the diagnostic's own file.
  public var file: SourceFile?
  public var span: Span
  public var message: String

  public init(span: Span, message: String, file: SourceFile? = nil) {
    self.span = span
    self.message = message
    self.file = file
  }

  public static func == (a: Label, b: Label) -> Bool {
    a.span == b.span && a.message == b.message && a.file?.path == b.file?.path
  }

  public func hash(into h: inout Hasher) {
    h.combine(span)
    h.combine(message)
    h.combine(file?.path)
  }
}

/// A text edit that fixes the problem: replace `span` with `replacement`.
/// The language server offers these as code actions; `vedl check` prints them as help.
public struct FixIt: Hashable, Sendable {
  public var span: Span
  public var replacement: String
  /// Short imperative description, e.g. "snap to `1s12f`".
  public var message: String

  public init(span: Span, replacement: String, message: String) {
    self.span = span
    self.replacement = replacement
    self.message = message
  }
}

/// One problem found in a source file. The same value feeds the text renderer, the JSON
/// renderer and the language server.
public struct Diagnostic: Hashable, Sendable {
  /// Stable code from ``DiagnosticCatalogue``.
  public var code: DiagnosticCode
  public var severity: Severity
  /// Lowercase, no trailing period, code in backticks; states the problem.
  public var message: String
  /// The file the primary span points into.
  public var file: SourceFile
  public var span: Span
  /// Secondary labelled spans.
  public var labels: [Label]
  /// `= note:` lines: facts that explain the problem.
  public var notes: [String]
  /// `help:` line: how to fix it.
  public var help: String?
  public var fixIts: [FixIt]

  /// Creates a diagnostic; the severity defaults to the catalogue's for `code`.
  public init(
    _ code: DiagnosticCode,
    _ message: String,
    file: SourceFile,
    span: Span,
    severity: Severity? = nil,
    labels: [Label] = [],
    notes: [String] = [],
    help: String? = nil,
    fixIts: [FixIt] = []
  ) {
    self.code = code
    self.severity = severity ?? code.defaultSeverity
    self.message = message
    self.file = file
    self.span = span
    self.labels = labels
    self.notes = notes
    self.help = help
    self.fixIts = fixIts
  }

  public static func == (a: Diagnostic, b: Diagnostic) -> Bool {
    a.code == b.code && a.severity == b.severity && a.message == b.message
      && a.file.path == b.file.path && a.span == b.span && a.labels == b.labels
      && a.notes == b.notes && a.help == b.help && a.fixIts == b.fixIts
  }

  public func hash(into h: inout Hasher) {
    h.combine(code)
    h.combine(span)
    h.combine(message)
  }
}

extension Diagnostic {
  /// Returns a copy with a note appended.
  public func note(_ text: String) -> Diagnostic {
    var d = self
    d.notes.append(text)
    return d
  }
}
