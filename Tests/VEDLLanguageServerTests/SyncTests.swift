import Foundation
import Testing
import VEDLDiagnostics
import VEDLIDE
import VEDLSema
import VEDLTime

@testable import VEDLLanguageServer

/// Incremental sync, rapid edits, huge documents, media arriving later, closing.
@Suite struct SyncTests {
  let uri = "file:///tmp/vedl-lsp-sync/a.vedl"

  func change(_ h: ServerHarness, version: Int, _ changes: [JSON]) {
    h.notify(
      "textDocument/didChange",
      ["textDocument": ["uri": .string(uri), "version": .integer(version)], "contentChanges": .array(changes)])
  }

  @Test func incrementalEditsWithNonASCII() throws {
    let h = ServerHarness()
    h.initialize()
    h.open(uri, "track overlay {\n  text \"é👋\" at: 0s duration: 1s id: a\n}\n")
    #expect(h.diagnostics(uri).isEmpty)
    // Insert after the emoji (UTF-16 column 11), then rename `a` by replacing its range.
    change(
      h, version: 2,
      [
        ["range": ServerHarness.range(1, 11, 1, 11), "text": "!"],
        ["range": ServerHarness.range(1, 38, 1, 39), "text": "title"],
      ])
    h.idle()
    let publication = try #require(h.publications(uri).last)
    #expect(publication["version"] == 2)
    let hover = try #require(h.result("textDocument/hover", ServerHarness.at(uri, 1, 40)))
    #expect(hover["contents"]?["value"]?.stringValue?.contains("text \"é👋!\" at: 0s duration: 1s id: title") == true)
    // A change without a range replaces everything.
    change(h, version: 3, [["text": "canvas 11x11\n"]])
    h.idle()
    #expect(h.diagnostics(uri).first?["code"] == "W0403")
    #expect(h.publications(uri).last?["version"] == 3)
  }

  @Test func rapidEditsAreAnalysedOnce() throws {
    let h = ServerHarness()
    h.initialize()
    h.open(uri, "")
    let before = h.publications(uri).count
    var line = 0
    for k in 0..<300 {
      let text = k % 10 == 9 ? "\n" : "x"
      change(h, version: k + 2, [["range": ServerHarness.range(line, 0, line, 0), "text": .string(text)]])
      if text == "\n" { line += 1 }
    }
    h.idle()
    let publications = h.publications(uri)
    #expect(publications.count == before + 1, "one analysis after the burst")
    #expect(publications.last?["version"] == 301)
  }

  @Test func syntaxErrorsEverywhereStillServe() throws {
    let h = ServerHarness()
    h.initialize()
    let text = String(repeating: "track main { clip ( \"unterminated\n  ]]] @@ #GG\n", count: 200)
    h.open(uri, text)
    #expect(!h.diagnostics(uri).isEmpty)
    for line in stride(from: 0, to: 400, by: 37) {
      for character in [0, 5, 13, 40] {
        #expect(h.request("textDocument/hover", ServerHarness.at(uri, line, character))["error"] == nil)
        #expect(h.request("textDocument/completion", ServerHarness.at(uri, line, character))["error"] == nil)
        #expect(h.request("textDocument/definition", ServerHarness.at(uri, line, character))["error"] == nil)
      }
    }
    for method in [
      "textDocument/documentSymbol", "textDocument/foldingRange", "textDocument/semanticTokens/full",
      "textDocument/formatting",
    ] {
      #expect(h.request(method, ["textDocument": ["uri": .string(uri)]])["error"] == nil, "\(method)")
    }
  }

  @Test func hugeDocuments() throws {
    var text = "let bars = testpattern()\ntrack main {\n"
    for k in 0..<4000 { text += "  clip bars duration: 1s id: c\(k) {\n    zoom 1.1\n  }\n" }
    text += "}\n"
    let h = ServerHarness()
    h.initialize()
    let started = Date()
    h.open(uri, text)
    #expect(h.diagnostics(uri).isEmpty)
    let hover = try #require(h.result("textDocument/hover", ServerHarness.at(uri, 3 * 3999 + 2, 4)))
    #expect(hover["contents"]?["value"]?.stringValue?.contains("frame 119970") == true)
    let items = try #require(h.result("textDocument/completion", ServerHarness.at(uri, 3, 4))?["items"]?.arrayValue)
    #expect(items.contains { $0["label"] == "zoom" })
    let tokens = try #require(
      h.result("textDocument/semanticTokens/full", ["textDocument": ["uri": .string(uri)]])?["data"]?.arrayValue)
    #expect(tokens.count > 12000 * 5)
    #expect(Date().timeIntervalSince(started) < 30, "12,000 lines, debug build")
  }

  @Test func oneVeryLongLine() throws {
    // 20,000 statements on one line, with non-ASCII text: every per-line walk must be linear.
    let text = (0..<20_000).map { "let v\($0) = \"é👋\"" }.joined(separator: "; ") + "\n"
    let h = ServerHarness()
    h.initialize()
    let started = Date()
    h.open(uri, text)
    let data = try #require(
      h.result("textDocument/semanticTokens/full", ["textDocument": ["uri": .string(uri)]])?["data"]?.arrayValue)
    #expect(data.count >= 20_000 * 4 * 5)
    let last = "let v19999 = \"é👋\"".utf16.count
    let hover = h.request("textDocument/hover", ServerHarness.at(uri, 0, text.utf16.count - last + 5))
    #expect(hover["result"]?["contents"]?["value"]?.stringValue?.contains("let v19999") == true)
    #expect(Date().timeIntervalSince(started) < 20, "debug build")
  }

  @Test func mediaFactsArriveAfterTheFirstPublication() throws {
    let folder = NSTemporaryDirectory() + "vedl-lsp-media-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(FileManager.default.createFile(atPath: folder + "/a.mp4", contents: Data("v".utf8)))
    let facts = MediaFacts(
      duration: Rational(2), hasVideo: true, hasAudio: false, width: 64, height: 36, frameRate: Rational(30))
    let cache = MediaFactsCache(prober: FakeMediaFacts(["a.mp4": .success(facts)]))
    let h = ServerHarness(configuration: ServerConfiguration(media: cache, workingDirectory: "/tmp", version: "test"))
    h.initialize()
    let uri = DocumentURI.uri(ofPath: folder + "/edit.vedl")
    h.open(
      uri,
      "let a = video(\"a.mp4\")\nlet b = video(\"gone.mp4\")\ntrack main {\n  clip a trim: 0s..3s\n  clip b duration: 1s\n}\n"
    )
    #expect(h.diagnostics(uri).isEmpty, "no media facts yet: media checks are left out")
    #expect(cache.waitUntilIdle(timeout: 10))
    h.server.mediaFactsArrived([folder + "/a.mp4", folder + "/gone.mp4"])
    h.idle()
    let codes = Set(h.diagnostics(uri).compactMap { $0["code"]?.stringValue })
    #expect(codes == ["E0406", "E0510"], "the trim past the file's end, and the missing file")
    let count = h.publications(uri).count
    h.server.mediaFactsArrived(["/somewhere/else.mp4"])
    h.idle()
    #expect(h.publications(uri).count == count, "unrelated media do not re-analyse")
  }

  @Test func closingClearsDiagnostics() throws {
    let h = ServerHarness()
    h.initialize()
    h.open(uri, "frobnicate\n")
    #expect(!h.diagnostics(uri).isEmpty)
    h.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
    #expect(h.diagnostics(uri).isEmpty)
    #expect(h.request("textDocument/hover", ServerHarness.at(uri, 0, 0))["error"]?["code"] == -32602)
    change(h, version: 9, [["text": "x"]])
    h.idle()
    #expect(h.publications(uri).count == 2, "a change to a closed document is ignored")
  }
}

/// Notifications that re-check open documents, and diagnostics in other files.
@Suite struct WorkspaceTests {
  func folder() throws -> String {
    let path = NSTemporaryDirectory() + "vedl-lsp-ws-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test func captionFileProblemsArePublishedUnderTheirOwnURIAndCleared() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    #expect(
      FileManager.default.createFile(atPath: dir + "/subs.srt", contents: Data("1\nnot a timing line\nHello\n".utf8)))
    let h = ServerHarness()
    h.initialize()
    let uri = DocumentURI.uri(ofPath: dir + "/edit.vedl")
    let srt = DocumentURI.uri(ofPath: dir + "/subs.srt")
    h.open(uri, "captions {\n  import \"subs.srt\"\n}\n")
    let problems = h.diagnostics(srt)
    #expect(!problems.isEmpty, "the caption file's own problems, at its own URI")
    let imported = problems.first?["relatedInformation"]?.arrayValue?.first { $0["message"] == "imported here" }
    #expect(imported?["location"]?["uri"] == .string(uri), "the import statement is related information")
    h.notify(
      "textDocument/didChange",
      ["textDocument": ["uri": .string(uri), "version": 2], "contentChanges": [["text": "canvas 10x10\n"]]])
    h.idle()
    #expect(h.diagnostics(srt).isEmpty, "no longer imported: cleared")
  }

  @Test func watchedFileChangesReprobeMedia() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    #expect(FileManager.default.createFile(atPath: dir + "/a.mp4", contents: Data("v".utf8)))
    let short = MediaFacts(duration: Rational(1), hasVideo: true, hasAudio: false, frameRate: Rational(30))
    let cache = MediaFactsCache(prober: FakeMediaFacts(["a.mp4": .success(short)]))
    let h = ServerHarness(configuration: ServerConfiguration(media: cache, workingDirectory: "/tmp", version: "test"))
    h.initialize()
    let uri = DocumentURI.uri(ofPath: dir + "/edit.vedl")
    h.open(uri, "let a = video(\"a.mp4\")\ntrack main {\n  clip a trim: 0s..2s\n}\n")
    #expect(cache.waitUntilIdle(timeout: 10))
    h.server.mediaFactsArrived([dir + "/a.mp4"])
    h.idle()
    #expect(h.diagnostics(uri).first?["code"] == "E0406")
    let count = h.publications(uri).count
    h.notify(
      "workspace/didChangeWatchedFiles",
      ["changes": [["uri": .string(DocumentURI.uri(ofPath: dir + "/a.mp4")), "type": 2]]])
    h.idle()
    #expect(h.publications(uri).count == count + 1, "every open document is checked again")
    #expect(h.diagnostics(uri).isEmpty, "the file's facts were forgotten and are being probed again")
    #expect(cache.waitUntilIdle(timeout: 10))
    h.server.mediaFactsArrived([dir + "/a.mp4"])
    h.idle()
    #expect(h.diagnostics(uri).first?["code"] == "E0406", "and come back once probed")
  }

  @Test func savingRechecksWhileMediaArePending() throws {
    let cache = MediaFactsCache(prober: FakeMediaFacts())
    let h = ServerHarness(configuration: ServerConfiguration(media: cache, workingDirectory: "/tmp", version: "test"))
    h.initialize()
    let uri = "file:///tmp/vedl-lsp-save/edit.vedl"
    h.open(uri, "let a = video(\"nowhere.mp4\")\ntrack main {\n  clip a duration: 1s\n}\n")
    let count = h.publications(uri).count
    #expect(cache.waitUntilIdle(timeout: 10))
    h.notify("textDocument/didSave", ["textDocument": ["uri": .string(uri)]])
    h.idle()
    #expect(h.publications(uri).count == count + 1)
    #expect(h.diagnostics(uri).first?["code"] == "E0510")
    h.notify("textDocument/didSave", ["textDocument": ["uri": .string(uri)]])
    h.idle()
    #expect(h.publications(uri).count == count + 1, "nothing pending: a save changes nothing")
  }
}
