import Foundation
import VEDLDiagnostics
import VEDLMedia
import VEDLRender
import VEDLSource

/// What `vedl render --chunks N` was asked to do (docs/scale-out.md): the whole chunked
/// render here, its plan, one chunk, or the assembly.
struct ChunkedRenderRequest {
  enum Action {
    /// Every chunk (`jobs` at a time), then the assembly.
    case all(jobs: Int)
    /// Print the plan's lines.
    case plan
    /// One chunk's job.
    case chunk(Int)
    /// The assemble job.
    case assemble
  }

  var chunks: Int
  var action: Action

  init(_ parsed: ParsedArguments, targets: Int) throws(UsageError) {
    guard let text = parsed.value("chunks") else {
      throw UsageError("`--plan`, `--chunk` and `--assemble` need `--chunks N`")
    }
    guard let n = Int(text), n >= 1 else {
      throw UsageError("`--chunks` expects a positive whole number, found `\(text)`")
    }
    guard targets == 1 else {
      throw UsageError("`--chunks` renders one output, but the script has \(targets) exports: give `-o OUT`")
    }
    chunks = n
    let chosen = [parsed.flag("plan"), parsed.value("chunk") != nil, parsed.flag("assemble")].filter { $0 }.count
    guard chosen <= 1 else { throw UsageError("give at most one of `--plan`, `--chunk I` and `--assemble`") }
    if parsed.flag("plan") {
      action = .plan
    } else if let index = parsed.value("chunk") {
      guard let i = Int(index), i >= 0, i < n else {
        throw UsageError("`--chunk` expects a chunk number from 0 to \(n - 1), found `\(index)`")
      }
      action = .chunk(i)
    } else if parsed.flag("assemble") {
      action = .assemble
    } else {
      var jobs = ProcessInfo.processInfo.activeProcessorCount
      if let text = parsed.value("jobs") {
        guard let j = Int(text), j >= 1 else {
          throw UsageError("`--jobs` expects a positive whole number, found `\(text)`")
        }
        jobs = j
      }
      action = .all(jobs: jobs)
    }
  }

  /// Runs the request; returns the exit status. `script` and `output` are the paths as the
  /// user wrote them, `options` the render's other arguments, for the plan's command lines.
  func run(
    _ render: ChunkedRender, script: String, output: String, options: [String], file: SourceFile, io: CommandIO
  ) -> Int32 {
    let diagnostics = DiagnosticOutput(format: .text, io: io)
    let cancellation = CancellationFlag()
    let interrupt = InterruptSignal(raising: cancellation)
    defer { interrupt.stop() }
    let reporter =
      io.stderrIsTerminal
      ? ProgressReporter(bar: ProgressBar(label: (output as NSString).lastPathComponent), write: io.err) : nil
    let waiting = { io.err("waiting for another render of \(output) to finish\n") }
    do throws(RenderError) {
      let plan = try render.plan(cancellation: cancellation)
      switch action {
      case .plan:
        for line in PlanLine.lines(
          for: plan, script: script, output: output, options: options, vedl: render.settings.toolVersion)
        {
          io.out(line.text + "\n")
        }
      case .chunk(let index):
        let status = try render.renderChunk(
          index, of: plan, cancellation: cancellation, progress: reporter.map { r in { r.report($0) } },
          waiting: waiting)
        reporter?.finish()
        let range = plan.ranges[index]
        let name = "chunk \(index) of \(output) (frames \(range.lowerBound)..<\(range.upperBound))"
        io.out(status == .rendered ? "rendered \(name)\n" : "\(name) is done for this plan: nothing to do\n")
      case .assemble:
        let outcome = try render.assemble(plan, cancellation: cancellation, waiting: waiting)
        io.out(
          outcome.status == .rendered
            ? outcome.summary(name: output) : "\(output) is done for this plan: nothing to do\n")
      case .all(let jobs):
        let outcome = try render.run(
          concurrency: jobs, cancellation: cancellation, progress: reporter.map { r in { r.report($0) } },
          waiting: waiting)
        reporter?.finish()
        io.out(outcome.summary(name: output))
      }
    } catch {
      reporter?.finish()
      diagnostics.emit([
        RenderDiagnostics.diagnostic(for: error, script: file, timeline: render.timeline, target: render.target)
      ])
      if case .media(.cancelled, _) = error { return interrupt.exitStatus }
      return VEDLCommandLine.ExitStatus.failure
    }
    return VEDLCommandLine.ExitStatus.success
  }
}
