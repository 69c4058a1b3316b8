import VEDLDiagnostics
import VEDLIDE
import VEDLSema
import VEDLSource

extension LanguageServer {
  /// The document and byte offset of a `TextDocumentPositionParams`.
  private func target(_ params: JSON?) throws(ResponseError) -> (Params, OpenDocument, Int) {
    let p = try Params(params)
    let document = try document(try p.documentURI())
    let offset = document.text.lines.offset(of: try p.position("position"))
    return (p, document, offset)
  }

  private func range(_ span: Span, in document: OpenDocument) -> JSON {
    document.text.lines.range(start: span.start, end: span.end).json
  }

  private func location(_ span: Span, in document: OpenDocument) -> JSON {
    ["uri": .string(document.text.uri), "range": range(span, in: document)]
  }

  /// Markdown text in the richest form the client declared for where it is shown:
  /// Markdown `MarkupContent`, plain-text `MarkupContent`, or a bare string when the client
  /// declared no formats at all.
  private func markup(_ markdown: String, formats: [String]) -> JSON {
    if formats.contains("markdown") { return ["kind": "markdown", "value": .string(markdown)] }
    if formats.contains("plaintext") { return ["kind": "plaintext", "value": .string(markdown)] }
    return .string(markdown)
  }

  // MARK: Hover and completion

  func hover(_ params: JSON?) throws(ResponseError) -> JSON {
    let (_, document, offset) = try target(params)
    guard let hover = HoverProvider.hover(at: offset, in: analysis(of: document)) else { return .null }
    return ["contents": markup(hover.markdown, formats: client.hoverFormats), "range": range(hover.span, in: document)]
  }

  func completion(_ params: JSON?) throws(ResponseError) -> JSON {
    let (_, document, offset) = try target(params)
    // Completion needs only the syntax: it never waits for a check of the latest edit.
    let items = CompletionProvider.complete(
      at: offset, in: syntax(of: document), baseDirectory: baseDirectory(of: document))
    return [
      "isIncomplete": false,
      "items": .array(
        items.map { item in
          var o: [String: JSON] = [
            "label": .string(item.label),
            "kind": .integer(Self.completionKind(item.kind)),
            "sortText": .string(item.sortKey),
            "filterText": .string(item.label.hasSuffix(":") ? String(item.label.dropLast()) : item.label),
          ]
          if let detail = item.detail { o["detail"] = .string(detail) }
          if let documentation = item.documentation {
            o["documentation"] = markup(documentation, formats: client.completionFormats)
          }
          let snippet = client.snippets ? item.snippet : nil
          o["insertTextFormat"] = .integer(snippet == nil ? 1 : 2)
          o["textEdit"] = [
            "range": range(item.replacing, in: document), "newText": .string(snippet ?? item.insertText),
          ]
          return .object(o)
        }),
    ]
  }

  static func completionKind(_ kind: CompletionItem.Kind) -> Int {
    switch kind {
    case .statement, .keyword: 14
    case .label: 10
    case .flag, .enumMember: 20
    case .color: 16
    case .variable: 6
    case .parameter: 21
    case .item: 23
    case .member: 5
    case .function: 3
    case .type: 7
    case .file: 17
    case .folder: 19
    case .value: 12
    }
  }

  // MARK: Names

  func definition(_ params: JSON?) throws(ResponseError) -> JSON {
    let (_, document, offset) = try target(params)
    guard let definition = NameNavigation.definition(at: offset, in: syntax(of: document)) else { return .null }
    return location(definition.nameSpan, in: document)
  }

  func references(_ params: JSON?) throws(ResponseError) -> JSON {
    let (p, document, offset) = try target(params)
    let include = try p.optionalObject("context")?.optionalBool("includeDeclaration") ?? true
    let occurrences = NameNavigation.references(at: offset, in: syntax(of: document), includeDeclaration: include)
    return .array(occurrences.map { location($0.span, in: document) })
  }

  func documentHighlight(_ params: JSON?) throws(ResponseError) -> JSON {
    let (_, document, offset) = try target(params)
    let occurrences = NameNavigation.references(at: offset, in: syntax(of: document), includeDeclaration: true)
    return .array(
      occurrences.map { ["range": range($0.span, in: document), "kind": .integer($0.isDefinition ? 3 : 2)] })
  }

  func prepareRename(_ params: JSON?) throws(ResponseError) -> JSON {
    let (_, document, offset) = try target(params)
    guard let occurrence = NameNavigation.renameTarget(at: offset, in: syntax(of: document)) else { return .null }
    return ["range": range(occurrence.span, in: document), "placeholder": .string(occurrence.name)]
  }

  func rename(_ params: JSON?) throws(ResponseError) -> JSON {
    let (p, document, offset) = try target(params)
    let newName = try p.string("newName")
    switch NameNavigation.rename(at: offset, to: newName, in: syntax(of: document)) {
    case .failure(let error):
      throw .requestFailed(error.message)
    case .success(let edits):
      return ["changes": .object([document.text.uri: textEdits(edits, in: document)])]
    }
  }

  private func textEdits(_ edits: [TextEdit], in document: OpenDocument) -> JSON {
    .array(edits.map { ["range": range($0.span, in: document), "newText": .string($0.newText)] })
  }

  // MARK: Structure

  func documentSymbol(_ params: JSON?) throws(ResponseError) -> JSON {
    let document = try document(try Params(params).documentURI())
    let symbols = DocumentSymbolProvider.symbols(in: analysis(of: document))
    if client.hierarchicalSymbols {
      func node(_ s: DocumentSymbol) -> JSON {
        var o: [String: JSON] = [
          "name": .string(s.name), "kind": .integer(Self.symbolKind(s.kind)), "range": range(s.span, in: document),
          "selectionRange": range(s.selectionSpan, in: document), "children": .array(s.children.map(node)),
        ]
        if let detail = s.detail { o["detail"] = .string(detail) }
        return .object(o)
      }
      return .array(symbols.map(node))
    }
    // Flat `SymbolInformation` for clients without hierarchical support.
    var flat: [JSON] = []
    func add(_ s: DocumentSymbol, container: String?) {
      var o: [String: JSON] = [
        "name": .string(s.name), "kind": .integer(Self.symbolKind(s.kind)), "location": location(s.span, in: document),
      ]
      if let container { o["containerName"] = .string(container) }
      flat.append(.object(o))
      for child in s.children { add(child, container: s.name) }
    }
    for s in symbols { add(s, container: nil) }
    return .array(flat)
  }

  static func symbolKind(_ kind: DocumentSymbol.Kind) -> Int {
    switch kind {
    case .canvas: 19
    case .parameter: 14
    case .variable: 13
    case .track: 3
    case .clip, .gap: 24
    case .text, .cue: 15
    case .shape: 23
    case .transition: 25
    case .captions: 18
    case .editor: 2
    case .export: 1
    case .statement: 7
    }
  }

  func foldingRange(_ params: JSON?) throws(ResponseError) -> JSON {
    let document = try document(try Params(params).documentURI())
    let lines = document.text.lines
    var out: [JSON] = []
    for r in FoldingRangeProvider.ranges(in: syntax(of: document).parse) {
      let start = lines.line(of: r.span.start)
      let end = lines.line(of: max(r.span.start, r.span.end - 1)) - (r.keepsLastLine ? 1 : 0)
      guard end > start else { continue }
      out.append(["startLine": .integer(start), "endLine": .integer(end), "kind": .string(r.kind.rawValue)])
    }
    return .array(out)
  }

  func semanticTokens(_ params: JSON?) throws(ResponseError) -> JSON {
    let document = try document(try Params(params).documentURI())
    let lines = document.text.lines
    var data: [JSON] = []
    var previousLine = 0
    var previousStart = 0
    // Tokens come in order, so columns are counted on from the previous token rather than
    // from the line's start: linear even for a document that is one very long line.
    var cursor = (line: -1, byte: 0, character: 0)
    func character(of offset: Int, line: Int) -> Int {
      let character =
        cursor.line == line && offset >= cursor.byte
        ? cursor.character + lines.utf16Length(from: cursor.byte, to: offset) : lines.position(of: offset).character
      cursor = (line, offset, character)
      return character
    }
    for token in SemanticTokenProvider.tokens(in: syntax(of: document)) {
      let type = ServerCapabilities.tokenType(token.kind)
      // One protocol token per line the token covers.
      var start = token.span.start
      while start < token.span.end {
        let line = lines.line(of: start)
        let end = min(token.span.end, lines.lineContentEnd(line))
        if end > start {
          let character = character(of: start, line: line)
          let length = lines.utf16Length(from: start, to: end)
          data.append(.integer(line - previousLine))
          data.append(.integer(line == previousLine ? character - previousStart : character))
          data.append(.integer(length))
          data.append(.integer(type))
          data.append(.integer(token.modifiers.rawValue))
          previousLine = line
          previousStart = character
        }
        guard line + 1 < lines.lineCount else { break }
        start = lines.lineStarts[line + 1]
      }
    }
    return ["data": .array(data)]
  }

  // MARK: Edits

  func formatting(_ params: JSON?) throws(ResponseError) -> JSON {
    let document = try document(try Params(params).documentURI())
    guard let edits = FormattingProvider.edits(for: syntax(of: document).parse) else {
      log.info("not formatting \(document.text.uri): it has syntax errors")
      return .array([])
    }
    return textEdits(edits, in: document)
  }

  func inlayHint(_ params: JSON?) throws(ResponseError) -> JSON {
    let p = try Params(params)
    let document = try document(try p.documentURI())
    let (start, end) = document.text.lines.offsets(of: try p.range("range"))
    let hints = InlayHintProvider.hints(in: Span(start: start, end: end), of: analysis(of: document))
    return .array(
      hints.map { hint in
        [
          "position": document.text.lines.position(of: hint.offset).json,
          "label": .string(hint.label),
          "paddingLeft": true,
          "tooltip": markup(hint.tooltip, formats: client.hoverFormats),
        ]
      })
  }

  func codeAction(_ params: JSON?) throws(ResponseError) -> JSON {
    let p = try Params(params)
    let document = try document(try p.documentURI())
    if let only = try p.optionalObject("context")?.json["only"]?.arrayValue,
      !only.contains(where: { $0.stringValue.map { "quickfix".hasPrefix($0) } ?? false })
    {
      return .array([])
    }
    let (start, end) = document.text.lines.offsets(of: try p.range("range"))
    let analysis = analysis(of: document)
    let actions = CodeActionProvider.actions(in: Span(start: start, end: end), of: analysis)
    let locate = FileLocator(document: document, analysis: analysis, baseDirectory: baseDirectory(of: document))
    return .array(
      actions.map { action in
        [
          "title": .string(action.title),
          "kind": "quickfix",
          "isPreferred": .bool(action.isPreferred),
          "diagnostics": [diagnosticJSON(action.diagnostic, locate: locate)],
          "edit": ["changes": .object([document.text.uri: textEdits(action.edits, in: document)])],
        ]
      })
  }

  // MARK: Custom requests

  /// `vedl/ir`: the resolved timeline of a document as `vedl ir` prints it.
  func intermediateRepresentation(_ params: JSON?) throws(ResponseError) -> JSON {
    let document = try document(try Params(params).documentURI())
    let analysis = analysis(of: document)
    guard let timeline = analysis.timeline else {
      throw .requestFailed(Self.unresolvedMessage(analysis))
    }
    do {
      return try JSON(encoding: timeline.document)
    } catch {
      throw .requestFailed("the timeline could not be written as JSON: \(error)")
    }
  }

  /// `vedl/graph`: the FFmpeg filter graph of a document's timeline, for the export at index
  /// `params.export` (default: the first export, or a preview when there is none).
  func filterGraph(_ params: JSON?) throws(ResponseError) -> JSON {
    let p = try Params(params)
    let document = try document(try p.documentURI())
    let analysis = analysis(of: document)
    guard let timeline = analysis.timeline else {
      throw .requestFailed(Self.unresolvedMessage(analysis))
    }
    guard let graph = configuration.graph else { throw .methodNotFound("vedl/graph") }
    var export = timeline.exports.first
    if let index = try p.optionalInteger("export") {
      guard timeline.exports.indices.contains(index) else {
        throw .invalidParams("`params.export` is \(index), but the file has \(timeline.exports.count) export(s)")
      }
      export = timeline.exports[index]
    }
    switch graph(timeline, export) {
    case .success(let json): return json
    case .failure(let error): throw error
    }
  }

  static func unresolvedMessage(_ analysis: DocumentAnalysis) -> String {
    let errors = analysis.diagnostics.filter { $0.severity == .error }.count
    if !analysis.pendingMediaPaths.isEmpty, errors == 0 {
      return "the timeline is not resolved yet: media files are still being probed"
    }
    return "the file has \(errors) error\(errors == 1 ? "" : "s"); the timeline is resolved only when it checks cleanly"
  }
}

extension LanguageServer {
  /// `workspace/executeCommand` `vedl.preview` ("Preview at cursor"): starts or reuses the
  /// preview server of the document's file and answers `{"url": …/#frame=K, "frame": K}`,
  /// `K` the first frame of the item under the cursor. The arguments are one
  /// `TextDocumentPositionParams` object, or a document URI and a position.
  func executeCommand(_ params: JSON?) throws(ResponseError) -> JSON {
    let p = try Params(params)
    let command = try p.string("command")
    guard command == "vedl.preview", let launch = configuration.preview else {
      throw .invalidParams("unknown command `\(command)` (the server offers `vedl.preview`)")
    }
    let arguments = (try? p.array("arguments")) ?? []
    var target: JSON
    if let first = arguments.first, first["textDocument"] != nil {
      target = first
    } else if let uri = arguments.first?.stringValue {
      target = ["textDocument": ["uri": .string(uri)], "position": arguments.count > 1 ? arguments[1] : .null]
    } else {
      throw .invalidParams("`vedl.preview` expects a document and a position")
    }
    let targetParams = try Params(target)
    let uri = try targetParams.documentURI()
    let document = try document(uri)
    guard let path = DocumentURI.path(of: uri) else {
      throw .requestFailed("the preview shows saved files; save this document first")
    }
    var frame: Int64 = 0
    if let position = try? targetParams.position("position") {
      let offset = document.text.lines.offset(of: position)
      frame = PreviewFrameLocator.frame(at: offset, in: analysis(of: document))
    }
    switch launch(path) {
    case .success(let base):
      return ["url": .string("\(base)#frame=\(frame)"), "frame": .integer(Int(frame))]
    case .failure(let error):
      throw error
    }
  }
}
