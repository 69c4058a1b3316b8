import Foundation
import VEDLDiagnostics
import VEDLSource

/// One annotation of an annotated fixture: `.vedl` files (`Tests/Fixtures/diagnostics/`) carry their
/// expected diagnostics inline, in the style of Swift's `-verify` mode:
///
/// ```
/// gap 12q  // expected-error:5[E0103] {{unknown unit `q`}}
/// // expected-warning@+1:8[W0401] {{off the frame grid}} fixit{{3s}} note{{rounded}}
/// ```
///
/// `expected-SEVERITY` (error, warning, note), an optional line offset `@+N` / `@-N`
/// (default: the comment's own line), the column `:C` where the diagnostic's span starts (1-based,
/// as `vedl check --format json` counts it), the code in brackets, and a substring of the
/// message in `{{…}}`; then any number of `note{{…}}` (a substring of one of its notes),
/// `help{{…}}` (a substring of its help) and `fixit{{…}}` (one fix-it's exact replacement)
/// clauses. Every diagnostic must be expected, every expectation met, every fix-it named.
/// `UPDATE_FIXTURES=1` writes the columns and fix-its of matched annotations into the files.
public struct DiagnosticExpectation: Hashable, CustomStringConvertible {
  public var line: Int
  public var column: Int?
  public var severity: Severity
  public var code: String
  public var message: String
  public var notes: [String] = []
  public var help: [String] = []
  public var fixits: [String] = []
  /// Where the annotation is written: its line (0-based) and its text there.
  var annotationLine = 0
  var annotationText = ""

  public var description: String {
    "line \(line)\(column.map { ", column \($0)" } ?? ""): expected-\(severity.rawValue)[\(code)] {{\(message)}}"
  }

  /// Parses every annotation in `text`.
  public static func parse(_ text: String) -> [DiagnosticExpectation] {
    var result: [DiagnosticExpectation] = []
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let pattern =
      /expected-(error|warning|note)(@([+-]\d+))?(:(\d+))?\[([EW]\d{4})\]\s*\{\{(.*?)\}\}(?=\s|$)((\s*(note|help|fixit)\{\{.*?\}\}(?=\s|$))*)/
    // A `{{…}}` ends at `}}` before a blank or the end of the line, so `fixit{{ {}}}` is ` {}`.
    let clause = /(note|help|fixit)\{\{(.*?)\}\}(?=\s|$)/
    for (index, line) in lines.enumerated() {
      for match in String(line).matches(of: pattern) {
        let offset = match.output.3.flatMap { Int($0) } ?? 0
        var e = DiagnosticExpectation(
          line: index + 1 + offset, column: match.output.5.flatMap { Int($0) },
          severity: Severity(rawValue: String(match.output.1))!, code: String(match.output.6),
          message: String(match.output.7), annotationLine: index, annotationText: String(match.output.0))
        for c in String(match.output.8).matches(of: clause) {
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

  /// What does not hold of the matched `d` at `column`.
  public func problems(with d: Diagnostic, column: Int) -> [String] {
    var found: [String] = []
    if let expected = self.column, expected != column {
      found.append("\(self): the diagnostic starts at column \(column)")
    } else if self.column == nil {
      found.append("\(self): give its column, `:\(column)`")
    }
    for note in notes where !d.notes.contains(where: { $0.contains(note) }) {
      found.append("\(self): no note contains `\(note)` (notes: \(d.notes))")
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

  /// The annotation with `column` and `d`'s fix-its written in.
  public func updated(column: Int, fixits: [String]) -> String {
    var text = annotationText
    if let bracket = text.firstIndex(of: "[") {
      let head = text[..<bracket]
      let written = self.column.map { ":\($0)" } ?? ""
      text.replaceSubrange(head.index(head.endIndex, offsetBy: -written.count)..<bracket, with: ":\(column)")
    }
    for fixit in fixits where !self.fixits.contains(fixit) { text += " fixit{{\(fixit)}}" }
    return text
  }
  /// Compares `diagnostics` of `file` (whose text holds the annotations) with its
  /// annotations; returns a list of mismatches, empty when they agree. With
  /// `UPDATE_FIXTURES=1` in the environment, matched annotations get their columns and
  /// fix-its written into the file at `url`.
  public static func verify(_ diagnostics: [Diagnostic], of file: SourceFile, at url: URL?) -> [String] {
    let text = String(decoding: file.bytes, as: UTF8.self)
    var expected = parse(text)
    var problems: [String] = []
    var updates: [(DiagnosticExpectation, String)] = []
    for d in diagnostics {
      let location = d.file === file ? file.lines.location(of: d.span.start) : nil
      let line = location?.line ?? -1
      if let i = expected.firstIndex(where: { $0.matches(d, line: line) }) {
        let column = location?.column ?? 0
        problems += expected[i].problems(with: d, column: column)
        updates.append((expected[i], expected[i].updated(column: column, fixits: d.fixIts.map(\.replacement))))
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
