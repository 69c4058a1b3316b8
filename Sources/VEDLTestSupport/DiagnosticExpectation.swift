import Foundation
import VEDLDiagnostics
import VEDLSource

/// One annotation of an annotated fixture: `.vedl` files (`Tests/Fixtures/diagnostics/`) carry their
/// expected diagnostics inline, in the style of Swift's `-verify` mode:
///
/// ```
/// gap 12q  // expected-error:5-8[E0103] {{unknown unit `q`}} note{{units are}}
/// // expected-warning@+1:8-10[W0401] {{off the frame grid}} note{{rounded}} fixit{{3s}}
/// ```
///
/// `expected-SEVERITY` (error, warning, note), an optional line offset `@+N` / `@-N`
/// (default: the comment's own line), the span's columns `:C-E` — where it starts and the
/// column just past its end, 1-based, as `vedl check --format json` counts its `range`; a span
/// ending N lines further down is `:C-@+N:E` —, the code in brackets, and a substring of the
/// message in `{{…}}`; then `note{{…}}` clauses, one per note of the diagnostic in order
/// (each a substring of that note), `help{{…}}` (a substring of its help) and `fixit{{…}}`
/// clauses (one per fix-it, its exact replacement). Every diagnostic must be expected, every
/// expectation met, every column, note and fix-it pinned. `UPDATE_FIXTURES=1` writes the
/// spans, notes and fix-its of matched annotations into the files.
public struct DiagnosticExpectation: Hashable, CustomStringConvertible {
  /// Where a span ends: `lines` after the line it starts on (0: the same line), at `column`
  /// (the column just past its last character).
  public struct SpanEnd: Hashable, CustomStringConvertible {
    public var lines: Int
    public var column: Int

    public init(lines: Int, column: Int) {
      self.lines = lines
      self.column = column
    }

    /// `E`, or `@+N:E` on a later line.
    public var description: String { lines == 0 ? "\(column)" : "@+\(lines):\(column)" }
  }

  public var line: Int
  public var column: Int?
  public var end: SpanEnd?
  public var severity: Severity
  public var code: String
  public var message: String
  public var notes: [String] = []
  public var help: [String] = []
  public var fixits: [String] = []
  /// The `@±N` the annotation gives (0 when it gives none).
  var lineOffset = 0
  /// Where the annotation is written: its line (0-based) and its text there.
  var annotationLine = 0
  var annotationText = ""

  public var description: String {
    let columns = column.map { ", column \($0)" + (end.map { "-\($0)" } ?? "") } ?? ""
    return "line \(line)\(columns): expected-\(severity.rawValue)[\(code)] {{\(message)}}"
  }

  /// Parses every annotation in `text`.
  public static func parse(_ text: String) -> [DiagnosticExpectation] {
    var result: [DiagnosticExpectation] = []
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let pattern =
      /expected-(?<severity>error|warning|note)(?:@(?<offset>[+-]\d+))?(?::(?<column>\d+)(?:-(?:@\+(?<endLines>\d+):)?(?<endColumn>\d+))?)?\[(?<code>[EW]\d{4})\]\s*\{\{(?<message>.*?)\}\}(?=\s|$)(?<clauses>(?:\s*(?:note|help|fixit)\{\{.*?\}\}(?=\s|$))*)/
    // A `{{…}}` ends at `}}` before a blank or the end of the line, so `fixit{{ {}}}` is ` {}`.
    let clause = /(note|help|fixit)\{\{(.*?)\}\}(?=\s|$)/
    for (index, line) in lines.enumerated() {
      for match in String(line).matches(of: pattern) {
        let m = match.output
        let offset = m.offset.flatMap { Int($0) } ?? 0
        var e = DiagnosticExpectation(
          line: index + 1 + offset, column: m.column.flatMap { Int($0) },
          end: m.endColumn.flatMap { Int($0) }.map { SpanEnd(lines: m.endLines.flatMap { Int($0) } ?? 0, column: $0) },
          severity: Severity(rawValue: String(m.severity))!, code: String(m.code), message: String(m.message),
          lineOffset: offset, annotationLine: index, annotationText: String(m.0))
        for c in String(m.clauses).matches(of: clause) {
          switch c.output.1 {
          case "note": e.notes.append(String(c.output.2))
          case "help": e.help.append(String(c.output.2))
          default: e.fixits.append(String(c.output.2))
          }
        }
        result.append(e)
      }
    }
    return result
  }

  /// Whether `d`, starting at `line`:`column`, is the diagnostic this expects (columns and
  /// clauses aside, which `problems` reports).
  public func matches(_ d: Diagnostic, line: Int) -> Bool {
    self.line == line && severity == d.severity && code == d.code.id && d.message.contains(message)
  }

  /// What does not hold of the matched `d`, whose span starts at `column` and ends at `end`.
  public func problems(with d: Diagnostic, column: Int, end: SpanEnd) -> [String] {
    var found: [String] = []
    if let expected = self.column, expected != column {
      found.append("\(self): the diagnostic starts at column \(column)")
    } else if self.column == nil {
      found.append("\(self): give its columns, `:\(column)-\(end)`")
    }
    if let expected = self.end, expected != end {
      found.append("\(self): the diagnostic's span ends at `-\(end)`")
    } else if self.column != nil, self.end == nil {
      found.append("\(self): give the end of its span, `:\(column)-\(end)`")
    }
    let notesHold = notes.count == d.notes.count && zip(notes, d.notes).allSatisfy { $1.contains($0) }
    if !notesHold {
      found.append("\(self): notes \(d.notes.map { "note{{\($0)}}" }), expected \(notes)")
    }
    for h in help where !(d.help ?? "").contains(h) {
      found.append("\(self): the help does not contain `\(h)` (help: \(d.help ?? "none"))")
    }
    let replacements = d.fixIts.map(\.replacement)
    if fixits.sorted() != replacements.sorted() {
      found.append("\(self): fix-its \(replacements.map { "fixit{{\($0)}}" }), expected \(fixits)")
    }
    return found
  }

  /// The annotation written again with `d`'s span (`column`, `end`), its notes and its
  /// fix-its: the message, help and the notes already written (where they still match the
  /// note in their place) are kept. A note is written as `pinnable` makes it.
  public func updated(for d: Diagnostic, column: Int, end: SpanEnd, pinnable: (String) -> String) -> String {
    var text = "expected-\(severity.rawValue)"
    if lineOffset != 0 { text += lineOffset > 0 ? "@+\(lineOffset)" : "@\(lineOffset)" }
    text += ":\(column)-\(end)[\(code)] {{\(message)}}"
    for (i, note) in d.notes.enumerated() {
      let kept = i < notes.count && note.contains(notes[i]) && notes.count == d.notes.count
      text += " note{{\(kept ? notes[i] : pinnable(note))}}"
    }
    for h in help { text += " help{{\(h)}}" }
    for fixit in d.fixIts.map(\.replacement) { text += " fixit{{\(fixit)}}" }
    return text
  }

  /// The part of a note that an annotation can hold and every machine sees: what stands
  /// around `folder` (an absolute path, which differs from checkout to checkout) — the
  /// longer side —, up to a line break or a `}}` that would end the clause.
  static func pinnable(_ note: String, folder: String?) -> String {
    var text = note
    if let folder, !folder.isEmpty, let range = text.range(of: folder) {
      let before = String(text[..<range.lowerBound])
      let after = String(text[range.upperBound...])
      text = after.count >= before.count ? after : before
    }
    if let line = text.firstIndex(where: \.isNewline) { text = String(text[..<line]) }
    if let close = text.range(of: "}}") { text = String(text[..<close.lowerBound]) }
    return text
  }

  /// Compares `diagnostics` of `file` (whose text holds the annotations) with its
  /// annotations; returns a list of mismatches, empty when they agree. With
  /// `UPDATE_FIXTURES=1` in the environment, matched annotations get their spans, notes
  /// and fix-its written into the file at `url`.
  public static func verify(_ diagnostics: [Diagnostic], of file: SourceFile, at url: URL?) -> [String] {
    let text = String(decoding: file.bytes, as: UTF8.self)
    var expected = parse(text)
    var problems: [String] = []
    var updates: [(DiagnosticExpectation, String)] = []
    let folder = url?.deletingLastPathComponent().path
    for d in diagnostics {
      let location = d.file === file ? file.lines.location(of: d.span.start) : nil
      let line = location?.line ?? -1
      if let i = expected.firstIndex(where: { $0.matches(d, line: line) }) {
        let column = location?.column ?? 0
        let last = file.lines.location(of: d.span.end)
        let end = SpanEnd(lines: location.map { last.line - $0.line } ?? 0, column: last.column)
        problems += expected[i].problems(with: d, column: column, end: end)
        updates.append(
          (
            expected[i],
            expected[i].updated(for: d, column: column, end: end) { pinnable($0, folder: folder) }
          ))
        expected.remove(at: i)
      } else {
        problems.append("unexpected \(d.severity.rawValue)[\(d.code.id)] at line \(line): \(d.message)")
      }
    }
    for e in expected { problems.append("missing \(e)") }
    if let url, ProcessInfo.processInfo.environment["UPDATE_FIXTURES"] == "1", !updates.isEmpty {
      var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      for (e, replacement) in updates {
        if let range = lines[e.annotationLine].range(of: e.annotationText) {
          lines[e.annotationLine].replaceSubrange(range, with: replacement)
        }
      }
      try? lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
    }
    return problems
  }
}
