import Foundation
import VEDLDiagnostics
import VEDLSyntax

/// Renders the parse diagnostics the ways `vedl check` can print them — plain text, ANSI
/// text with its summary line, and JSON — and checks what every rendering must satisfy:
/// each diagnostic's text output starts with its `severity[code]` heading, and the JSON is
/// one well-formed array with one object per diagnostic carrying the fields LANGUAGE.md §6
/// promises (`file`, `severity`, `code`, `message`, `range` with 1-based lines and columns).
///
/// Text rendering costs time in proportion to the length of each diagnostic's source line,
/// and mutated inputs often carry hundreds of diagnostics on long lines; rendering only the
/// first ``textRenderingLimit`` (a few of them in colour) keeps the fuzzer fast without
/// losing paths, since a later diagnostic goes through the same code as an earlier one.
struct DiagnosticRenderingStage: FuzzStage {
  /// How many diagnostics of one input are rendered as plain text.
  static let textRenderingLimit = 24
  /// How many of those are rendered again with ANSI colour.
  static let colourRenderingLimit = 6

  func run(_ result: ParseResult) {
    let diagnostics = result.diagnostics

    let plain = TextRenderer(coloring: .plain)
    for diagnostic in diagnostics.prefix(Self.textRenderingLimit) {
      let text = plain.render(diagnostic)
      let heading = "\(diagnostic.severity.rawValue)[\(diagnostic.code.id)]"
      FuzzInvariant.require(
        text.hasPrefix(heading), "text rendering does not start with `\(heading)`",
        details: FuzzInvariant.excerpt(text))
      FuzzInvariant.require(text.hasSuffix("\n"), "text rendering does not end with a line break")
    }
    let coloured = TextRenderer(coloring: .ansi, tabWidth: 2)
    _ = coloured.render(Array(diagnostics.prefix(Self.colourRenderingLimit)))
    _ = coloured.summary(of: diagnostics)

    let json = JSONRenderer().render(diagnostics)
    let parsed: Any
    do {
      parsed = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [])
    } catch {
      FuzzInvariant.fail("JSON rendering is not valid JSON: \(error)", details: FuzzInvariant.excerpt(json))
    }
    guard let array = parsed as? [Any], array.count == diagnostics.count else {
      FuzzInvariant.fail(
        "JSON rendering is not an array of \(diagnostics.count) diagnostics", details: FuzzInvariant.excerpt(json))
    }
    for (object, diagnostic) in zip(array, diagnostics) {
      requireSchema(object, diagnostic, json)
    }
  }

  /// The fields every JSON diagnostic must have, with the values of `diagnostic`.
  private func requireSchema(_ object: Any, _ diagnostic: Diagnostic, _ json: String) {
    func details() -> String { FuzzInvariant.excerpt(json) }
    guard let fields = object as? [String: Any] else {
      FuzzInvariant.fail("JSON diagnostic is not an object", details: details())
    }
    FuzzInvariant.require(fields["file"] as? String == diagnostic.file.path, "JSON `file` is wrong", details: details())
    FuzzInvariant.require(
      fields["severity"] as? String == diagnostic.severity.rawValue, "JSON `severity` is wrong", details: details())
    FuzzInvariant.require(fields["code"] as? String == diagnostic.code.id, "JSON `code` is wrong", details: details())
    FuzzInvariant.require(
      fields["message"] as? String == diagnostic.message, "JSON `message` does not round-trip", details: details())
    guard let range = fields["range"] as? [String: Any],
      let start = range["start"] as? [String: Any], let end = range["end"] as? [String: Any],
      let startLine = start["line"] as? Int, let startColumn = start["column"] as? Int,
      let endLine = end["line"] as? Int, let endColumn = end["column"] as? Int
    else {
      FuzzInvariant.fail("JSON `range` is missing or malformed", details: details())
    }
    FuzzInvariant.require(
      startLine >= 1 && startColumn >= 1 && endLine >= 1 && endColumn >= 1,
      "JSON `range` is not 1-based", details: details())
    FuzzInvariant.require(
      (startLine, startColumn) <= (endLine, endColumn), "JSON `range` ends before it starts", details: details())
  }
}
