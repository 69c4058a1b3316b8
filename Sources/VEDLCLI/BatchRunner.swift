import Foundation
import VEDLDiagnostics
import VEDLLowering
import VEDLMedia
import VEDLRender
import VEDLSource

/// How one job of a batch ended.
enum BatchJobResult: Sendable {
  /// The output was written.
  case rendered(RenderOutcome)
  /// The output was up to date; nothing was written.
  case upToDate
  /// The render failed (diagnostics were printed), or was stopped by Ctrl-C.
  case failed(reason: String, cancelled: Bool)
}

/// Renders a batch's jobs in-process, at most `concurrency` at a time (an `OperationQueue`),
/// printing each row's result as it finishes and one overall progress line on standard
/// error when it is a terminal.
struct BatchRunner {
  /// The template as read (its bytes are part of every fingerprint).
  var script: SourceFile
  /// The script's folder, against which its relative paths resolve.
  var baseDirectory: String
  /// `--backend`: the renderer of every row.
  var backend: RenderBackend
  /// `--force`: render rows that are up to date too.
  var force: Bool
  /// `--jobs`: renders at a time.
  var concurrency: Int
  /// The script and the data: no job writes over them (each job adds its row's inputs).
  var protected: ProtectedFiles
  /// Where lines, diagnostics and the progress line go.
  var io: CommandIO

  /// Runs every job; the results are in the order of `jobs`.
  func run(_ jobs: [BatchJob], cancellation: CancellationFlag) -> [BatchJobResult] {
    let state = BatchRunState(count: jobs.count, io: io)
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = max(1, concurrency)
    let digests = DigestMemo.forUser(environment: io.environment)
    for (index, job) in jobs.enumerated() {
      var rowSettings = RenderSettings(
        script: script, baseDirectory: baseDirectory, parameters: job.parameters,
        quality: QualityPreset.Name(rawValue: job.quality), backend: backend, force: force,
        toolVersion: VEDLCommandLine.version, digests: digests)
      rowSettings.protected = protected
      let settings = rowSettings
      queue.addOperation {
        if cancellation.isCancelled {
          state.finish(index, .failed(reason: "interrupted", cancelled: true), diagnostics: [], line: nil)
          return
        }
        let renderJob = RenderJob(timeline: job.timeline, target: job.target, settings: settings)
        do throws(RenderError) {
          let outcome = try renderJob.run(cancellation: cancellation) { state.progress(index, $0) }
          let result: BatchJobResult = outcome.status == .rendered ? .rendered(outcome) : .upToDate
          state.finish(
            index, result, diagnostics: [], line: RenderCommand.summary(of: outcome, name: job.outputName))
        } catch {
          let diagnostic = RenderDiagnostics.diagnostic(
            for: error, script: settings.script, timeline: job.timeline, target: job.target)
          var cancelled = false
          if case .media(.cancelled, _) = error { cancelled = true }
          state.finish(
            index, .failed(reason: "error[\(diagnostic.code)]: \(diagnostic.message)", cancelled: cancelled),
            diagnostics: cancelled ? [] : [diagnostic.note("while rendering row \(job.row)")], line: nil)
        }
      }
    }
    queue.waitUntilAllOperationsAreFinished()
    state.erase()
    return state.results.map { $0 ?? .failed(reason: "not run", cancelled: true) }
  }
}

/// The state the jobs of a running batch share, behind a lock: results, the progress of
/// each running job and the progress line.
final class BatchRunState: @unchecked Sendable {
  private let lock = NSLock()
  private let io: CommandIO
  private(set) var results: [BatchJobResult?]
  private var fractions: [Int: Double] = [:]
  private var finished = 0
  private var lastDraw: Double?
  private var drawn = false

  /// The state of `count` jobs writing through `io`.
  init(count: Int, io: CommandIO) {
    self.results = Array(repeating: nil, count: count)
    self.io = io
  }

  /// Job `index` got this far.
  func progress(_ index: Int, _ progress: RenderProgress) {
    lock.withLock {
      fractions[index] = progress.fraction ?? 0
      draw(force: false)
    }
  }

  /// Job `index` ended: records it and prints its line and diagnostics above the progress line.
  func finish(_ index: Int, _ result: BatchJobResult, diagnostics: [Diagnostic], line: String?) {
    lock.withLock {
      results[index] = result
      fractions[index] = nil
      finished += 1
      eraseLocked()
      DiagnosticOutput(format: .text, io: io).emit(diagnostics)
      if let line { io.out(line) }
      draw(force: true)
    }
  }

  /// Erases the progress line (the batch is over).
  func erase() { lock.withLock { eraseLocked() } }

  private func eraseLocked() {
    guard drawn else { return }
    io.err("\r\u{1B}[K")
    drawn = false
  }

  /// `batch  [#########---------------]  37%  3 of 8 rows done`, at most ten times a second.
  private func draw(force: Bool) {
    guard io.stderrIsTerminal else { return }
    let now = ProgressReporter.monotonicSeconds()
    if !force, let lastDraw, now - lastDraw < ProgressReporter.interval { return }
    lastDraw = now
    let total = max(1, results.count)
    let fraction = min(1, (Double(finished) + fractions.values.reduce(0, +)) / Double(total))
    let width = 24
    let filled = Int((fraction * Double(width)).rounded(.down))
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    io.err(
      "\rbatch  [\(bar)]  \(Int((fraction * 100).rounded(.down)))%  \(finished) of \(results.count) rows done\u{1B}[K")
    drawn = true
  }
}
