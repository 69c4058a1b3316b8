import Foundation
import Testing
import VEDLDiagnostics
import VEDLSource
import VEDLSyntax

@testable import VEDLSema

/// Runs the editor checker alone over the annotated fixtures
/// `Tests/Fixtures/diagnostics/editor-*.vedl`, which carry their expected diagnostics inline
/// in the syntax of `Tests/VEDLCLITests/FixtureRunner.swift` (`// expected-error[E0701]
/// {{substring}}`, optional `@+N`). The full checker runs over the same files there; this
/// keeps them right while the editor is checked on its own.
@Suite struct EditorFixtureTests {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/diagnostics")

  static let fixtures: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasPrefix("editor-") && $0.hasSuffix(".vedl") }.sorted()
  }()

  /// One `expected-…` annotation.
  struct Expected: Equatable, CustomStringConvertible {
    var line: Int
    var severity: String
    var code: String
    var message: String
    var description: String { "line \(line): expected-\(severity)[\(code)] {{\(message)}}" }
  }

  static func expectations(in text: String) -> [Expected] {
    let pattern = /expected-(error|warning|note)(@([+-]\d+))?\[([EW]\d{4})\]\s*\{\{(.*?)\}\}/
    var result: [Expected] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      for match in String(line).matches(of: pattern) {
        let offset = match.output.3.flatMap { Int($0) } ?? 0
        result.append(
          Expected(
            line: index + 1 + offset, severity: String(match.output.1), code: String(match.output.4),
            message: String(match.output.5)))
      }
    }
    return result
  }

  @Test func everyEditorCodeHasAFixture() throws {
    let text = try Self.fixtures.map {
      try String(contentsOf: Self.directory.appendingPathComponent($0), encoding: .utf8)
    }
    .joined(separator: "\n")
    let annotated = Set(Self.expectations(in: text).map(\.code))
    let editorCodes = DiagnosticCatalogue.all.map(\.code.id).filter { $0.dropFirst().hasPrefix("07") }
    #expect(!editorCodes.isEmpty)
    #expect(editorCodes.filter { !annotated.contains($0) } == [])
  }

  @Test(arguments: fixtures)
  func fixture(_ name: String) throws {
    let text = try String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
    let file = SourceFile(path: name, text: text)
    let parsed = Parser.parse(file)
    #expect(parsed.diagnostics.map(\.message) == [], "\(name) should parse cleanly")
    let editors = parsed.syntax.items.compactMap { item -> Statement? in
      if case .statement(let s) = item, s.name.name == "editor" { return s }
      return nil
    }
    #expect(editors.count == 1, "\(name) should have one editor block")
    guard let editor = editors.first else { return }
    let (_, diagnostics) = EditorChecker.check(editor, file: file, evaluateString: EditorTestSupport.literalString)
    var expected = Self.expectations(in: text)
    var problems: [String] = []
    for d in diagnostics {
      let line = file.lines.location(of: d.span.start).line
      if let i = expected.firstIndex(where: {
        $0.line == line && $0.severity == d.severity.rawValue && $0.code == d.code.id && d.message.contains($0.message)
      }) {
        expected.remove(at: i)
      } else {
        problems.append("unexpected \(d.severity.rawValue)[\(d.code.id)] at line \(line): \(d.message)")
      }
    }
    problems += expected.map { "missing \($0)" }
    #expect(problems.isEmpty, "\(name):\n\(problems.joined(separator: "\n"))")
  }
}
