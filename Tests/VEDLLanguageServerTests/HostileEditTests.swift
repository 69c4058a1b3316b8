import Foundation
import Testing
import VEDLDiagnostics
import VEDLIDE
import VEDLSema
import VEDLTestSupport

@testable import VEDLLanguageServer

/// Documents that once crashed the checker or overflowed the stack, opened and edited the way
/// a user types them: the server publishes diagnostics for every version and keeps answering.
@Suite struct HostileEditTests {
  func change(_ h: ServerHarness, _ uri: String, version: Int, _ changes: [JSON]) {
    h.notify(
      "textDocument/didChange",
      ["textDocument": ["uri": .string(uri), "version": .integer(version)], "contentChanges": .array(changes)])
    h.idle()
  }

  func codes(_ h: ServerHarness, _ uri: String) -> [String] {
    h.diagnostics(uri).compactMap { $0["code"]?.stringValue }
  }

  /// Hover, completion, symbols, folding and inlay hints over `uri` all answer.
  func expectAnswers(_ h: ServerHarness, _ uri: String, line: Int, character: Int) {
    let at = ServerHarness.at(uri, line, character)
    #expect(h.request("textDocument/hover", at)["error"] == nil)
    #expect(h.result("textDocument/completion", at) != nil)
    #expect(h.result("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]]) != nil)
    #expect(h.result("textDocument/foldingRange", ["textDocument": ["uri": .string(uri)]]) != nil)
    #expect(
      h.result(
        "textDocument/inlayHint",
        ["textDocument": ["uri": .string(uri)], "range": ServerHarness.range(0, 0, 100, 0)]) != nil)
  }

  @Test func aModifierWithoutItsValue() throws {
    let h = ServerHarness()
    h.initialize()
    let uri = "file:///tmp/vedl-lsp-hostile/zoom.vedl"
    h.open(uri, "canvas 320x180 fps: 30\ntrack main {\n  clip testpattern() duration: 3s { zoom }\n}\n")
    #expect(codes(h, uri) == ["E0303"])
    let zoom = try #require(h.diagnostics(uri).first)
    #expect(zoom["range"]?["start"]?["line"] == 2)
    #expect(zoom["message"]?.stringValue?.contains("`zoom` needs a Number") == true)
    expectAnswers(h, uri, line: 2, character: 38)
    // Typing the value, a space then digits, one version at a time.
    for (k, text) in [" ", "1", ".", "5"].enumerated() {
      let column = 40 + k  // after `zoom`
      change(h, uri, version: k + 2, [["range": ServerHarness.range(2, column, 2, column), "text": .string(text)]])
      #expect(h.publications(uri).last?["version"] == .integer(k + 2))
    }
    #expect(codes(h, uri).isEmpty)
    // And deleting it again.
    change(h, uri, version: 9, [["range": ServerHarness.range(2, 40, 2, 44), "text": ""]])
    #expect(codes(h, uri) == ["E0303"])
    expectAnswers(h, uri, line: 2, character: 36)
  }

  @Test func mutatedDocuments() throws {
    let h = ServerHarness()
    h.initialize()
    let uri = "file:///tmp/vedl-lsp-hostile/demo.vedl"
    h.open(uri, TestText.demoEdit)
    #expect(codes(h, uri).isEmpty)
    // Each edit is one the mutation tests make: a statement cut to its name, a value of the
    // wrong type, a dropped argument; each is answered with its own diagnostic.
    let edits: [(needle: String, replacement: String, code: String)] = [
      ("fade out: 500ms", "fade", "E0303"),
      ("volume: -18dB", "volume: \"loud\"", "E0304"),
      ("duration: 3s id: opening", "duration: #FF0000 id: opening", "E0304"),
      ("position bottom margin: 24", "position", "E0303"),
    ]
    var text = TestText.demoEdit
    for (k, edit) in edits.enumerated() {
      let (line, character) = position(of: edit.needle, in: text)
      change(
        h, uri, version: k + 2,
        [
          [
            "range": ServerHarness.range(line, character, line, character + edit.needle.utf16.count),
            "text": .string(edit.replacement),
          ]
        ])
      text = text.replacingOccurrences(of: edit.needle, with: edit.replacement)
      #expect(h.publications(uri).last?["version"] == .integer(k + 2))
      #expect(codes(h, uri).contains(edit.code), "after `\(edit.replacement)`: \(codes(h, uri))")
      expectAnswers(h, uri, line: line, character: character)
    }
  }

  @Test func aLongSumWhileTyping() throws {
    let h = ServerHarness()
    h.initialize()
    let uri = "file:///tmp/vedl-lsp-hostile/sum.vedl"
    let terms = 10_000
    let sum = Array(repeating: "1ms", count: terms).joined(separator: " + ")
    h.open(uri, "canvas 320x180 fps: 25\ntrack main {\n  clip testpattern() duration: \(sum)\n}\n")
    #expect(codes(h, uri).isEmpty)
    // The last term loses its unit: a Duration plus a Number.
    let end = 31 + sum.utf16.count
    change(h, uri, version: 2, [["range": ServerHarness.range(2, end - 2, 2, end), "text": ""]])
    #expect(codes(h, uri) == ["E0309"])
    expectAnswers(h, uri, line: 2, character: end - 10)
    // A sum ten times longer replaces the whole document.
    let longer = Array(repeating: "1", count: terms * 10).joined(separator: " + ")
    change(h, uri, version: 3, [["text": .string("let n = \(longer)\n")]])
    #expect(codes(h, uri).isEmpty)
    #expect(h.publications(uri).last?["version"] == 3)
    expectAnswers(h, uri, line: 0, character: 4)
    // The server still serves other documents afterwards.
    let other = "file:///tmp/vedl-lsp-hostile/other.vedl"
    h.open(other, TestText.demoEdit)
    #expect(codes(h, other).isEmpty)
    let hover = try #require(h.result("textDocument/hover", ServerHarness.at(other, 12, 8)))
    #expect(hover["contents"]?["value"]?.stringValue?.isEmpty == false)
  }
}
