import Foundation
import VEDLDiagnostics
import VEDLIDE
import VEDLSource

extension LanguageServer {
  /// Publishes the diagnostics of `document`, and those its check found in other files
  /// (imported caption files) under their own URIs; clears files that no longer have any.
  func publishDiagnostics(of document: OpenDocument, analysis: DocumentAnalysis) {
    let uri = document.text.uri
    let locate = FileLocator(document: document, analysis: analysis, baseDirectory: baseDirectory(of: document))
    var own: [JSON] = []
    var foreign: [String: [Diagnostic]] = [:]
    for d in analysis.diagnostics {
      let (target, _) = locate(d.file)
      if target == uri {
        own.append(diagnosticJSON(d, locate: locate))
      } else {
        foreign[target, default: []].append(d)
      }
    }
    publish(uri: uri, diagnostics: own, version: document.text.version)
    var published = Set<String>()
    for target in foreign.keys.sorted() where documents[target] == nil {
      publish(uri: target, diagnostics: foreign[target]!.map { diagnosticJSON($0, locate: locate) }, version: nil)
      published.insert(target)
    }
    for stale in document.foreignURIs.subtracting(published).sorted() where documents[stale] == nil {
      publish(uri: stale, diagnostics: [], version: nil)
    }
    document.foreignURIs = published
  }

  /// Finds the URI and line index of the files diagnostics point into: the document itself,
  /// or another file by its path (relative paths, as caption files are named, resolve
  /// against the document's folder).
  struct FileLocator {
    let document: OpenDocument
    let analysis: DocumentAnalysis
    let baseDirectory: String

    func callAsFunction(_ file: SourceFile) -> (uri: String, lines: LineIndex) {
      if file === analysis.file { return (document.text.uri, document.text.lines) }
      let path = file.path.hasPrefix("/") ? file.path : (baseDirectory as NSString).appendingPathComponent(file.path)
      return (DocumentURI.uri(ofPath: (path as NSString).standardizingPath), LineIndex(bytes: file.bytes))
    }
  }

  func publish(uri: String, diagnostics: [JSON], version: Int?) {
    var params: [String: JSON] = ["uri": .string(uri), "diagnostics": .array(diagnostics)]
    if let version { params["version"] = .integer(version) }
    send(OutgoingMessage.notification(method: "textDocument/publishDiagnostics", params: .object(params)))
  }

  /// The protocol form of a diagnostic: code, a link to its page, the notes and help in the
  /// message, and the labels (the other party of an overlap) as related information.
  func diagnosticJSON(_ d: Diagnostic, locate: FileLocator) -> JSON {
    var message = d.message
    for note in d.notes { message += "\nnote: \(note)" }
    if let help = d.help { message += "\nhelp: \(help)" }
    let lines = locate(d.file).lines
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
          let (labelURI, labelLines) = label.file.map { locate($0) } ?? locate(d.file)
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
