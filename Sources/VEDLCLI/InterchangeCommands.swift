import Foundation
import VEDLDiagnostics
import VEDLInterchange
import VEDLRender
import VEDLSource
import VEDLTime

/// `vedl import FILE.otio [-o OUT.vedl] [--canvas WxH] [--fps RATE]` — an OpenTimelineIO
/// timeline as a script (docs/interchange.md). The mapping is VEDLInterchange's; this parses
/// the arguments, passes probed media facts, and writes.
enum ImportCommand {
  static let spec = CommandSpec(
    name: "import",
    synopsis: "import FILE.otio [-o OUT.vedl] [--canvas WxH] [--fps RATE]",
    summary: "Write an OpenTimelineIO timeline (.otio) as a script (docs/interchange.md).",
    options: [
      .init("output", short: "o", .value(placeholder: "OUT.vedl"), help: "Write to a file instead of stdout."),
      .init(
        "canvas", .value(placeholder: "WxH"), help: "The canvas size (default: the first video's, else 1920x1080)."),
      .init("fps", .value(placeholder: "RATE"), help: "The canvas rate (default: the timeline's)."),
    ],
    positionals: "FILE.otio", minimumPositionals: 1, maximumPositionals: 1)

  static let subcommand = Subcommand(spec: spec) { parsed, io in
    let path = parsed.positionals[0]
    let output = parsed.value("output")
    var options = OTIOImportOptions(
      otioDirectory: (io.resolve(path) as NSString).deletingLastPathComponent,
      outputDirectory: output.map { (io.resolve($0) as NSString).deletingLastPathComponent }
        ?? io.resolve("."),
      media: FrontEnd.media)
    options.outputDirectory = (options.outputDirectory as NSString).standardizingPath
    if let canvas = parsed.value("canvas") {
      let parts = canvas.lowercased().split(separator: "x")
      guard parts.count == 2, let w = Int64(parts[0]), let h = Int64(parts[1]), w > 0, h > 0 else {
        io.err("error: `--canvas` expects WIDTHxHEIGHT, found `\(canvas)`\nUSAGE: vedl \(spec.synopsis)\n")
        return VEDLCommandLine.ExitStatus.usage
      }
      options.canvasWidth = w
      options.canvasHeight = h
    }
    if let fps = parsed.value("fps") {
      guard let rate = FrameRate(parsing: fps) else {
        io.err(
          "error: `--fps` expects a frame rate such as 24 or 29.97, found `\(fps)`\nUSAGE: vedl \(spec.synopsis)\n")
        return VEDLCommandLine.ExitStatus.usage
      }
      options.frameRate = rate
    }
    let file: SourceFile
    switch SourceLoader.load(path, io: io) {
    case .failure(let d):
      DiagnosticOutput(format: .text, io: io).emit([d])
      return VEDLCommandLine.ExitStatus.failure
    case .success(let f):
      file = f
    }
    let result = OTIOImporter.importTimeline(file, options: options)
    DiagnosticOutput(format: .text, io: io).emit(result.diagnostics)
    guard let script = result.script else { return VEDLCommandLine.ExitStatus.failure }
    guard let output else {
      io.out(script)
      return VEDLCommandLine.ExitStatus.success
    }
    let protected = ProtectedFiles(command: io.resolve(path), scriptName: path, timeline: nil)
    guard !OutputWriter.refuses(output, protecting: protected, script: file, io: io),
      OutputWriter.write(Data(script.utf8), to: output, io: io)
    else { return VEDLCommandLine.ExitStatus.failure }
    return VEDLCommandLine.ExitStatus.success
  }
}

/// `vedl export FILE.vedl -o OUT.otio [--set NAME=VALUE]…` — the resolved timeline as
/// OpenTimelineIO JSON (docs/interchange.md).
enum ExportCommand {
  static let spec = CommandSpec(
    name: "export",
    synopsis: "export FILE.vedl -o OUT.otio [--set NAME=VALUE]…",
    summary: "Write the resolved timeline as OpenTimelineIO JSON (.otio; docs/interchange.md).",
    options: [
      .init("output", short: "o", .value(placeholder: "OUT.otio"), help: "The OTIO file to write."),
      FrontEnd.setOption,
    ],
    positionals: "FILE.vedl", minimumPositionals: 1, maximumPositionals: 1)

  static let subcommand = Subcommand(spec: spec) { parsed, io in
    let overrides: [(name: String, value: String)]
    do throws(UsageError) { overrides = try FrontEnd.overrides(parsed) } catch {
      io.err("error: \(error.message)\n")
      return VEDLCommandLine.ExitStatus.usage
    }
    guard let output = parsed.value("output") else {
      io.err("error: missing `-o OUT.otio`\nUSAGE: vedl \(spec.synopsis)\n")
      return VEDLCommandLine.ExitStatus.usage
    }
    let path = parsed.positionals[0]
    guard let checked = FrontEnd.load(path, io: io, overrides: overrides),
      let exported = OTIOExporter.export(checked)
    else {
      return VEDLCommandLine.ExitStatus.failure
    }
    DiagnosticOutput(format: .text, io: io).emit(exported.diagnostics)
    let protected = OutputWriter.protectedFiles(of: checked, scriptPath: path, io: io)
    guard !OutputWriter.refuses(output, protecting: protected, script: checked.parse.file, io: io),
      OutputWriter.write(exported.data, to: output, io: io)
    else { return VEDLCommandLine.ExitStatus.failure }
    return VEDLCommandLine.ExitStatus.success
  }
}
