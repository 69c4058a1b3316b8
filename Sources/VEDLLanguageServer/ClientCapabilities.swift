import VEDLDiagnostics

/// The parts of the client's `initialize` capabilities the server adapts to.
struct ClientCapabilities: Sendable {
  /// Completion items may use snippet syntax (`$1`, `${1|a,b|}`).
  var snippets = false
  /// The `MarkupKind`s the client takes for hover text (empty: it declared none).
  var hoverFormats: [String] = []
  /// The `MarkupKind`s the client takes for completion documentation.
  var completionFormats: [String] = []
  /// `textDocument/documentSymbol` may answer with a tree of `DocumentSymbol`s.
  var hierarchicalSymbols = false

  init() {}

  init(_ json: JSON?) {
    let document = json?["textDocument"]
    snippets = document?["completion"]?["completionItem"]?["snippetSupport"]?.boolValue ?? false
    hoverFormats = (document?["hover"]?["contentFormat"]?.arrayValue ?? []).compactMap(\.stringValue)
    completionFormats = (document?["completion"]?["completionItem"]?["documentationFormat"]?.arrayValue ?? [])
      .compactMap(\.stringValue)
    hierarchicalSymbols = document?["documentSymbol"]?["hierarchicalDocumentSymbolSupport"]?.boolValue ?? false
  }
}
