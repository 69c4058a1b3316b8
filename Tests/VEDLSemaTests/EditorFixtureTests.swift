import Foundation
import Testing
import VEDLDiagnostics
import VEDLSource
import VEDLSyntax
import VEDLTestSupport

@testable import VEDLSema

/// Runs the editor checker alone over the annotated fixtures
/// `Tests/Fixtures/diagnostics/editor-*.vedl`, which carry their expected diagnostics inline
/// as `DiagnosticExpectation` (VEDLTestSupport) reads them (`// expected-error:5[E0701]
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

  @Test func everyEditorCodeHasAFixture() throws {
    let text = try Self.fixtures.map {
      try String(contentsOf: Self.directory.appendingPathComponent($0), encoding: .utf8)
    }
    .joined(separator: "\n")
    let annotated = Set(DiagnosticExpectation.parse(text).map(\.code))
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
    // No `url`: the full checker's run (FixtureRunner) writes the annotations.
    let problems = DiagnosticExpectation.verify(diagnostics, of: file, at: nil)
    #expect(problems.isEmpty, "\(name):\n\(problems.joined(separator: "\n"))")
  }
}
