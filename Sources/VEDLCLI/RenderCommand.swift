import Foundation
import VEDLDiagnostics
import VEDLLowering
import VEDLMedia
import VEDLRender
import VEDLSema
import VEDLSource

/// `vedl render FILE [-o OUT] [--backend ffmpeg|native] [--set K=V]… [--quality Q] [--force]
/// [--chunks N [--jobs J] [--plan | --chunk I | --assemble] [--expect-plan H]]` — renders every
/// export of the file (or only `OUT`) in-process, with the FFmpeg backend (the default) or
/// the native Swift renderer; docs/render.md and docs/native.md describe what happens, and
/// docs/scale-out.md the chunked render and its plan (`ChunkedRender` does the work).
///
/// Exit status: 0 when every output was rendered or was up to date, 1 when a render failed
/// (diagnostics on stderr), 2 for a usage error, 128 + the signal when interrupted (130 for
/// Ctrl-C, 143 for `SIGTERM`, 129 for a hang-up).
enum RenderCommand {
  static let spec = CommandSpec(
    name: "render",
    synopsis:
      "render FILE [-o OUT] [--backend ffmpeg|native] [--set NAME=VALUE]… [--quality Q] [--force]"
      + " [--chunks N [--jobs J] [--plan | --chunk I | --assemble]] [--expect-plan HASH]",
    summary: "Render the exports (or OUT) with FFmpeg or the native renderer; skip outputs that are up to date.",
    options: [
      .init(
        "output", short: "o", .value(placeholder: "OUT"), help: "Render only this file (.mp4, .mov, .webm or .png)."),
      backendOption,
      .init(
        "quality", .value(placeholder: "lossless|original|high|medium|low"), help: "Override every export's quality."),
      .init("force", .flag, help: "Render even when the output is up to date."),
      FrontEnd.setOption,
      .init("chunks", .value(placeholder: "N"), help: "Render in N chunks of frames, then assemble them."),
      .init("jobs", short: "j", .value(placeholder: "J"), help: "Chunks at a time (default: the number of cores)."),
      .init("plan", .flag, help: "With --chunks: print the chunk and assemble jobs as JSON lines; render nothing."),
      .init("chunk", .value(placeholder: "I"), help: "With --chunks: render only chunk I (a plan's job)."),
      .init("assemble", .flag, help: "With --chunks: only assemble the chunks (a plan's job)."),
      .init("expect-plan", .value(placeholder: "HASH"), help: "Refuse unless the render is the one planned."),
    ],
    positionals: "FILE", minimumPositionals: 1, maximumPositionals: 1)

  static let subcommand = Subcommand(spec: spec) { parsed, io in run(parsed, io: io) }

  /// `--backend ffmpeg|native`: the option of every command that renders (`render`, `batch`).
  static let backendOption = CommandSpec.Option(
    "backend", .value(placeholder: "ffmpeg|native"),
    help: "Rendering backend: ffmpeg (filter graph, the default) or native (Swift compositor).")

  /// The backend `--backend` names in `parsed` (`spec` is the command's, for the message), the
  /// FFmpeg backend when it is absent; a usage error for any other value.
  static func backend(_ parsed: ParsedArguments, of spec: CommandSpec) throws(UsageError) -> RenderBackend {
    let names = RenderBackend.allCases.map(\.rawValue)
    return RenderBackend(rawValue: try spec.choice(parsed, "backend", names, default: "ffmpeg")) ?? .ffmpeg
  }

  static func run(_ parsed: ParsedArguments, io: CommandIO) -> Int32 {
    let overrides: [(name: String, value: String)]
    let backend: RenderBackend
    var quality: QualityPreset.Name?
    do throws(UsageError) {
      overrides = try FrontEnd.overrides(parsed)
      backend = try Self.backend(parsed, of: spec)
      if parsed.value("quality") != nil {
        let names = QualityPreset.Name.allCases.map(\.rawValue)
        quality = QualityPreset.Name(rawValue: try spec.choice(parsed, "quality", names, default: "high"))
      }
    } catch {
      io.err("error: \(error.message)\n")
      return VEDLCommandLine.ExitStatus.usage
    }
    let path = parsed.positionals[0]
    let output = DiagnosticOutput(format: .text, io: io)
    let file: SourceFile
    switch SourceLoader.load(path, io: io) {
    case .failure(let diagnostic):
      output.emit([diagnostic])
      return VEDLCommandLine.ExitStatus.failure
    case .success(let loaded):
      file = loaded
    }
    let checked = FrontEnd.check(file, io: io, overrides: overrides)
    output.emit(checked.diagnostics)
    guard !checked.hasErrors, let timeline = checked.timeline else { return VEDLCommandLine.ExitStatus.failure }

    var targets: [(target: RenderTarget, name: String)]
    if let out = parsed.value("output") {
      switch RenderTarget.override(
        path: io.resolve(out), timeline: timeline, origin: .argument(option: "-o", value: out))
      {
      case .success(let target): targets = [(target, out)]
      case .failure(.unknownFormat):
        io.err("error: cannot tell the format of `\(out)` (use .mp4, .mov, .webm or .png)\n")
        return VEDLCommandLine.ExitStatus.usage
      case .failure(let problem):
        io.err("error: \(problem)\n")
        return VEDLCommandLine.ExitStatus.usage
      }
    } else {
      targets = RenderTarget.exports(of: timeline).map { ($0, $0.export?.writtenPath ?? $0.path) }
    }
    guard !targets.isEmpty else {
      io.err("error: `\(path)` has no export to render\nhelp: add `export \"out.mp4\"` to the file, or give `-o OUT`\n")
      return VEDLCommandLine.ExitStatus.failure
    }

    var settings = RenderSettings(
      script: file, baseDirectory: (io.resolve(path) as NSString).deletingLastPathComponent,
      parameters: overrides.map { ParameterValue(name: $0.name, value: $0.value) }, quality: quality,
      backend: backend, force: parsed.flag("force"), toolVersion: VEDLCommandLine.version,
      digests: DigestMemo.forUser(environment: io.environment))
    // The job adds the files the timeline reads; the script is the command's to protect.
    settings.protected = ProtectedFiles(command: io.resolve(path), scriptName: path, timeline: nil)
    let cancellation = CancellationFlag()
    let interrupt = InterruptSignal(raising: cancellation)
    defer { interrupt.stop() }

    settings.expectedPlan = parsed.value("expect-plan")
    if parsed.value("chunks") != nil || parsed.flag("plan") || parsed.value("chunk") != nil || parsed.flag("assemble") {
      let chunking: ChunkedRenderRequest
      do throws(UsageError) {
        chunking = try ChunkedRenderRequest(parsed, targets: targets.count)
      } catch {
        io.err("error: \(error.message)\n")
        return VEDLCommandLine.ExitStatus.usage
      }
      var options: [String] = []
      if backend != .ffmpeg { options += ["--backend", backend.rawValue] }
      if let quality { options += ["--quality", quality.rawValue] }
      for (name, value) in overrides { options += ["--set", "\(name)=\(value)"] }
      return chunking.run(
        ChunkedRender(timeline: timeline, target: targets[0].target, settings: settings, chunkCount: chunking.chunks),
        script: path, output: targets[0].name, options: options, file: file, io: io)
    }

    var status = VEDLCommandLine.ExitStatus.success
    for (target, name) in targets {
      let reporter =
        io.stderrIsTerminal
        ? ProgressReporter(bar: ProgressBar(label: (name as NSString).lastPathComponent), write: io.err) : nil
      let job = RenderJob(timeline: timeline, target: target, settings: settings)
      do throws(RenderError) {
        let outcome = try job.run(
          cancellation: cancellation, progress: reporter.map { r in { r.report($0) } },
          waiting: { io.err("waiting for another render of \(name) to finish\n") })
        reporter?.finish()
        io.out(outcome.summary(name: name))
        output.emit(RenderDiagnostics.warnings(of: outcome, script: file))
      } catch {
        reporter?.finish()
        output.emit([RenderDiagnostics.diagnostic(for: error, script: file, timeline: timeline, target: target)])
        if case .media(.cancelled, _) = error { return interrupt.exitStatus }
        status = VEDLCommandLine.ExitStatus.failure
      }
    }
    return status
  }
}
