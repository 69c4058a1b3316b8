import Foundation
import VEDLDiagnostics
import VEDLIDE
import VEDLSema
import VEDLSource

/// The language server: the protocol's life cycle, the open documents and the dispatch of
/// requests to the analyses of `VEDLIDE`. It is transport-free — messages come in through
/// ``handle(_:)`` and go out through the `send` function — and confined to one thread:
/// ``StdioServer`` runs it on its serving thread, tests call it directly.
///
/// Diagnostics are not computed per edit: a change only marks its document, and
/// ``performIdleWork()`` (run whenever no message is waiting) starts the analysis — on an
/// ``AnalysisWorker`` thread under ``StdioServer``, inline otherwise — and its diagnostics
/// are published when it finishes. Rapid edits therefore cost one analysis, not one per
/// keystroke; an analysis of an outdated revision is dropped; and completion, which needs
/// only the syntax, is answered while a check runs.
public final class LanguageServer {
  /// Where the server is in the protocol's life cycle.
  public enum State: Sendable, Hashable {
    /// Before `initialize`: requests get `ServerNotInitialized`.
    case uninitialized
    case running
    /// After `shutdown`: only `exit` is accepted.
    case shutDown
  }

  let configuration: ServerConfiguration
  let send: (JSON) -> Void
  /// Where the server logs (standard error in `vedl lsp`).
  public let log: ServerLog
  /// Requests cancelled by the client.
  public let cancellations: CancellationRegistry

  public private(set) var state = State.uninitialized
  /// Set by `exit`: 0 after a `shutdown`, 1 without one.
  public private(set) var exitStatus: Int32?

  var client = ClientCapabilities()
  var rootPath: String?
  var docsBaseURL: String?
  var parameterOverrides: [(name: String, value: String)] = []
  var documents: [String: OpenDocument] = [:]
  /// Documents whose diagnostics must be (re)published, oldest change first.
  var pendingPublish: [String] = []
  /// Where analyses run: `nil` on the serving thread, else on a worker that reports back
  /// through ``analysisFinished(_:)``.
  let worker: AnalysisWorker?

  /// A server that writes its messages with `send` and analyses on the calling thread.
  public init(
    configuration: ServerConfiguration, log: ServerLog = .silent,
    cancellations: CancellationRegistry = CancellationRegistry(),
    send: @escaping (JSON) -> Void
  ) {
    self.configuration = configuration
    self.log = log
    self.cancellations = cancellations
    self.send = send
    self.docsBaseURL = configuration.diagnosticDocsBaseURL
    self.worker = nil
  }

  /// A server whose analyses run on `worker`'s thread (``StdioServer`` makes one); results
  /// come back through ``analysisFinished(_:)``, called on the serving thread.
  init(
    configuration: ServerConfiguration, log: ServerLog, cancellations: CancellationRegistry, worker: AnalysisWorker,
    send: @escaping (JSON) -> Void
  ) {
    self.configuration = configuration
    self.log = log
    self.cancellations = cancellations
    self.send = send
    self.docsBaseURL = configuration.diagnosticDocsBaseURL
    self.worker = worker
  }

  // MARK: Dispatch

  /// Handles one message from the client.
  public func handle(_ message: IncomingMessage) {
    switch message {
    case .invalid(let id, let error):
      log.error("invalid message: \(error.message)")
      send(OutgoingMessage.error(id: id, error))
    case .response(let id):
      log.debug("ignoring a response from the client (id \(id.map(\.description) ?? "null"))")
    case .notification(let method, let params):
      handleNotification(method, params)
    case .request(let id, let method, let params):
      handleRequest(id, method, params)
    }
  }

  /// Reads and handles one message body (as framed on the wire).
  public func handle(body: [UInt8]) {
    handle(IncomingMessage.decode(body))
  }

  private func handleRequest(_ id: RequestID, _ method: String, _ params: JSON?) {
    if cancellations.take(id) {
      send(OutgoingMessage.error(id: id, .requestCancelled))
      return
    }
    switch state {
    case .uninitialized where method != "initialize":
      send(OutgoingMessage.error(id: id, .serverNotInitialized))
      return
    case .shutDown:
      send(OutgoingMessage.error(id: id, .invalidRequest("the server is shutting down")))
      return
    default:
      break
    }
    guard let handler = requestHandler(for: method) else {
      send(OutgoingMessage.error(id: id, .methodNotFound(method)))
      return
    }
    let started = DispatchTime.now().uptimeNanoseconds
    do {
      let result = try handler(params)
      send(OutgoingMessage.response(id: id, result: result))
    } catch {
      log.info("\(method) failed: \(error.message)")
      send(OutgoingMessage.error(id: id, error))
    }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
    log.debug("\(method) (id \(id)) answered in \(String(format: "%.2f", elapsed)) ms")
  }

  private func handleNotification(_ method: String, _ params: JSON?) {
    if method == "exit" {
      exitStatus = state == .shutDown ? 0 : 1
      return
    }
    if method == "$/cancelRequest" {
      if let raw = params?["id"], let id = RequestID(raw) { cancellations.cancel(id) }
      return
    }
    guard state == .running else {
      log.debug("dropping notification \(method) outside the running state")
      return
    }
    do throws(ResponseError) {
      switch method {
      case "initialized", "workspace/didChangeConfiguration", "textDocument/willSave", "window/workDoneProgress/cancel":
        break
      case "textDocument/didOpen": try didOpen(params)
      case "textDocument/didChange": try didChange(params)
      case "textDocument/didClose": try didClose(params)
      case "textDocument/didSave": try didSave(params)
      case "workspace/didChangeWatchedFiles": try didChangeWatchedFiles(params)
      default:
        // `$/` notifications may be ignored; so may any other the server does not know.
        log.debug("ignoring notification \(method)")
      }
    } catch {
      // Notifications get no answer: log the problem and keep serving.
      log.error("\(method): \(error.message)")
    }
  }

  typealias RequestHandler = (JSON?) throws(ResponseError) -> JSON

  private func requestHandler(for method: String) -> RequestHandler? {
    switch method {
    case "initialize": return { [unowned self] p throws(ResponseError) in try initialize(p) }
    case "shutdown": return { [unowned self] _ throws(ResponseError) in shutdown() }
    case "textDocument/hover": return { [unowned self] p throws(ResponseError) in try hover(p) }
    case "textDocument/completion": return { [unowned self] p throws(ResponseError) in try completion(p) }
    case "textDocument/definition": return { [unowned self] p throws(ResponseError) in try definition(p) }
    case "textDocument/references": return { [unowned self] p throws(ResponseError) in try references(p) }
    case "textDocument/documentHighlight": return { [unowned self] p throws(ResponseError) in try documentHighlight(p) }
    case "textDocument/prepareRename": return { [unowned self] p throws(ResponseError) in try prepareRename(p) }
    case "textDocument/rename": return { [unowned self] p throws(ResponseError) in try rename(p) }
    case "textDocument/documentSymbol": return { [unowned self] p throws(ResponseError) in try documentSymbol(p) }
    case "textDocument/foldingRange": return { [unowned self] p throws(ResponseError) in try foldingRange(p) }
    case "textDocument/semanticTokens/full": return { [unowned self] p throws(ResponseError) in try semanticTokens(p) }
    case "textDocument/formatting": return { [unowned self] p throws(ResponseError) in try formatting(p) }
    case "textDocument/inlayHint": return { [unowned self] p throws(ResponseError) in try inlayHint(p) }
    case "textDocument/codeAction": return { [unowned self] p throws(ResponseError) in try codeAction(p) }
    case "workspace/executeCommand" where configuration.preview != nil:
      return { [unowned self] p throws(ResponseError) in try executeCommand(p) }
    case "vedl/ir": return { [unowned self] p throws(ResponseError) in try intermediateRepresentation(p) }
    case "vedl/graph" where configuration.graph != nil:
      return { [unowned self] p throws(ResponseError) in try filterGraph(p) }
    default: return nil
    }
  }

  // MARK: Life cycle

  private func initialize(_ params: JSON?) throws(ResponseError) -> JSON {
    guard state == .uninitialized else { throw .invalidRequest("`initialize` was already received") }
    let p = try Params(params)
    client = ClientCapabilities(p.json["capabilities"])
    if let root = p.json["rootUri"]?.stringValue.flatMap(DocumentURI.path(of:)) {
      rootPath = root
    } else if let root = p.json["rootPath"]?.stringValue {
      rootPath = root
    } else if let first = p.json["workspaceFolders"]?.arrayValue?.first?["uri"]?.stringValue {
      rootPath = DocumentURI.path(of: first)
    }
    if let options = p.json["initializationOptions"] {
      if let url = options["diagnosticDocsBaseURL"]?.stringValue { docsBaseURL = url }
      if case .object(let values)? = options["parameters"] {
        parameterOverrides = values.keys.sorted().compactMap { key in
          switch values[key]! {
          case .string(let s): (key, s)
          case .integer(let n): (key, String(n))
          case .double(let d): (key, String(d))
          case .bool(let b): (key, b ? "true" : "false")
          default: nil
          }
        }
      }
    }
    state = .running
    log.info("initialized (client: \(p.json["clientInfo"]?["name"]?.stringValue ?? "unknown"))")
    return [
      "capabilities": ServerCapabilities.json(
        graph: configuration.graph != nil, preview: configuration.preview != nil),
      "serverInfo": ["name": "vedl", "version": .string(configuration.version)],
    ]
  }

  private func shutdown() -> JSON {
    state = .shutDown
    configuration.media?.setUpdateHandler(nil)
    return .null
  }

  // MARK: Documents

  /// An open document and what is known about its current text.
  final class OpenDocument {
    var text: TextDocument
    /// Counts the changes of this document (the client's versions need not increase).
    var revision = 0
    var syntax: SyntaxAnalysis?
    var analysis: DocumentAnalysis?
    /// The analysis of the current revision being run on the worker, if any.
    var job: AnalysisJob?
    /// Other files (caption files) diagnostics were last published for.
    var foreignURIs: Set<String> = []

    init(text: TextDocument) {
      self.text = text
    }

    /// Forgets the analyses of the previous text.
    func invalidate() {
      syntax = nil
      reanalyze()
    }

    /// Forgets the analysis (the text is unchanged but what it depends on changed); a job
    /// still running for the old state is ignored when it finishes.
    func reanalyze() {
      revision += 1
      analysis = nil
      job = nil
    }
  }

  private func didOpen(_ params: JSON?) throws(ResponseError) {
    let item = try Params(params).object("textDocument")
    let uri = try item.string("uri")
    let text = try item.string("text")
    let version = try item.optionalInteger("version") ?? 0
    documents[uri] = OpenDocument(text: TextDocument(uri: uri, version: version, text: text))
    schedulePublish(uri)
  }

  private func didChange(_ params: JSON?) throws(ResponseError) {
    let p = try Params(params)
    let identifier = try p.object("textDocument")
    let uri = try identifier.string("uri")
    guard let document = documents[uri] else { throw .invalidParams("document `\(uri)` is not open") }
    let version = try identifier.optionalInteger("version") ?? document.text.version + 1
    var changes: [TextDocument.Change] = []
    for (index, raw) in try p.array("contentChanges").enumerated() {
      let change = try Params(raw, path: "params.contentChanges[\(index)]")
      let range: TextRange? = (change.json["range"] ?? .null).isNull ? nil : try change.range("range")
      changes.append(TextDocument.Change(range: range, text: try change.string("text")))
    }
    document.text.apply(changes, version: version)
    document.invalidate()
    schedulePublish(uri)
  }

  private func didClose(_ params: JSON?) throws(ResponseError) {
    let uri = try Params(params).documentURI()
    guard let document = documents.removeValue(forKey: uri) else { return }
    pendingPublish.removeAll { $0 == uri }
    // Clear what was published, so that closed files leave no stale problems behind.
    for target in [uri] + document.foreignURIs.sorted() {
      publish(uri: target, diagnostics: [], version: nil)
    }
  }

  private func didSave(_ params: JSON?) throws(ResponseError) {
    let uri = try Params(params).documentURI()
    // Media facts that were still being probed may have arrived since: check again.
    if let document = documents[uri], document.analysis?.pendingMediaPaths.isEmpty == false {
      document.reanalyze()
      schedulePublish(uri)
    }
  }

  private func didChangeWatchedFiles(_ params: JSON?) throws(ResponseError) {
    var paths: [String] = []
    for change in try Params(params).array("changes") {
      if let path = change["uri"]?.stringValue.flatMap(DocumentURI.path(of:)) { paths.append(path) }
    }
    configuration.media?.invalidate(paths)
    // Any document may use the changed files (sources, caption files): check them all again.
    for (uri, document) in documents {
      document.reanalyze()
      schedulePublish(uri)
    }
  }

  func schedulePublish(_ uri: String) {
    pendingPublish.removeAll { $0 == uri }
    pendingPublish.append(uri)
  }

  /// The open document `uri`, or `InvalidParams`.
  func document(_ uri: String) throws(ResponseError) -> OpenDocument {
    guard let document = documents[uri] else { throw .invalidParams("document `\(uri)` is not open") }
    return document
  }

  /// The syntax view of the document's current text (parsed on first use after a change).
  func syntax(of document: OpenDocument) -> SyntaxAnalysis {
    if let syntax = document.syntax { return syntax }
    let syntax = SyntaxAnalysis(file: document.text.sourceFile())
    document.syntax = syntax
    return syntax
  }

  /// The folder relative paths of `document` resolve against.
  func baseDirectory(of document: OpenDocument) -> String {
    if let path = document.text.path { return (path as NSString).deletingLastPathComponent }
    return rootPath ?? configuration.workingDirectory
  }

  /// The full analysis of the document's current text (checked on first use after a change).
  func analysis(of document: OpenDocument) -> DocumentAnalysis {
    if let analysis = document.analysis { return analysis }
    // The worker may be on it already: share its result (or run it here if it has not
    // started), rather than analysing twice.
    let job = document.job ?? makeJob(for: document)
    let analysis = job.run()
    document.analysis = analysis
    document.job = nil
    if document.syntax == nil { document.syntax = analysis.syntax }
    return analysis
  }

  /// A job analysing the document's current revision.
  private func makeJob(for document: OpenDocument) -> AnalysisJob {
    let options = AnalysisOptions(
      baseDirectory: baseDirectory(of: document), media: configuration.media, parameterOverrides: parameterOverrides)
    return AnalysisJob(
      uri: document.text.uri, revision: document.revision, file: document.text.sourceFile(), syntax: document.syntax,
      options: options)
  }

  // MARK: Idle work

  /// Whether ``performIdleWork()`` has something to do.
  public var hasIdleWork: Bool { !pendingPublish.isEmpty && state == .running }

  /// Analyses and publishes the diagnostics of one changed document (the one changed
  /// longest ago). The serving loop calls it whenever no message is waiting, so a burst of
  /// edits is analysed once, after the last of them.
  public func performIdleWork() {
    guard state == .running, !pendingPublish.isEmpty else { return }
    let uri = pendingPublish.removeFirst()
    guard let document = documents[uri] else { return }
    if let worker, document.analysis == nil {
      // Off the serving thread; ``analysisFinished(_:)`` publishes.
      let job = document.job ?? makeJob(for: document)
      document.job = job
      worker.submit(job)
      return
    }
    let started = DispatchTime.now().uptimeNanoseconds
    let analysis = analysis(of: document)
    publishDiagnostics(of: document, analysis: analysis)
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
    log.debug("analysed \(uri) (\(document.text.bytes.count) bytes) in \(String(format: "%.2f", elapsed)) ms")
  }

  /// The worker finished `job` (called on the serving thread): publishes its diagnostics if
  /// the document has not changed since.
  func analysisFinished(_ job: AnalysisJob) {
    guard state == .running, let document = documents[job.uri], document.revision == job.revision,
      let analysis = job.result
    else { return }
    if document.analysis == nil {
      document.analysis = analysis
      document.job = nil
    }
    if document.syntax == nil { document.syntax = analysis.syntax }
    publishDiagnostics(of: document, analysis: document.analysis ?? analysis)
  }

  /// Media facts arrived for `paths` (called on the serving thread): documents that were
  /// analysed without them are analysed again.
  public func mediaFactsArrived(_ paths: [String]) {
    let arrived = Set(paths)
    for (uri, document) in documents {
      if let analysis = document.analysis {
        guard analysis.pendingMediaPaths.contains(where: arrived.contains) else { continue }
      } else if document.job == nil {
        continue  // not analysed yet: the next analysis sees the facts
      }
      // An analysis made (or being made) without these facts: do it again.
      document.reanalyze()
      schedulePublish(uri)
    }
  }
}
