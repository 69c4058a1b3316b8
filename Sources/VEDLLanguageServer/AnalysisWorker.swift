import Foundation
import VEDLIDE
import VEDLSource

/// One analysis of one revision of a document, run by an ``AnalysisWorker`` (or inline).
/// Whoever needs the result first — the worker finishing it, or a request that cannot wait
/// for the worker to get to it — computes it; the other gets the same value.
final class AnalysisJob: @unchecked Sendable {
  let uri: String
  /// The server's revision counter of the document when the job was made.
  let revision: Int
  private let file: SourceFile
  private let syntax: SyntaxAnalysis?
  private let options: AnalysisOptions
  private let condition = NSCondition()
  // Guarded by `condition`.
  private var state = State.waiting
  private enum State {
    case waiting
    case running
    case done(DocumentAnalysis)
  }

  init(uri: String, revision: Int, file: SourceFile, syntax: SyntaxAnalysis?, options: AnalysisOptions) {
    self.uri = uri
    self.revision = revision
    self.file = file
    self.syntax = syntax
    self.options = options
  }

  /// The finished analysis, if any.
  var result: DocumentAnalysis? {
    condition.withLock {
      if case .done(let analysis) = state { return analysis }
      return nil
    }
  }

  /// Runs the analysis unless someone else is running or has run it; then returns it.
  @discardableResult
  func run() -> DocumentAnalysis {
    condition.lock()
    switch state {
    case .done(let analysis):
      condition.unlock()
      return analysis
    case .running:
      while true {
        if case .done(let analysis) = state {
          condition.unlock()
          return analysis
        }
        condition.wait()
      }
    case .waiting:
      state = .running
      condition.unlock()
    }
    let analysis = DocumentAnalysis.analyze(syntax ?? SyntaxAnalysis(file: file), options: options)
    condition.withLock {
      state = .done(analysis)
      condition.broadcast()
    }
    return analysis
  }
}

/// A thread that runs analyses in order, so that the serving thread stays free for requests
/// (completion needs only the syntax) while a large document is checked. A job submitted
/// for a document replaces that document's job still waiting in the queue.
final class AnalysisWorker: @unchecked Sendable {
  private let condition = NSCondition()
  private var queue: [AnalysisJob] = []
  private var stopped = false
  private let finished: @Sendable (AnalysisJob) -> Void

  /// `finished` is called on the worker's thread after each job.
  init(finished: @escaping @Sendable (AnalysisJob) -> Void) {
    self.finished = finished
    let thread = Thread { [self] in loop() }
    thread.name = "vedl-lsp-analysis"
    thread.stackSize = 8 << 20
    thread.start()
  }

  func submit(_ job: AnalysisJob) {
    condition.withLock {
      queue.removeAll { $0.uri == job.uri }
      queue.append(job)
      condition.signal()
    }
  }

  /// Ends the thread once the job it is running (if any) is done; queued jobs are dropped.
  func stop() {
    condition.withLock {
      stopped = true
      queue.removeAll()
      condition.signal()
    }
  }

  private func loop() {
    while true {
      let next: AnalysisJob? = condition.withLock {
        while queue.isEmpty, !stopped { condition.wait() }
        return stopped ? nil : queue.removeFirst()
      }
      guard let job = next else { return }
      let analysis = job.run()
      finished(job)
      // Build the indexes that hover, symbols and rename use while the serving thread
      // publishes, so that the first request after an edit finds them ready.
      _ = analysis.syntax.symbols
    }
  }
}
