import VEDLDiagnostics
import VEDLIDE
import VEDLSource

extension LanguageServer {
  /// Publishes the diagnostics of `document`, and those its check found in other files
  /// (imported caption files) under their own URIs; clears files that no longer have any.
  func publishDiagnostics(of document: OpenDocument, analysis: DocumentAnalysis) {
    let uri = document.text.uri
    var own: [JSON] = []
    var foreign: [String: (file: SourceFile, diagnostics: [Diagnostic])] = [:]
    for d in analysis.diagnostics {
      if d.file === analysis.file {
        own.append(diagnosticJSON(d, lines: document.text.lines, uri: uri))
      } else {
        let target = DocumentURI.uri(ofPath: d.file.path)
        foreign[target, default: (d.file, [])].diagnostics.append(d)
      }
    }
    publish(uri: uri, diagnostics: own, version: document.text.version)
    var published = Set<String>()
    for target in foreign.keys.sorted() where target != uri && documents[target] == nil {
      let (file, diagnostics) = foreign[target]!
      let lines = LineIndex(bytes: file.bytes)
      publish(uri: target, diagnostics: diagnostics.map { diagnosticJSON($0, lines: lines, uri: target) }, version: nil)
      published.insert(target)
    }
    for stale in document.foreignURIs.subtracting(published).sorted() where documents[stale] == nil {
      publish(uri: stale, diagnostics: [], version: nil)
    }
    document.foreignURIs = published
  }

  func publish(uri: String, diagnostics: [JSON], version: Int?) {
    var params: [String: JSON] = ["uri": .string(uri), "diagnostics": .array(diagnostics)]
    if let version { params["version"] = .integer(version) }
    send(OutgoingMessage.notification(method: "textDocument/publishDiagnostics", params: .object(params)))
  }

  /// The protocol form of a diagnostic: code, a link to its page, the notes and help in the
  /// message, and the labels (the other party of an overlap) as related information.
  func diagnosticJSON(_ d: Diagnostic, lines: LineIndex, uri: String) -> JSON {
    var message = d.message
    for note in d.notes { message += "\nnote: \(note)" }
    if let help = d.help { message += "\nhelp: \(help)" }
    var o: [String: JSON] = [
      "range": lines.range(start: d.span.start, end: d.span.end).json,
      "severity": .integer(severity(d.severity)),
      "code": .string(d.code.id),
      "source": "vedl",
      "message": .string(message),
    ]
    if let base = docsBaseURL {
      o["codeDescription"] = ["href": .string(Self.docsLink(base: base, code: d.code))]
    }
    if !d.labels.isEmpty {
      o["relatedInformation"] = .array(
        d.labels.map { label in
          let labelURI: String
          let labelLines: LineIndex
          if let file = label.file, file !== d.file {
            labelURI = DocumentURI.uri(ofPath: file.path)
            labelLines = LineIndex(bytes: file.bytes)
          } else {
            labelURI = uri
            labelLines = lines
          }
          return [
            "location": [
              "uri": .string(labelURI), "range": labelLines.range(start: label.span.start, end: label.span.end).json,
            ],
            "message": .string(label.message),
          ]
        })
    }
    return .object(o)
  }

  /// `BASE/CODE.md`.
  static func docsLink(base: String, code: DiagnosticCode) -> String {
    (base.hasSuffix("/") ? base : base + "/") + code.id + ".md"
  }

  func severity(_ s: Severity) -> Int {
    switch s {
    case .error: 1
    case .warning: 2
    case .note: 3
    }
  }
}
