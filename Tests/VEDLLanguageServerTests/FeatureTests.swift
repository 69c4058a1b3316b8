import Foundation
import Testing
import VEDLDiagnostics
import VEDLIDE
import VEDLSema
import VEDLTestSupport
import VEDLTime

@testable import VEDLLanguageServer

/// Every request handler over the protocol: shapes, positions in UTF-16, and content.
@Suite struct FeatureTests {
  let uri = "file:///tmp/vedl-lsp-test/demo.vedl"

  func ready(_ text: String = TestText.demoEdit) -> ServerHarness {
    let h = ServerHarness()
    h.initialize()
    h.open(uri, text)
    return h
  }

  @Test func diagnosticsCarryCodesLinksAndTheOtherParty() throws {
    let text = "track overlay \"t\" {\n  text \"a\" at: 0s duration: 2s\n  text \"b\" at: 1s duration: 2s\n}\n"
    let h = ready(text)
    let publication = try #require(h.publications(uri).last)
    #expect(publication["version"] == 1)
    let d = try #require(publication["diagnostics"]?.arrayValue?.first)
    #expect(d["code"] == "E0404")
    #expect(d["severity"] == 1)
    #expect(d["source"] == "vedl")
    #expect(d["codeDescription"]?["href"] == "https://vedl.example/docs/diagnostics/E0404.md")
    #expect(d["range"] == ServerHarness.range(2, 2, 2, 30))
    let related = try #require(d["relatedInformation"]?.arrayValue?.first)
    #expect(related["location"]?["uri"] == .string(uri))
    #expect(related["location"]?["range"]?["start"] == ["line": 1, "character": 2], "the other clip")
    #expect(d["message"]?.stringValue?.contains("help:") == true)
  }

  @Test func diagnosticRangesAreInUTF16() throws {
    // `👋` is two UTF-16 units and four bytes; `é` one unit and two bytes.
    let text = "track overlay {\n  text \"é👋\" at: 0s duration: 2s frobnicate: 1\n}\n"
    let h = ready(text)
    let d = try #require(h.diagnostics(uri).first)
    let (line, character) = position(of: "frobnicate", in: text)
    #expect(line == 1 && character == 33)
    #expect(d["range"] == ServerHarness.range(1, 33, 1, 43), "`é` counts one unit, `👋` two")
  }

  @Test func hoverOverNonASCIIText() throws {
    let text = "track overlay {\n  text \"é👋\" at: 0s duration: 2s id: hi\n  text \"👋\" at: hi.end duration: 1s\n}\n"
    let h = ready(text)
    #expect(h.diagnostics(uri).isEmpty)
    let hover = try #require(h.result("textDocument/hover", ServerHarness.at(uri, 2, 17)))
    #expect(hover["contents"]?["kind"] == "markdown")
    #expect(hover["contents"]?["value"]?.stringValue?.contains("text \"é👋\" at: 0s duration: 2s id: hi") == true)
    #expect(hover["range"] == ServerHarness.range(2, 16, 2, 18), "after `👋`, two UTF-16 units")
  }

  @Test func hoverShowsTimingAsTimecodeAndFrames() throws {
    let h = ready()
    let (line, character) = position(of: "clip night", in: TestText.demoEdit, plus: 1)
    let hover = try #require(h.result("textDocument/hover", ServerHarness.at(uri, line, character)))
    let value = try #require(hover["contents"]?["value"]?.stringValue)
    #expect(value.contains("**start** 00:00:02:00 · frame 60"))
    #expect(value.contains("**end** 00:00:06:00 · frame 180"))
    let plain = ServerHarness()
    plain.initialize(capabilities: [:])
    plain.open(uri, TestText.demoEdit)
    let bare = try #require(plain.result("textDocument/hover", ServerHarness.at(uri, line, character)))
    #expect(bare["contents"]?.stringValue?.contains("**start**") == true, "no declared formats: a bare string")
    let text = ServerHarness()
    text.initialize(capabilities: ["textDocument": ["hover": ["contentFormat": ["plaintext"]]]])
    text.open(uri, TestText.demoEdit)
    let plainText = try #require(text.result("textDocument/hover", ServerHarness.at(uri, line, character)))
    #expect(plainText["contents"]?["kind"] == "plaintext")
    #expect(h.result("textDocument/hover", ServerHarness.at(uri, 1, 0)) == .null, "nothing on an empty line")
  }

  @Test func completionUsesTextEditsAndSnippetsWhenAllowed() throws {
    let text = "track main {\n  cro\n}\n"
    let h = ready(text)
    let list = try #require(h.result("textDocument/completion", ServerHarness.at(uri, 1, 5)))
    #expect(list["isIncomplete"] == false)
    let item = try #require(list["items"]?.arrayValue?.first { $0["label"] == "crossfade" })
    #expect(item["kind"] == 14)
    #expect(item["insertTextFormat"] == 2)
    #expect(item["textEdit"]?["range"] == ServerHarness.range(1, 2, 1, 5))
    #expect(item["textEdit"]?["newText"] == "crossfade ${1:duration}")
    let plain = ServerHarness()
    plain.initialize(capabilities: [:])
    plain.open(uri, text)
    let plainItem = try #require(
      plain.result("textDocument/completion", ServerHarness.at(uri, 1, 5))?["items"]?.arrayValue?.first {
        $0["label"] == "crossfade"
      })
    #expect(plainItem["insertTextFormat"] == 1)
    #expect(plainItem["textEdit"]?["newText"] == "crossfade")
  }

  @Test func completionAfterNonASCIIOnTheLine() throws {
    let text = "track overlay {\n  text \"👋\" at: 0s duration: 1s {\n    position \n  }\n}\n"
    let h = ready(text)
    let items = try #require(h.result("textDocument/completion", ServerHarness.at(uri, 1, 32))?["items"]?.arrayValue)
    let labels = items.compactMap { $0["label"]?.stringValue }
    #expect(labels.contains("until:") && labels.contains("id:") && !labels.contains("at:"))
    let anchors = try #require(h.result("textDocument/completion", ServerHarness.at(uri, 2, 13))?["items"]?.arrayValue)
    #expect(anchors.contains { $0["label"] == "bottomTrailing" && $0["kind"] == 20 })
  }

  @Test func definitionReferencesHighlightAndRename() throws {
    let h = ready()
    let (line, character) = position(of: "opening.start", in: TestText.demoEdit, plus: 3)
    let definition = try #require(h.result("textDocument/definition", ServerHarness.at(uri, line, character)))
    let (dl, dc) = position(of: "opening", in: TestText.demoEdit)
    #expect(definition["range"]?["start"] == ["line": .integer(dl), "character": .integer(dc)])
    #expect(definition["uri"] == .string(uri))
    var params = ServerHarness.at(uri, line, character).objectValue!
    params["context"] = ["includeDeclaration": false]
    let references = try #require(h.result("textDocument/references", .object(params))?.arrayValue)
    #expect(references.count == 1)
    let withDeclaration = try #require(
      h.result("textDocument/references", ServerHarness.at(uri, line, character))?.arrayValue)
    #expect(withDeclaration.count == 2)
    let highlights = try #require(
      h.result("textDocument/documentHighlight", ServerHarness.at(uri, line, character))?.arrayValue)
    #expect(highlights.map { $0["kind"] } == [3, 2])
    let prepare = try #require(h.result("textDocument/prepareRename", ServerHarness.at(uri, line, character)))
    #expect(prepare["placeholder"] == "opening")
    #expect(h.result("textDocument/prepareRename", ServerHarness.at(uri, 0, 1)) == .null, "`vedl` is no name")
    params = ServerHarness.at(uri, line, character).objectValue!
    params["newName"] = "intro"
    let edit = try #require(h.result("textDocument/rename", .object(params)))
    #expect(edit["changes"]?[uri]?.arrayValue?.count == 2)
    #expect(edit["changes"]?[uri]?.arrayValue?.allSatisfy { $0["newText"] == "intro" } == true)
    params["newName"] = "closing"
    let refused = h.request("textDocument/rename", .object(params))
    #expect(refused["error"]?["code"] == .integer(ResponseError.requestFailedCode))
    #expect(refused["error"]?["message"]?.stringValue?.contains("already defined") == true)
  }

  @Test func documentSymbolsHierarchicalOrFlat() throws {
    let h = ready()
    let symbols = try #require(
      h.result("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]])?.arrayValue)
    let main = try #require(symbols.first { $0["name"] == "track main" })
    #expect(main["kind"] == 3)
    #expect(main["children"]?.arrayValue?.map { $0["name"] } == ["clip opening", "crossfade 1s", "clip closing"])
    #expect(main["children"]?.arrayValue?.first?["detail"] == "00:00:00:00–00:00:03:00")
    let flat = ServerHarness()
    flat.initialize(capabilities: [:])
    flat.open(uri, TestText.demoEdit)
    let list = try #require(
      flat.result("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]])?.arrayValue)
    let clip = try #require(list.first { $0["name"] == "clip opening" })
    #expect(clip["containerName"] == "track main")
    #expect(clip["location"]?["uri"] == .string(uri))
  }

  @Test func foldingRangesKeepTheClosingBraceVisible() throws {
    let h = ready()
    let ranges = try #require(
      h.result("textDocument/foldingRange", ["textDocument": ["uri": .string(uri)]])?.arrayValue)
    let (start, _) = position(of: "track main", in: TestText.demoEdit)
    let main = try #require(ranges.first { $0["startLine"] == .integer(start) })
    #expect(main["endLine"] == .integer(start + 5))
    #expect(main["kind"] == "region")
  }

  @Test func semanticTokensAreRelativeAndInUTF16() throws {
    let text = "let x = \"é👋\" /* a\nb */\nlet y = 1s\n"
    let h = ready(text)
    let data = try #require(
      h.result("textDocument/semanticTokens/full", ["textDocument": ["uri": .string(uri)]])?["data"]?.arrayValue)
    let numbers = data.compactMap(\.integerValue)
    #expect(numbers.count % 5 == 0)
    var decoded: [(Int, Int, Int, String)] = []
    var line = 0
    var character = 0
    for i in stride(from: 0, to: numbers.count, by: 5) {
      line += numbers[i]
      character = numbers[i] == 0 ? character + numbers[i + 1] : numbers[i + 1]
      decoded.append((line, character, numbers[i + 2], ServerCapabilities.tokenTypes[numbers[i + 3]]))
    }
    let described = decoded.map { "\($0.0):\($0.1)+\($0.2) \($0.3)" }
    #expect(
      described == [
        "0:0+3 keyword", "0:4+1 variable", "0:6+1 operator", "0:8+5 string", "0:14+4 comment", "1:0+4 comment",
        "2:0+3 keyword", "2:4+1 variable", "2:6+1 operator", "2:8+2 number",
      ])
  }

  @Test func formattingEditsMakeTheTextCanonical() throws {
    let text = "track   main{\nclip testpattern()   duration: 1s\n}\n"
    let h = ready(text)
    let edits = try #require(
      h.result(
        "textDocument/formatting",
        ["textDocument": ["uri": .string(uri)], "options": ["tabSize": 2, "insertSpaces": true]])?.arrayValue)
    #expect(edits.count == 1)
    #expect(edits.first?["newText"] == "track main {\n  clip testpattern() duration: 1s\n")
    #expect(edits.first?["range"] == ServerHarness.range(0, 0, 2, 0), "the unchanged `}` line is left alone")
    let broken = ready("track main {\n  clip (\n")
    #expect(
      broken.result("textDocument/formatting", ["textDocument": ["uri": .string(uri)]]) == [],
      "never formats broken text")
  }

  @Test func inlayHintsWithinTheRange() throws {
    let h = ready()
    let hints = try #require(
      h.result(
        "textDocument/inlayHint", ["textDocument": ["uri": .string(uri)], "range": ServerHarness.range(0, 0, 20, 0)])?
        .arrayValue)
    #expect(hints.map { $0["label"] } == ["00:00:00:00–00:00:03:00", "00:00:02:00–00:00:06:00"])
    let (line, _) = position(of: "clip bars", in: TestText.demoEdit)
    let endOfOpening = "  clip bars duration: 3s id: opening".utf16.count
    #expect(hints.first?["position"] == ["line": .integer(line), "character": .integer(endOfOpening)])
    #expect(hints.first?["paddingLeft"] == true)
  }

  @Test func codeActionsFromFixIts() throws {
    let text = "track main {\n  clip testpattern() duration: 1010ms\n}\n"
    let h = ready(text)
    let actions = try #require(
      h.result(
        "textDocument/codeAction",
        [
          "textDocument": ["uri": .string(uri)], "range": ServerHarness.range(1, 33, 1, 33),
          "context": ["diagnostics": []],
        ])?.arrayValue)
    let action = try #require(actions.first)
    #expect(action["kind"] == "quickfix")
    #expect(action["isPreferred"] == true)
    #expect(action["diagnostics"]?.arrayValue?.first?["code"] == "W0401")
    let edit = try #require(action["edit"]?["changes"]?[uri]?.arrayValue?.first)
    #expect(edit["range"] == ServerHarness.range(1, 31, 1, 37))
    let none = h.result(
      "textDocument/codeAction",
      [
        "textDocument": ["uri": .string(uri)], "range": ServerHarness.range(1, 30, 1, 30),
        "context": ["diagnostics": [], "only": ["refactor"]],
      ])
    #expect(none == [])
  }

  @Test func intermediateRepresentationRequest() throws {
    let h = ready()
    let ir = try #require(h.result("vedl/ir", ["textDocument": ["uri": .string(uri)]]))
    #expect(ir["canvas"]?["width"] == 640)
    #expect(ir["tracks"]?.arrayValue?.count == 3)
    let broken = ready("track main {\n  clip testpattern() at: 1s duration: 1s\n}\n")
    let error = broken.request("vedl/ir", ["textDocument": ["uri": .string(uri)]])["error"]
    #expect(error?["code"] == .integer(ResponseError.requestFailedCode))
    #expect(error?["message"]?.stringValue?.contains("1 error") == true)
  }

  @Test func graphRequestUsesTheConfiguredPrinter() throws {
    let configuration = ServerConfiguration(
      graph: { timeline, export in
        .success([
          "frames": .integer(Int(timeline.frameCount)), "export": export.map { .string($0.writtenPath) } ?? .null,
        ])
      }, workingDirectory: "/tmp", version: "test")
    let h = ServerHarness(configuration: configuration)
    let capabilities = h.initialize()?["capabilities"]
    #expect(capabilities?["experimental"]?["vedlGraph"] == true)
    h.open(uri, TestText.demoEdit)
    let graph = try #require(h.result("vedl/graph", ["textDocument": ["uri": .string(uri)]]))
    #expect(graph == ["frames": 180, "export": "out/demo.mp4"])
    let bad = h.request("vedl/graph", ["textDocument": ["uri": .string(uri)], "export": 3])
    #expect(bad["error"]?["code"] == .integer(ResponseError.invalidParamsCode))
  }

  @Test func previewCommandOpensTheFrameOfTheItemUnderTheCursor() throws {
    let launched = LockedPaths()
    let configuration = ServerConfiguration(
      preview: { path in
        launched.append(path)
        return .success("http://127.0.0.1:4747/")
      }, workingDirectory: "/tmp", version: "test")
    let h = ServerHarness(configuration: configuration)
    let capabilities = h.initialize()?["capabilities"]
    #expect(capabilities?["executeCommandProvider"]?["commands"] == ["vedl.preview"])
    h.open(uri, TestText.demoEdit)
    func preview(at text: String) -> JSON? {
      let (line, character) = position(of: text, in: TestText.demoEdit, plus: 1)
      return h.result(
        "workspace/executeCommand",
        [
          "command": "vedl.preview",
          "arguments": [
            [
              "textDocument": ["uri": .string(uri)],
              "position": ["line": .integer(line), "character": .integer(character)],
            ]
          ],
        ])
    }
    // `clip night` starts at 2 s (3 s minus the 1 s crossfade): frame 60 at 30 fps; the fade
    // in its block previews the clip; the shape starts at 3 s; outside any item, frame 0.
    #expect(preview(at: "clip night") == ["url": "http://127.0.0.1:4747/#frame=60", "frame": 60])
    #expect(preview(at: "fade out: 500ms")?["frame"] == 60)
    #expect(preview(at: "crossfade 1s")?["frame"] == 60)
    #expect(preview(at: "shape rect")?["frame"] == 90)
    #expect(preview(at: "canvas 640x360")?["frame"] == 0)
    #expect(launched.paths == ["/tmp/vedl-lsp-test/demo.vedl"].flatMap { Array(repeating: $0, count: 5) })
    let unknown = h.request("workspace/executeCommand", ["command": "vedl.other", "arguments": []])
    #expect(unknown["error"]?["code"] == .integer(ResponseError.invalidParamsCode))
  }
}

/// Paths the fake preview launcher was asked for.
final class LockedPaths: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [String] = []
  func append(_ path: String) { lock.withLock { list.append(path) } }
  var paths: [String] { lock.withLock { list } }
}
