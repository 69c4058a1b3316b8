import Foundation
import VEDLDiagnostics
import VEDLRender
import VEDLSource
import VEDLTimelinePicture

/// `vedl timeline FILE -o OUT.svg|OUT.png [--set NAME=VALUE]…` — a picture of the resolved
/// timeline (docs/timeline.md). SVG is written directly; PNG goes through `rsvg-convert`
/// when it is installed, and is a clear error when it is not.
enum TimelineCommand {
  static let spec = CommandSpec(
    name: "timeline",
    synopsis: "timeline FILE -o OUT.svg|OUT.png [--set NAME=VALUE]…",
    summary: "Draw the timeline (header, ruler, lanes, clips, transitions, captions) as SVG or PNG.",
    options: [
      .init(
        "output", short: "o", .value(placeholder: "OUT.svg"),
        help: "The picture to write: .svg, or .png (needs rsvg-convert)."),
      FrontEnd.setOption,
    ],
    positionals: "FILE", minimumPositionals: 1, maximumPositionals: 1)

  /// The picture formats, from the output's extension.
  enum Format {
    case svg, png

    init?(path: String) {
      switch (path as NSString).pathExtension.lowercased() {
      case "svg": self = .svg
      case "png": self = .png
      default: return nil
      }
    }
  }

  static let subcommand = Subcommand(spec: spec) { parsed, io in
    let overrides: [(name: String, value: String)]
    do throws(UsageError) { overrides = try FrontEnd.overrides(parsed) } catch {
      io.err("error: \(error.message)\n")
      return VEDLCommandLine.ExitStatus.usage
    }
    guard let output = parsed.value("output") else {
      io.err("error: missing `-o OUT.svg` (or `.png`)\nUSAGE: vedl \(spec.synopsis)\n")
      return VEDLCommandLine.ExitStatus.usage
    }
    guard let format = Format(path: output) else {
      io.err("error: `\(output)`: the picture is written as `.svg` or `.png`\nUSAGE: vedl \(spec.synopsis)\n")
      return VEDLCommandLine.ExitStatus.usage
    }
    let path = parsed.positionals[0]
    guard let result = FrontEnd.load(path, io: io, overrides: overrides), let timeline = result.timeline else {
      return VEDLCommandLine.ExitStatus.failure
    }
    // Refused, or found unwritable, before the picture is drawn (a large PNG takes a while).
    let protected = OutputWriter.protectedFiles(of: result, scriptPath: path, io: io)
    if OutputWriter.refuses(output, protecting: protected, script: result.parse.file, io: io) {
      return VEDLCommandLine.ExitStatus.failure
    }
    do throws(AtomicFileError) { try AtomicFile.checkWritable(io.resolve(output)) } catch {
      return fail(OutputWriter.cannotWrite(output, reason: error.reason), io: io)
    }
    let title = (path as NSString).lastPathComponent
    let svg = TimelinePicture(timeline: timeline, editor: result.editor, title: title).svg()
    let data: Data
    switch format {
    case .svg:
      data = Data(svg.utf8)
    case .png:
      guard let rasterizer = SVGRasterizer.locate(environment: io.environment) else {
        return fail(
          OutputWriter.cannotWrite(
            output, reason: "PNG needs `\(SVGRasterizer.toolName)`, which is not installed",
            help: "install it (Debian: `apt-get install librsvg2-bin`) or write `.svg` instead"), io: io)
      }
      do throws(SVGRasterizerError) {
        data = try rasterizer.png(fromSVG: svg)
      } catch {
        return fail(OutputWriter.cannotWrite(output, reason: error.message), io: io)
      }
    }
    return OutputWriter.write(data, to: output, io: io)
      ? VEDLCommandLine.ExitStatus.success : VEDLCommandLine.ExitStatus.failure
  }

  private static func fail(_ diagnostic: Diagnostic, io: CommandIO) -> Int32 {
    DiagnosticOutput(format: .text, io: io).emit([diagnostic])
    return VEDLCommandLine.ExitStatus.failure
  }
}
