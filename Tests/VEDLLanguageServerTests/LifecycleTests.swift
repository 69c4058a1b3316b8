import Testing
import VEDLDiagnostics

@testable import VEDLLanguageServer

/// Initialization, shutdown, exit and protocol errors.
@Suite struct LifecycleTests {
  @Test func requestsBeforeInitializeAreRefused() {
    let h = ServerHarness()
    let response = h.request("textDocument/hover", ServerHarness.at("file:///t.vedl", 0, 0))
    #expect(response["error"]?["code"] == .integer(ResponseError.serverNotInitializedCode))
    h.notify("textDocument/didOpen", ["textDocument": ["uri": "file:///t.vedl", "version": 1, "text": "x"]])
    h.idle()
    #expect(h.publications("file:///t.vedl").isEmpty, "notifications before initialize are dropped")
  }

  @Test func initializeAnnouncesTheCapabilities() throws {
    let h = ServerHarness()
    let result = try #require(h.initialize())
    let capabilities = try #require(result["capabilities"])
    #expect(capabilities["positionEncoding"] == "utf-16")
    #expect(capabilities["textDocumentSync"]?["change"] == 2, "incremental sync")
    for provider in [
      "hoverProvider", "definitionProvider", "referencesProvider", "documentSymbolProvider", "foldingRangeProvider",
      "documentFormattingProvider", "inlayHintProvider", "documentHighlightProvider",
    ] {
      #expect(capabilities[provider] == true, "\(provider)")
    }
    #expect(capabilities["renameProvider"]?["prepareProvider"] == true)
    #expect(capabilities["completionProvider"]?["triggerCharacters"]?.arrayValue?.contains(".") == true)
    #expect(
      capabilities["semanticTokensProvider"]?["legend"]?["tokenTypes"]?.arrayValue?.count
        == ServerCapabilities.tokenTypes.count)
    #expect(result["serverInfo"]?["name"] == "vedl")
    let again = h.request("initialize", ["capabilities": [:]])
    #expect(again["error"]?["code"] == .integer(ResponseError.invalidRequestCode))
  }

  @Test func shutdownThenExitIsSuccess() {
    let h = ServerHarness()
    h.initialize()
    #expect(h.request("shutdown", nil)["result"] == .null)
    #expect(h.request("shutdown", nil)["error"]?["code"] == .integer(ResponseError.invalidRequestCode))
    let hover = h.request("textDocument/hover", ServerHarness.at("file:///t.vedl", 0, 0))
    #expect(hover["error"]?["code"] == .integer(ResponseError.invalidRequestCode))
    #expect(h.server.exitStatus == nil)
    h.notify("exit", nil)
    #expect(h.server.exitStatus == 0)
  }

  @Test func exitWithoutShutdownIsFailure() {
    let h = ServerHarness()
    h.initialize()
    h.notify("exit", nil)
    #expect(h.server.exitStatus == 1)
    let early = ServerHarness()
    early.notify("exit", nil)
    #expect(early.server.exitStatus == 1, "exit is honoured even before initialize")
  }

  @Test func unknownMethodsAndNotifications() {
    let h = ServerHarness()
    h.initialize()
    let response = h.request("textDocument/unknownThing", [:])
    #expect(response["error"]?["code"] == .integer(ResponseError.methodNotFoundCode))
    let count = h.sent.count
    h.notify("$/setTrace", ["value": "verbose"])
    h.notify("$/someExtension", nil)
    h.notify("workspace/unknownNotification", [:])
    #expect(h.sent.count == count, "notifications are never answered")
    #expect(
      h.request("vedl/graph", ["textDocument": ["uri": "file:///x"]])["error"]?["code"] == -32601,
      "without a graph printer `vedl/graph` does not exist")
  }

  @Test func malformedMessagesGetErrorsAndTheServerKeepsServing() {
    let h = ServerHarness()
    h.initialize()
    h.server.handle(body: Array("{\"jsonrpc\": \"2.0\", \"id\": 1, ".utf8))
    #expect(h.sent.last?["error"]?["code"] == .integer(ResponseError.parseErrorCode))
    #expect(h.sent.last?["id"] == .null)
    h.server.handle(body: Array(#"[{"jsonrpc":"2.0","id":5,"method":"shutdown"}]"#.utf8))
    #expect(h.sent.last?["error"]?["code"] == .integer(ResponseError.invalidRequestCode))
    #expect(h.sent.last?["error"]?["message"]?.stringValue?.contains("batch") == true)
    h.server.handle(body: Array(#"{"id":6,"method":"shutdown"}"#.utf8))
    #expect(h.sent.last?["id"] == 6)
    #expect(h.sent.last?["error"]?["code"] == -32600)
    h.server.handle(body: [0xFF, 0xFE, 0x00])
    #expect(h.sent.last?["error"]?["code"] == -32700)
    h.open("file:///ok.vedl", "canvas 10x10\n")
    #expect(h.publications("file:///ok.vedl").count == 1, "still serving")
  }

  @Test func wrongParamsAreInvalidParams() {
    let h = ServerHarness()
    h.initialize()
    h.open("file:///t.vedl", "canvas 10x10\n")
    func code(_ method: String, _ params: JSON?) -> JSON? { h.request(method, params)["error"]?["code"] }
    let invalid = JSON.integer(ResponseError.invalidParamsCode)
    #expect(code("textDocument/hover", nil) == invalid)
    #expect(code("textDocument/hover", ["textDocument": ["uri": "file:///t.vedl"]]) == invalid)
    #expect(
      code("textDocument/hover", ["textDocument": ["uri": 3], "position": ["line": 0, "character": 0]]) == invalid)
    #expect(code("textDocument/hover", ServerHarness.at("file:///t.vedl", -1, 0)) == invalid)
    #expect(
      code(
        "textDocument/hover", ["textDocument": ["uri": "file:///t.vedl"], "position": ["line": "0", "character": 0]])
        == invalid)
    #expect(code("textDocument/hover", ServerHarness.at("file:///not-open.vedl", 0, 0)) == invalid)
    #expect(
      code("textDocument/completion", ["textDocument": [:], "position": ["line": 0, "character": 0]]) == invalid)
    #expect(code("textDocument/rename", ServerHarness.at("file:///t.vedl", 0, 0)) == invalid, "no newName")
    #expect(code("textDocument/inlayHint", ["textDocument": ["uri": "file:///t.vedl"]]) == invalid, "no range")
    let message = h.request("textDocument/hover", ["textDocument": ["uri": "file:///t.vedl"]])["error"]?["message"]
    #expect(message == "`params.position` is missing")
    // Hovers far outside the text are clamped, not errors.
    #expect(h.request("textDocument/hover", ServerHarness.at("file:///t.vedl", 99, 99))["error"] == nil)
  }

  @Test func cancelledRequestsAreAnsweredWithRequestCancelled() {
    let h = ServerHarness()
    h.initialize()
    h.open("file:///t.vedl", "canvas 10x10\n")
    h.server.cancellations.cancel(.integer(99))
    h.server.handle(
      .request(id: .integer(99), method: "textDocument/hover", params: ServerHarness.at("file:///t.vedl", 0, 1)))
    #expect(h.sent.last?["id"] == 99)
    #expect(h.sent.last?["error"]?["code"] == .integer(ResponseError.requestCancelledCode))
    h.server.handle(
      .request(id: .integer(99), method: "textDocument/hover", params: ServerHarness.at("file:///t.vedl", 0, 1)))
    #expect(h.sent.last?["result"] != nil, "a cancel applies once")
  }
}
