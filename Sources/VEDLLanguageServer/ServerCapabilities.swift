import VEDLDiagnostics
import VEDLIDE

/// What the server announces in its `initialize` result.
enum ServerCapabilities {
  /// Semantic token types, in legend order; each ``SemanticToken/Kind`` maps to one of them.
  static let tokenTypes = [
    "keyword", "property", "enumMember", "variable", "parameter", "event", "function", "type", "string", "number",
    "comment", "operator",
  ]

  /// The legend index of a token kind.
  static func tokenType(_ kind: SemanticToken.Kind) -> Int {
    let name: String
    switch kind {
    case .keyword, .statement: name = "keyword"
    case .label, .member: name = "property"
    case .enumMember: name = "enumMember"
    case .variable: name = "variable"
    case .parameter: name = "parameter"
    case .item: name = "event"
    case .function: name = "function"
    case .type: name = "type"
    case .string: name = "string"
    case .number: name = "number"
    case .comment: name = "comment"
    case .operator: name = "operator"
    }
    return tokenTypes.firstIndex(of: name)!
  }

  static func json(graph: Bool, preview: Bool = false) -> JSON {
    var capabilities: JSON = [
      "positionEncoding": "utf-16",
      "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
      "hoverProvider": true,
      "completionProvider": [
        "triggerCharacters": [".", ":", "\"", "/", "("],
        "resolveProvider": false,
      ],
      "definitionProvider": true,
      "referencesProvider": true,
      "documentHighlightProvider": true,
      "renameProvider": ["prepareProvider": true],
      "documentSymbolProvider": true,
      "foldingRangeProvider": true,
      "semanticTokensProvider": [
        "legend": [
          "tokenTypes": .array(tokenTypes.map(JSON.string)),
          "tokenModifiers": .array(SemanticToken.Modifiers.legend.map(JSON.string)),
        ],
        "full": true,
        "range": false,
      ],
      "documentFormattingProvider": true,
      "inlayHintProvider": true,
      "codeActionProvider": ["codeActionKinds": ["quickfix"]],
      "experimental": ["vedlIR": true, "vedlGraph": .bool(graph)],
    ]
    if preview, case .object(var o) = capabilities {
      o["executeCommandProvider"] = ["commands": ["vedl.preview"]]
      capabilities = .object(o)
    }
    return capabilities
  }
}
