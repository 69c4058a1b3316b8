import Foundation
import VEDLDiagnostics
import VEDLLowering
import VEDLNative
import VEDLRender
import VEDLSema

/// `vedl graph FILE [--command] [-o OUT]` — the FFmpeg filter graph of the file's first
/// export (docs/graph.md), or with `--command` a complete `ffmpeg` command line that renders
/// it, runnable as is.
enum GraphCommand {
  static let spec = CommandSpec(
    name: "graph",
    synopsis: "graph FILE [--command] [-o OUT] [--quality Q] [--set NAME=VALUE]…",
    summary: "Print the FFmpeg filter graph, or a complete runnable ffmpeg command.",
    options: [
      .init("command", .flag, help: "Print the whole ffmpeg command line instead of the -filter_complex text."),
      .init(
        "output", short: "o", .value(placeholder: "OUT"),
        help: "Render to OUT (.mp4, .mov, .webm or .png) instead of the first export."),
      .init(
        "quality", .value(placeholder: "lossless|original|high|medium|low"), help: "Override the export's quality."),
      FrontEnd.setOption,
    ],
    positionals: "FILE", minimumPositionals: 1, maximumPositionals: 1)

  static let subcommand = Subcommand(spec: spec) { parsed, io in
    let overrides: [(name: String, value: String)]
    var quality: QualityPreset.Name? = nil
    var format: Export.Format? = nil
    let output = parsed.value("output").map(io.resolve)
    do throws(UsageError) {
      overrides = try FrontEnd.overrides(parsed)
      if parsed.value("quality") != nil {
        let names = QualityPreset.Name.allCases.map(\.rawValue)
        quality = QualityPreset.Name(rawValue: try spec.choice(parsed, "quality", names, default: "high"))
      }
      if let output {
        let ext = (output as NSString).pathExtension.lowercased()
        guard let f = Export.Format(rawValue: ext) else {
          throw UsageError(
            "cannot tell the format of `\(parsed.value("output") ?? output)` (use .mp4, .mov, .webm or .png)")
        }
        format = f
      }
    } catch {
      io.err("error: \(error.message)\n")
      return VEDLCommandLine.ExitStatus.usage
    }
    let path = parsed.positionals[0]
    guard let result = FrontEnd.load(path, io: io, overrides: overrides), let timeline = result.timeline else {
      return VEDLCommandLine.ExitStatus.failure
    }
    // `-o` writes nothing itself, but the command printed would write there.
    if let name = parsed.value("output") {
      let protected = OutputWriter.protectedFiles(of: result, scriptPath: path, io: io)
      if OutputWriter.refuses(name, protecting: protected, script: result.parse.file, io: io) {
        return VEDLCommandLine.ExitStatus.failure
      }
    }
    var export = timeline.exports.first
    if let output { export?.path = output }
    let folder = (io.resolve(path) as NSString).deletingLastPathComponent
    // Text in a `size width:` box is wrapped as `vedl render` wraps it.
    // `loudness:`: the mix is measured here (the lowering reads no media), so that the graph
    // printed carries the same gain and limiter as a render (docs/render.md, Loudness).
    let preset =
      quality.map(QualityPreset.named) ?? export.flatMap { QualityPreset.named($0.quality) }
      ?? QualityPreset.named(.high)
    let settings = EncodingSettings(format: format ?? export?.format ?? .mp4, preset: preset)
    let correction: LoudnessCorrection?
    do throws(RenderError) {
      let loudness = try RenderPlan.loudnessCorrection(
        timeline: timeline, export: export, format: format, encoding: settings)
      correction = loudness.correction
    } catch {
      let diagnostic = Diagnostic(
        .renderLoweringFailed, "cannot build the FFmpeg graph: \(error.message)", file: result.parse.file,
        span: .point(0))
      DiagnosticOutput(format: .text, io: io).emit([diagnostic])
      return VEDLCommandLine.ExitStatus.failure
    }
    var options = LoweringOptions(
      baseDirectory: folder, quality: quality, format: format,
      textMeasurer: FontLibraryTextMeasurer.needed(by: timeline), loudnessCorrection: correction)
    // `waveform(…)`: the sound drawn is measured here too, into envelope images in the
    // cache folder that the printed command reads (docs/graph.md, Waveforms).
    do throws(RenderError) {
      options.waveformEnvelopes = try WaveformEnvelopes.measure(timeline, output: export?.path ?? "")
    } catch {
      let diagnostic = Diagnostic(
        .renderLoweringFailed, "cannot build the FFmpeg graph: \(error.message)", file: result.parse.file,
        span: .point(0))
      DiagnosticOutput(format: .text, io: io).emit([diagnostic])
      return VEDLCommandLine.ExitStatus.failure
    }
    let graph: FilterGraph
    switch Lowering.lower(timeline, export: export, options: options) {
    case .success(let g):
      graph = g
    case .failure(let error):
      let diagnostic = Diagnostic(
        .renderLoweringFailed, "cannot build the FFmpeg graph: \(error.message)", file: result.parse.file,
        span: .point(0),
        help: error.help)
      DiagnosticOutput(format: .text, io: io).emit([diagnostic])
      return VEDLCommandLine.ExitStatus.failure
    }
    guard parsed.flag("command") else {
      io.out(FilterGraphPrinter.filterComplex(graph) + "\n")
      return VEDLCommandLine.ExitStatus.success
    }
    guard let target = output ?? export?.path else {
      io.err("error: `\(path)` has no export to render\nhelp: add `export \"out.mp4\"` to the file, or give `-o OUT`\n")
      return VEDLCommandLine.ExitStatus.failure
    }
    var line = FilterGraphPrinter.shellCommand(graph, output: target, encoding: settings)
    // Exports create missing folders; ffmpeg does not, so the command does it first.
    let folderOfTarget = (target as NSString).deletingLastPathComponent
    if !folderOfTarget.isEmpty && !FileManager.default.fileExists(atPath: folderOfTarget) {
      line = "mkdir -p \(FilterEscaping.shellQuoted(folderOfTarget)) && " + line
    }
    io.out(line + "\n")
    return VEDLCommandLine.ExitStatus.success
  }
}
