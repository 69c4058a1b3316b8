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
    switch BatchData.load(dataPath, resolved: io.resolve(dataPath)) {
    case .failure(let error):
      output.emit([error.diagnostic])
      return VEDLCommandLine.ExitStatus.failure
    case .success(let loaded):
      data = loaded
    }
    let pattern: BatchNamePattern
    do throws(BatchNamePatternError) {
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
      protected: protected, media: FrontEnd.media, resolve: io.resolve)
    output.emit(prepared.diagnostics)
    let collisions = prepared.collisions()
    guard collisions.isEmpty else {
      for collision in collisions { io.err("error: \(collision)\n") }
      io.err("help: choose a `--name` pattern that differs between rows, e.g. `--name '{row}-{title}'`\n")
      io.err("nothing was rendered\n")
      return VEDLCommandLine.ExitStatus.failure
    }

    let runner = BatchRunner(
      script: script, baseDirectory: (io.resolve(scriptPath) as NSString).deletingLastPathComponent,
      backend: backend, force: parsed.flag("force"), concurrency: concurrency, protected: protected,
      toolVersion: VEDLCommandLine.version, digests: DigestMemo.forUser(environment: io.environment))
    if parsed.flag("plan") {
      for job in prepared.jobs {
        // The row's fingerprint: `vedl job` refuses the line once the row would render
        // something else, and `--status` finds it done once `OUT.json` records it.
        let plan = try? runner.renderJob(for: job).fingerprint().value
        io.out(
          BatchPlanLine.text(
            for: job, script: scriptPath, backend: backend, force: parsed.flag("force"), plan: plan,
            vedl: VEDLCommandLine.version) + "\n")
      }
      let failures = prepared.failures.sorted { $0.row < $1.row }
      io.err("plan: \(counted(prepared.jobs.count, "job")), \(counted(failures.count, "row")) failed\n")
      for failure in failures { io.err("  row \(failure.row): \(failure.reason)\n") }
      return failures.isEmpty ? VEDLCommandLine.ExitStatus.success : VEDLCommandLine.ExitStatus.failure
    }

    let cancellation = CancellationFlag()
    let interrupt = InterruptSignal(raising: cancellation)
    defer { interrupt.stop() }
    let printer = BatchPrinter(io: io)
    let results = runner.run(prepared.jobs, cancellation: cancellation, report: printer.print)
    printer.erase()
    if cancellation.isCancelled || interrupt.wasReceived {
      io.err("interrupted\n")
      return interrupt.exitStatus
    }

    let summary = BatchSummary(prepared: prepared, results: results)
    let failures = summary.failures
    io.out(
      "batch: \(summary.rendered) rendered, \(summary.upToDate) up to date, \(failures.count) failed (\(counted(data.rows.count, "row")))\n"
    )
    for failure in failures { io.out("  row \(failure.row) failed: \(failure.reason)\n") }
    return failures.isEmpty ? VEDLCommandLine.ExitStatus.success : VEDLCommandLine.ExitStatus.failure
  }

  /// `1 row`, `3 rows`.
  static func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}

/// Prints a running batch's events: each row's diagnostics and summary line as it ends, and
/// on a terminal one progress line on standard error below them.
final class BatchPrinter: @unchecked Sendable {
  private let lock = NSLock()
  private let io: CommandIO
  private var lastDraw: Double?
  private var drawn = false

  init(io: CommandIO) { self.io = io }

  func print(_ event: BatchEvent) {
    lock.withLock {
      switch event {
      case .progress(let progress):
        draw(progress, force: false)
      case .finished(_, _, let diagnostics, let line, let progress):
        eraseLocked()
        DiagnosticOutput(format: .text, io: io).emit(diagnostics)
        if let line { io.out(line) }
        draw(progress, force: true)
      }
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
  private func draw(_ progress: BatchProgress, force: Bool) {
    guard io.stderrIsTerminal else { return }
    let now = ProgressReporter.monotonicSeconds()
    if !force, let lastDraw, now - lastDraw < ProgressReporter.interval { return }
    lastDraw = now
    let width = 24
    let filled = Int((progress.fraction * Double(width)).rounded(.down))
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    let percent = Int((progress.fraction * 100).rounded(.down))
    io.err("\rbatch  [\(bar)]  \(percent)%  \(progress.finished) of \(progress.total) rows done\u{1B}[K")
    drawn = true
  }
}
