import Foundation
import VEDLDiagnostics
import VEDLLowering
import VEDLMedia
import VEDLRender
import VEDLSource

/// `vedl batch FILE --data ROWS.csv|ROWS.json --out-dir DIR [--jobs N] [--name PATTERN]
/// [--backend ffmpeg|native] [--quality Q] [--force] [--plan]` — renders one output per data
/// row, each row's cells giving the script's parameters, with the FFmpeg backend (the
/// default) or the native renderer; docs/batch.md describes it.
///
/// Every row is checked before anything is rendered; a bad row is reported and skipped and
/// the others still render. Exit status: 0 when every row was rendered or up to date, 1 when
/// a row failed (or names collide, or the data cannot be read), 2 for a usage error, 130
/// when interrupted.
enum BatchCommand {
  static let spec = CommandSpec(
    name: "batch",
    synopsis:
      "batch FILE --data ROWS.csv|ROWS.json --out-dir DIR [--jobs N] [--name PATTERN] [--backend ffmpeg|native]"
      + " [--quality Q] [--force] [--plan]",
    summary: "Render one output per row of a CSV or JSON file, the columns giving the parameters.",
    options: [
      .init(
        "data", .value(placeholder: "ROWS.csv|ROWS.json"),
        help: "The rows: CSV with a header, or a JSON array of objects."),
      .init("out-dir", .value(placeholder: "DIR"), help: "The folder the outputs go to."),
      .init("jobs", short: "j", .value(placeholder: "N"), help: "Renders at a time (default: the number of cores)."),
      .init("name", .value(placeholder: "PATTERN"), help: "Output names, e.g. `{row}-{title}` (see docs/batch.md)."),
      RenderCommand.backendOption,
      .init(
        "quality", .value(placeholder: "lossless|original|high|medium|low"), help: "Override the export's quality."),
      .init("force", .flag, help: "Render even when an output is up to date."),
      .init("plan", .flag, help: "Print one self-contained job per row as JSON lines; render nothing."),
    ],
    positionals: "FILE", minimumPositionals: 1, maximumPositionals: 1)

  static let subcommand = Subcommand(spec: spec) { parsed, io in run(parsed, io: io) }

  static func run(_ parsed: ParsedArguments, io: CommandIO) -> Int32 {
    let dataPath: String
    let outputFolder: String
    var concurrency = ProcessInfo.processInfo.activeProcessorCount
    var quality: QualityPreset.Name?
    let backend: RenderBackend
    do throws(UsageError) {
      guard let data = parsed.value("data") else { throw UsageError("missing `--data ROWS.csv|ROWS.json`") }
      guard let folder = parsed.value("out-dir"), !folder.isEmpty else { throw UsageError("missing `--out-dir DIR`") }
      dataPath = data
      outputFolder = folder
      if let jobs = parsed.value("jobs") {
        guard let n = Int(jobs), n >= 1 else {
          throw UsageError("`--jobs` expects a positive whole number, found `\(jobs)`")
        }
        concurrency = n
      }
      backend = try RenderCommand.backend(parsed, of: spec)
      if parsed.value("quality") != nil {
        let names = QualityPreset.Name.allCases.map(\.rawValue)
        quality = QualityPreset.Name(rawValue: try spec.choice(parsed, "quality", names, default: "high"))
      }
    } catch {
      io.err("error: \(error.message)\n")
      return VEDLCommandLine.ExitStatus.usage
    }
    let scriptPath = parsed.positionals[0]
    let output = DiagnosticOutput(format: .text, io: io)

    let script: SourceFile
    switch SourceLoader.load(scriptPath, io: io) {
    case .failure(let diagnostic):
      output.emit([diagnostic])
      return VEDLCommandLine.ExitStatus.failure
    case .success(let loaded):
      script = loaded
    }
    let data: BatchData
    switch BatchData.load(dataPath, io: io) {
    case .failure(let error):
      output.emit([error.diagnostic])
      return VEDLCommandLine.ExitStatus.failure
    case .success(let loaded):
      data = loaded
    }
    let pattern: BatchNamePattern
    do throws(UsageError) {
      pattern = try BatchNamePattern(
        parsed.value("name") ?? BatchNamePattern.standard(columns: data.columns), columns: data.columns)
    } catch {
      io.err("error: \(error.message)\n")
      return VEDLCommandLine.ExitStatus.usage
    }
    guard !data.rows.isEmpty else {
      io.err("error: `\(dataPath)` has no rows\n")
      return VEDLCommandLine.ExitStatus.failure
    }

    // No row may write over the script or the data (nor, checked per row, a file it reads).
    let protected = ProtectedFiles(
      command: io.resolve(scriptPath), scriptName: scriptPath,
      others: [ProtectedFile(path: io.resolve(dataPath), role: .data, writtenPath: dataPath)], timeline: nil)
    let prepared = BatchPreparation.prepare(
      script: script, data: data, pattern: pattern, outputFolder: outputFolder, quality: quality,
      protected: protected, io: io)
    output.emit(prepared.diagnostics)
    let collisions = prepared.collisions()
    guard collisions.isEmpty else {
      for collision in collisions { io.err("error: \(collision)\n") }
      io.err("help: choose a `--name` pattern that differs between rows, e.g. `--name '{row}-{title}'`\n")
      io.err("nothing was rendered\n")
      return VEDLCommandLine.ExitStatus.failure
    }

    if parsed.flag("plan") {
      for job in prepared.jobs {
        io.out(
          BatchPlanLine.text(for: job, script: scriptPath, backend: backend, force: parsed.flag("force")) + "\n")
      }
      let failures = prepared.failures.sorted { $0.row < $1.row }
      io.err("plan: \(counted(prepared.jobs.count, "job")), \(counted(failures.count, "row")) failed\n")
      for failure in failures { io.err("  row \(failure.row): \(failure.reason)\n") }
      return failures.isEmpty ? VEDLCommandLine.ExitStatus.success : VEDLCommandLine.ExitStatus.failure
    }

    let cancellation = CancellationFlag()
    let interrupt = InterruptSignal(raising: cancellation)
    defer { interrupt.stop() }
    let runner = BatchRunner(
      script: script, baseDirectory: (io.resolve(scriptPath) as NSString).deletingLastPathComponent,
      backend: backend, force: parsed.flag("force"), concurrency: concurrency, protected: protected, io: io)
    let results = runner.run(prepared.jobs, cancellation: cancellation)
    if cancellation.isCancelled || interrupt.wasReceived {
      io.err("interrupted\n")
      return interrupt.exitStatus
    }

    var failures = prepared.failures
    var rendered = 0
    var upToDate = 0
    for (job, result) in zip(prepared.jobs, results) {
      switch result {
      case .rendered: rendered += 1
      case .upToDate: upToDate += 1
      case .failed(let reason, _): failures.append(BatchFailure(row: job.row, reason: reason))
      }
    }
    failures.sort { $0.row < $1.row }
    io.out(
      "batch: \(rendered) rendered, \(upToDate) up to date, \(failures.count) failed (\(counted(data.rows.count, "row")))\n"
    )
    for failure in failures { io.out("  row \(failure.row) failed: \(failure.reason)\n") }
    return failures.isEmpty ? VEDLCommandLine.ExitStatus.success : VEDLCommandLine.ExitStatus.failure
  }

  /// `1 row`, `3 rows`.
  static func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}
