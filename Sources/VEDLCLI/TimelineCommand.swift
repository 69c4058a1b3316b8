import Foundation
import VEDLDiagnostics
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
    let title = (path as NSString).lastPathComponent
    let svg = TimelinePicture(timeline: timeline, editor: result.editor, title: title).svg()
    switch format {
    case .svg:
      return write(Data(svg.utf8), to: output, io: io)
    case .png:
      guard let rasterizer = SVGRasterizer.locate(environment: io.environment) else {
        return fail(
          "cannot write `\(output)`: PNG needs `\(SVGRasterizer.toolName)`, which is not installed",
          help: "install it (Debian: `apt-get install librsvg2-bin`) or write `.svg` instead", output: output, io: io)
      }
      do throws(SVGRasterizerError) {
        return write(try rasterizer.png(fromSVG: svg), to: output, io: io)
      } catch {
        return fail("cannot write `\(output)`: \(error.message)", help: nil, output: output, io: io)
      }
    }
  }

  /// Writes `data` to `output` atomically; a failure is an E0502 diagnostic.
  private static func write(_ data: Data, to output: String, io: CommandIO) -> Int32 {
    do {
      try AtomicFile.write(data, to: io.resolve(output))
      return VEDLCommandLine.ExitStatus.success
    } catch {
      return fail("cannot write `\(output)`: \(error.localizedDescription)", help: nil, output: output, io: io)
    }
  }

  private static func fail(_ message: String, help: String?, output: String, io: CommandIO) -> Int32 {
    let d = Diagnostic(
      .cannotWriteFile, message, file: SourceFile(path: output, bytes: []), span: .point(0), help: help)
    DiagnosticOutput(format: .text, io: io).emit([d])
    return VEDLCommandLine.ExitStatus.failure
  }
}
