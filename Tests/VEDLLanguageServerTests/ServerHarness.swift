import Foundation
import VEDLDiagnostics
import VEDLIDE
import VEDLSema
import VEDLTestSupport

@testable import VEDLLanguageServer

/// Drives a ``LanguageServer`` in-process: sends messages, collects what it sends back.
final class ServerHarness {
  var sent: [JSON] = []
  var server: LanguageServer!
  private var nextID = 1

  /// Client capabilities like VS Code's: snippets, Markdown, hierarchical symbols.
  static let richCapabilities: JSON = [
    "textDocument": [
      "completion": ["completionItem": ["snippetSupport": true, "documentationFormat": ["markdown", "plaintext"]]],
      "hover": ["contentFormat": ["markdown", "plaintext"]],
      "documentSymbol": ["hierarchicalDocumentSymbolSupport": true],
    ]
  ]

  init(configuration: ServerConfiguration? = nil) {
    let configuration =
      configuration
      ?? ServerConfiguration(
        diagnosticDocsBaseURL: "https://vedl.example/docs/diagnostics", workingDirectory: "/tmp", version: "test")
    server = LanguageServer(configuration: configuration) { [unowned self] message in
      sent.append(message)
    }
  }

  /// Sends `initialize` and `initialized`; returns the `initialize` result.
  @discardableResult
  func initialize(capabilities: JSON = richCapabilities, options: JSON? = nil) -> JSON? {
    var params: [String: JSON] = ["processId": .null, "rootUri": "file:///tmp", "capabilities": capabilities]
    if let options { params["initializationOptions"] = options }
    let response = request("initialize", .object(params))
    notify("initialized", [:])
    return response["result"]
  }

  /// Sends a request and returns its response.
  @discardableResult
  func request(_ method: String, _ params: JSON?) -> JSON {
    let id = nextID
    nextID += 1
    server.handle(.request(id: .integer(id), method: method, params: params))
    return sent.last { $0["id"] == .integer(id) } ?? .null
  }

  /// The result of a request (`nil` for an error response).
  func result(_ method: String, _ params: JSON?) -> JSON? {
    request(method, params)["result"]
  }

  func notify(_ method: String, _ params: JSON?) {
    server.handle(.notification(method: method, params: params))
  }

  /// Runs the idle work until there is none (publishes diagnostics).
  func idle() {
    while server.hasIdleWork { server.performIdleWork() }
  }

  /// Opens a document and publishes its diagnostics.
  func open(_ uri: String, _ text: String, version: Int = 1) {
    notify(
      "textDocument/didOpen",
      [
        "textDocument": [
          "uri": .string(uri), "languageId": "vedl", "version": .integer(version), "text": .string(text),
        ]
      ])
    idle()
  }

  /// Every `publishDiagnostics` sent for `uri`, oldest first.
  func publications(_ uri: String) -> [JSON] {
    sent.filter { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"] == .string(uri) }
      .compactMap { $0["params"] }
  }

  /// The diagnostics last published for `uri`.
  func diagnostics(_ uri: String) -> [JSON] {
    publications(uri).last?["diagnostics"]?.arrayValue ?? []
  }

  /// `TextDocumentPositionParams`.
  static func at(_ uri: String, _ line: Int, _ character: Int) -> JSON {
    ["textDocument": ["uri": .string(uri)], "position": ["line": .integer(line), "character": .integer(character)]]
  }

  static func range(_ l0: Int, _ c0: Int, _ l1: Int, _ c1: Int) -> JSON {
    [
      "start": ["line": .integer(l0), "character": .integer(c0)],
      "end": ["line": .integer(l1), "character": .integer(c1)],
    ]
  }
}

/// The position of the `n`-th occurrence of `needle` in `text`, in protocol units.
func position(of needle: String, in text: String, occurrence n: Int = 0, plus delta: Int = 0) -> (Int, Int) {
  let offset = TestText.byteOffset(of: needle, in: text, occurrence: n)
  let p = LineIndex(bytes: Array(text.utf8)).position(of: offset)
  return (p.line, p.character + delta)
}
