import Foundation
import VEDLDiagnostics
import VEDLMedia
import VEDLRender

/// `vedl job PLAN.jsonl [--index I] [--status]` — runs one line of a plan made by
/// `vedl render --chunks N --plan` or `vedl batch --plan` (docs/scale-out.md), the index
/// taken from `--index` or the scheduler's environment (`PlanLine.indexVariables`); or
/// lists every line as done / missing / stale.
///
/// The line's versions and input digests are checked first (`PlanLine.verify`), then its
/// `argv` runs in this process, with `--expect-plan` so the render refuses any other plan.
/// A job whose output is done does nothing. Exit status: 0 done (or nothing to do), 1 refused
/// or failed, 2 usage; `--status` exits 0 when every line is done, 1 otherwise.
///
/// `VEDL_WORKER_VERSION` and `VEDL_WORKER_LIBAV` stand in for the worker's own versions in the
/// check: a test hook (docs/scale-out.md), never needed in production.
enum JobCommand {
  static let spec = CommandSpec(
    name: "job",
    synopsis: "job PLAN.jsonl [--index I] [--status]",
    summary: "Run one job of a plan (index from --index or the scheduler's environment), or list their status.",
    options: [
      .init(
        "index", .value(placeholder: "I"),
        help: "The 0-based line (default: VEDL_JOB_INDEX, SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX, …)."),
      .init("status", .flag, help: "List every line as done, missing or stale; run nothing."),
    ],
    positionals: "PLAN.jsonl", minimumPositionals: 1, maximumPositionals: 1)

  static let subcommand = Subcommand(spec: spec) { parsed, io in run(parsed, io: io) }

  static func run(_ parsed: ParsedArguments, io: CommandIO) -> Int32 {
    let planPath = parsed.positionals[0]
    let output = DiagnosticOutput(format: .text, io: io)
    func refuse(_ error: RenderError) -> Int32 {
      output.emit([RenderDiagnostics.planDiagnostic(for: error, plan: planPath)])
      return VEDLCommandLine.ExitStatus.failure
    }
    let lines: [PlanLine]
    do throws(RenderError) {
      lines = try PlanLine.read(io.resolve(planPath), displayed: planPath)
    } catch {
      return refuse(error)
    }

    if parsed.flag("status") {
      var allDone = true
      for (index, line) in lines.enumerated() {
        let status = line.status(resolve: io.resolve)
        allDone = allDone && status == .done
        io.out("\(index)\t\(line.kind)\t\(status.rawValue)\t\(line.output ?? "-")\n")
      }
      return allDone ? VEDLCommandLine.ExitStatus.success : VEDLCommandLine.ExitStatus.failure
    }

    let index: Int
    switch PlanLine.jobIndex(explicit: parsed.value("index"), environment: io.environment) {
    case .success(let i): index = i
    case .failure(.invalidPlan(_, let reason)): return refuse(.invalidPlan(path: planPath, reason: reason))
    case .failure(let error): return refuse(error)
    }
    guard index < lines.count else {
      return refuse(
        .invalidPlan(path: planPath, reason: "it has \(lines.count) lines (0 to \(lines.count - 1)), not line \(index)")
      )
    }
    let line = lines[index]
    guard line.argv.first == "vedl", line.argv.count > 1, line.argv[1] != "job" else {
      return refuse(.invalidPlan(path: planPath, reason: "line \(index) does not run a `vedl` render"))
    }
    do throws(RenderError) {
      try line.verify(
        vedl: io.environment["VEDL_WORKER_VERSION"] ?? VEDLCommandLine.version,
        libav: io.environment["VEDL_WORKER_LIBAV"] ?? LibavVersion.description, resolve: io.resolve)
    } catch {
      return refuse(error)
    }
    var arguments = Array(line.argv.dropFirst())
    if let plan = line.plan, !arguments.contains("--expect-plan") { arguments += ["--expect-plan", plan] }
    io.err("job \(index) of \(planPath): \(line.kind)\(line.output.map { " → \($0)" } ?? "")\n")
    return VEDLCommandLine.run(arguments: arguments, io: io)
  }
}
