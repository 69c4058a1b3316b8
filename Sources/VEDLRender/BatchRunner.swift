import Foundation
import VEDLDiagnostics
import VEDLLowering
import VEDLMedia
import VEDLSource

/// How one job of a batch ended.
public enum BatchJobResult: Sendable {
  /// The output was written.
  case rendered(RenderOutcome)
  /// The output was up to date; nothing was written.
  case upToDate
  /// The render failed (diagnostics were printed), or was stopped by Ctrl-C.
  case failed(reason: String, cancelled: Bool)
}

/// How far a running batch has got.
public struct BatchProgress: Sendable, Hashable {
  /// Jobs ended.
  public var finished: Int
  /// Jobs in all.
  public var total: Int
  /// Of all the work: the ended jobs and the running ones' parts, from 0 to 1.
  public var fraction: Double
}

/// What a running batch tells its caller, one event at a time, in order.
public enum BatchEvent: Sendable {
  /// A job got further.
  case progress(BatchProgress)
  /// Job `index` ended with `result`; `diagnostics` (a failure's, or a success's warnings)
  /// and `line` (a success's summary, with its line break) are for the user.
  case finished(index: Int, result: BatchJobResult, diagnostics: [Diagnostic], line: String?, progress: BatchProgress)
}

/// Renders a batch's jobs in-process, at most `concurrency` at a time (an `OperationQueue`),
/// reporting each row's result as it finishes and the overall progress (`BatchEvent`).
public struct BatchRunner: Sendable {
  /// The template as read (its bytes are part of every fingerprint).
  public var script: SourceFile
  /// The script's folder, against which its relative paths resolve.
  public var baseDirectory: String
  /// `--backend`: the renderer of every row.
  public var backend: RenderBackend
  /// `--force`: render rows that are up to date too.
  public var force: Bool
  /// `--jobs`: renders at a time.
  public var concurrency: Int
  /// The script and the data: no job writes over them (each job adds its row's inputs).
  public var protected: ProtectedFiles
  /// The compiler's version, for every row's metadata and fingerprint.
  public var toolVersion: String
  /// The digests every row shares (`DigestMemo.forUser` for the CLI).
  public var digests: DigestMemo

  /// A runner; every property is documented above.
  public init(
    script: SourceFile, baseDirectory: String, backend: RenderBackend, force: Bool, concurrency: Int,
    protected: ProtectedFiles, toolVersion: String, digests: DigestMemo
  ) {
    self.script = script
    self.baseDirectory = baseDirectory
    self.backend = backend
    self.force = force
    self.concurrency = concurrency
    self.protected = protected
    self.toolVersion = toolVersion
    self.digests = digests
  }

  /// Runs every job; the results are in the order of `jobs`. `report` is called from the
  /// The render job of `job`'s row: what the batch runs for it, and what its plan line's
  /// `argv` renders (the same fingerprint).
  public func renderJob(for job: BatchJob) -> RenderJob {
    var settings = RenderSettings(
      script: script, baseDirectory: baseDirectory, parameters: job.parameters,
      quality: QualityPreset.Name(rawValue: job.quality), backend: backend, force: force,
      toolVersion: toolVersion, digests: digests)
    settings.protected = protected
    return RenderJob(timeline: job.timeline, target: job.target, settings: settings)
  }

  /// jobs' threads, one call at a time.
  public func run(
    _ jobs: [BatchJob], cancellation: CancellationFlag, report: @escaping @Sendable (BatchEvent) -> Void
  ) -> [BatchJobResult] {
    let state = BatchRunState(count: jobs.count, report: report)
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = max(1, concurrency)
    for (index, job) in jobs.enumerated() {
      let settings = renderJob(for: job).settings
      queue.addOperation {
        if cancellation.isCancelled {
          state.finish(index, .failed(reason: "interrupted", cancelled: true), diagnostics: [], line: nil)
          return
        }
        let renderJob = renderJob(for: job)
        do throws(RenderError) {
          let outcome = try renderJob.run(cancellation: cancellation) { state.progress(index, $0) }
          let result: BatchJobResult = outcome.status == .rendered ? .rendered(outcome) : .upToDate
          let warnings = RenderDiagnostics.warnings(of: outcome, script: settings.script).map {
            $0.note("while rendering row \(job.row)")
          }
          state.finish(index, result, diagnostics: warnings, line: outcome.summary(name: job.outputName))
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
    return state.results.map { $0 ?? .failed(reason: "not run", cancelled: true) }
  }
}

/// How a batch ended: the rows rendered, those up to date, and every row that failed, in its
/// preparation or its render, in row order.
public struct BatchSummary: Sendable {
  public var rendered = 0
  public var upToDate = 0
  public var failures: [BatchFailure]

  /// The summary of `prepared`'s jobs ending with `results` (in the order of the jobs).
  public init(prepared: BatchPreparation, results: [BatchJobResult]) {
    failures = prepared.failures
    for (job, result) in zip(prepared.jobs, results) {
      switch result {
      case .rendered: rendered += 1
      case .upToDate: upToDate += 1
      case .failed(let reason, _): failures.append(BatchFailure(row: job.row, reason: reason))
      }
    }
    failures.sort { $0.row < $1.row }
  }
}

/// The state the jobs of a running batch share, behind a lock: results and the progress of
/// each running job. Events are reported under the lock, so they arrive in order.
final class BatchRunState: @unchecked Sendable {
  private let lock = NSLock()
  private let report: @Sendable (BatchEvent) -> Void
  private(set) var results: [BatchJobResult?]
  private var fractions: [Int: Double] = [:]
  private var finished = 0

  /// The state of `count` jobs reporting to `report`.
  init(count: Int, report: @escaping @Sendable (BatchEvent) -> Void) {
    self.results = Array(repeating: nil, count: count)
    self.report = report
  }

  /// Job `index` got this far.
  func progress(_ index: Int, _ progress: RenderProgress) {
    lock.withLock {
      fractions[index] = progress.fraction ?? 0
      report(.progress(overall))
    }
  }

  /// Job `index` ended.
  func finish(_ index: Int, _ result: BatchJobResult, diagnostics: [Diagnostic], line: String?) {
    lock.withLock {
      results[index] = result
      fractions[index] = nil
      finished += 1
      report(.finished(index: index, result: result, diagnostics: diagnostics, line: line, progress: overall))
    }
  }

  /// The whole batch's progress; under the lock.
  private var overall: BatchProgress {
    let total = max(1, results.count)
    let fraction = min(1, (Double(finished) + fractions.values.reduce(0, +)) / Double(total))
    return BatchProgress(finished: finished, total: results.count, fraction: fraction)
  }
}
