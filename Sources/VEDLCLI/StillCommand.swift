import Foundation
import VEDLDiagnostics
import VEDLNative
import VEDLRender
import VEDLSema
import VEDLSource
import VEDLSyntax
import VEDLTime

/// `vedl still FILE --at TIME -o OUT.png|.jpg|.webp [--export] [--set NAME=VALUE]…` — one
/// frame of the edit, drawn by the native renderer (docs/cli.md): the frame at `TIME`
/// snapped down to the frame grid (§5), without the watermark unless `--export` asks for the
/// first export's picture (its quality's size and its watermark). The command reads `--at`
/// and names the frame; `StillJob` (VEDLRender) draws it and writes the file atomically.
///
/// Exit status: 0 when the picture was written, 1 for errors in the script or a failed
/// render (diagnostics on stderr), 2 for a usage error.
enum StillCommand {
  static let spec = CommandSpec(
    name: "still",
    synopsis: "still FILE --at TIME -o OUT.png|OUT.jpg|OUT.webp [--export] [--set NAME=VALUE]…",
    summary: "Write one frame of the edit as a PNG, JPEG or WebP picture.",
    options: [
      .init("at", .value(placeholder: "TIME"), help: "The moment to show: `2s`, `1.5s`, `48f`, `00:00:04:15`."),
      .init("output", short: "o", .value(placeholder: "OUT"), help: "The picture to write (.png, .jpg or .webp)."),
      .init("export", .flag, help: "Draw the first export's picture: its quality's size and its watermark."),
      FrontEnd.setOption,
    ],
    positionals: "FILE", minimumPositionals: 1, maximumPositionals: 1)

  static let subcommand = Subcommand(spec: spec) { parsed, io in run(parsed, io: io) }

  static func run(_ parsed: ParsedArguments, io: CommandIO) -> Int32 {
    let overrides: [(name: String, value: String)]
    let timeText: String
    let outputName: String
    let format: StillPictureFormat
    do throws(UsageError) {
      overrides = try FrontEnd.overrides(parsed)
      guard let at = parsed.value("at") else { throw UsageError("missing `--at TIME`") }
      guard let out = parsed.value("output") else { throw UsageError("missing `-o OUT`") }
      guard let f = StillPictureFormat(pathExtension: (out as NSString).pathExtension) else {
        throw UsageError("cannot tell the format of `\(out)` (use .png, .jpg or .webp)")
      }
      timeText = at
      outputName = out
      format = f
      _ = try StillTime.parse(timeText)
    } catch {
      io.err("error: \(error.message)\nUSAGE: vedl \(spec.synopsis)\nRun `vedl still --help` for more.\n")
      return VEDLCommandLine.ExitStatus.usage
    }
    let diagnostics = DiagnosticOutput(format: .text, io: io)
    let path = parsed.positionals[0]
    guard let result = FrontEnd.load(path, io: io, overrides: overrides), let timeline = result.timeline else {
      return VEDLCommandLine.ExitStatus.failure
    }
    let script = result.parse.file

    // The moment, on the grid.
    let timeFile = SourceFile(path: "--at", text: timeText)
    let whole = Span(start: 0, end: timeFile.bytes.count)
    let frame: Int64
    switch StillTime.frame(of: timeText, canvas: timeline.canvas) {
    case .failure(let problem):
      diagnostics.emit([
        Diagnostic(
          .stillTimeOutsideEdit, "`--at \(timeText)`: \(problem)", file: timeFile, span: whole,
          help: "give a time inside the edit, from 0s to \(timeline.duration.secondsDescription)")
      ])
      return VEDLCommandLine.ExitStatus.failure
    case .success(let moment):
      if let offGrid = moment.offGrid { diagnostics.emit([offGrid.diagnostic(file: timeFile, span: whole)]) }
      frame = moment.frame
    }
    guard frame >= 0, frame < timeline.frameCount else {
      let end = timeline.duration.secondsDescription
      diagnostics.emit([
        Diagnostic(
          .stillTimeOutsideEdit,
          "`--at \(timeText)` is frame \(frame), but the edit has \(timeline.frameCount) frames (it lasts \(end))",
          file: timeFile, span: whole, help: "give a time from 0s up to, not including, \(end)")
      ])
      return VEDLCommandLine.ExitStatus.failure
    }
    // Neither the script nor a file it reads is ever overwritten.
    let protected = OutputWriter.protectedFiles(of: result, scriptPath: path, io: io)
    if OutputWriter.refuses(outputName, protecting: protected, script: script, io: io) {
      return VEDLCommandLine.ExitStatus.failure
    }
    var job = StillJob(
      timeline: timeline, frame: frame, export: nil, format: format, output: io.resolve(outputName),
      baseDirectory: (io.resolve(path) as NSString).deletingLastPathComponent)
    do throws(StillError) {
      try job.checkEncoder()
      if parsed.flag("export") {
        job.export = timeline.exports.first
        if job.export == nil {
          io.err("warning: `--export`: \(path) has no export, so the picture has no watermark\n")
        }
      }
      io.out(try job.run().summary(name: outputName))
      return VEDLCommandLine.ExitStatus.success
    } catch {
      diagnostics.emit([job.diagnostic(for: error, script: script, outputName: outputName)])
      return VEDLCommandLine.ExitStatus.failure
    }
  }
}

/// The `--at` value of `vedl still`: a duration or timecode literal as written in a script,
/// turned into a frame of the canvas grid (rounded down, as §5 rounds every time).
enum StillTime {
  /// A literal's value: exact seconds, or frames and timecodes that need the canvas rate.
  enum Literal {
    case seconds(Rational)
    case frames(Int64)
    case timecode(seconds: Int64, frames: Int64)
  }

  /// A time that is not on the grid, for the W0401 warning.
  struct OffGrid {
    var written: String
    var time: Rational
    var frame: Int64
    var snapped: Rational
    var rate: FrameRate

    func diagnostic(file: SourceFile, span: Span) -> Diagnostic {
      Diagnostic(
        .offFrameGrid, "`--at \(written)` is not on the \(rate) fps frame grid", file: file, span: span,
        notes: ["it is rounded down to frame \(frame), at \(snapped.secondsDescription)"],
        help: "write `\(snapped.secondsDescription)` or `\(frame)f`")
    }
  }

  /// Reads the literal; a usage error unless it is one (non-negative) duration or timecode.
  static func parse(_ text: String) throws(UsageError) -> Literal {
    let file = SourceFile(path: "--at", text: text)
    let (expression, problems) = Parser.parseExpression(file, range: Span(start: 0, end: file.bytes.count))
    let expected = "`--at` expects a time such as `2s`, `1.5s`, `250ms`, `48f` or `00:00:04:15`, found `\(text)`"
    guard problems.isEmpty else { throw UsageError(expected) }
    switch expression.kind {
    case .literal(.duration(.seconds(let r))): return .seconds(r)
    case .literal(.duration(.frames(let n))): return .frames(n)
    case .literal(.duration(.timecode(let s, let f))): return .timecode(seconds: s, frames: f)
    case .literal(.number(let n)) where n.isZero: return .seconds(.zero)
    default: throw UsageError(expected)
    }
  }

  /// The frame `text` names on `canvas`'s grid, and the warning when it falls between
  /// frames; a failure message for a timecode that does not fit the rate.
  static func frame(of text: String, canvas: Canvas) -> Result<(frame: Int64, offGrid: OffGrid?), StillTimeProblem> {
    let grid = canvas.grid
    let literal: Literal
    do throws(UsageError) { literal = try parse(text) } catch { return .failure(StillTimeProblem(error.message)) }
    let time: Rational
    switch literal {
    case .seconds(let r): time = r
    case .frames(let n):
      guard let t = grid.checkedTime(ofFrame: n) else { return .failure(StillTimeProblem("the time is too large")) }
      time = t
    case .timecode(let seconds, let frames):
      switch Timecode.frameIndex(wholeSeconds: seconds, frames: frames, rate: canvas.rate) {
      case .success(let index): time = grid.time(ofFrame: index)
      case .failure:
        return .failure(
          StillTimeProblem(
            "the timecode has \(frames) frames, but the canvas has \(canvas.rate.nominalFramesPerSecond) per second"))
      }
    }
    guard let frame = grid.checkedFrameFloor(at: time), let snapped = grid.checkedTime(ofFrame: frame) else {
      return .failure(StillTimeProblem("the time is too large"))
    }
    let offGrid =
      snapped == time ? nil : OffGrid(written: text, time: time, frame: frame, snapped: snapped, rate: canvas.rate)
    return .success((frame, offGrid))
  }
}

/// Why `--at` names no frame.
struct StillTimeProblem: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
