import Foundation
import VEDLDiagnostics
import VEDLNative
import VEDLRaster
import VEDLRender
import VEDLSema
import VEDLSource
import VEDLSyntax
import VEDLTime

/// `vedl still FILE --at TIME -o OUT.png|.jpg|.webp [--export] [--set NAME=VALUE]…` — one
/// frame of the edit, drawn by the native renderer (docs/cli.md): the frame at `TIME`
/// snapped down to the frame grid (§5), without the watermark unless `--export` asks for the
/// first export's picture (its quality's size and its watermark). The file is written
/// atomically.
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
    // Diagnostics about the picture point at the `-o` argument that names it.
    let argument = SourceFile(path: "-o", text: outputName)
    let argumentSpan = Span(start: 0, end: argument.bytes.count)
    guard StillPictureEncoder.isAvailable(format) else {
      diagnostics.emit([
        Diagnostic(
          .renderEncodingFailed,
          "this FFmpeg has no `\(format.encoderName)` encoder, so it cannot write `\(outputName)`",
          file: argument, span: argumentSpan,
          help: "write a .png or .jpg instead, or install an FFmpeg with libwebp")
      ])
      return VEDLCommandLine.ExitStatus.failure
    }

    var export: Export? = nil
    if parsed.flag("export") {
      export = timeline.exports.first
      if export == nil {
        io.err("warning: `--export`: \(path) has no export, so the picture has no watermark\n")
      }
    }
    let picture: RGBAImage
    do throws(NativeRenderError) {
      let folder = (io.resolve(path) as NSString).deletingLastPathComponent
      let renderer = try NativeFrameRenderer(timeline: timeline, export: export, baseDirectory: folder)
      picture = try renderer.frame(frame)
    } catch {
      diagnostics.emit([drawingDiagnostic(error, script: script, timeline: timeline)])
      return VEDLCommandLine.ExitStatus.failure
    }
    let bytes: [UInt8]
    do throws(StillEncodingError) {
      bytes = try StillPictureEncoder.encode(picture, as: format)
    } catch {
      diagnostics.emit([
        Diagnostic(
          .renderEncodingFailed, "cannot encode `\(outputName)`: \(error.message)", file: argument,
          span: argumentSpan)
      ])
      return VEDLCommandLine.ExitStatus.failure
    }
    guard OutputWriter.write(Data(bytes), to: outputName, io: io) else { return VEDLCommandLine.ExitStatus.failure }
    let instant = timeline.canvas.grid.time(ofFrame: frame)
    let moment = instant.exactDecimal.map { "\($0)s" } ?? "≈\(instant.decimalText(fractionDigits: 3))s"
    io.out("wrote \(outputName) (frame \(frame) at \(moment), \(picture.width)x\(picture.height))\n")
    return VEDLCommandLine.ExitStatus.success
  }

  /// The diagnostic of a picture the native renderer could not draw: E0818 at the item whose
  /// file has no picture for the frame (the frame `render` would stop at), E0811 at the
  /// source's string in the script when a media file is involved, E0817 otherwise.
  static func drawingDiagnostic(_ error: NativeRenderError, script: SourceFile, timeline: Timeline) -> Diagnostic {
    if let frame = error.stoppedAtFrame, let item = RenderDiagnostics.item(playingAt: frame, in: timeline),
      let span = item.span
    {
      return Diagnostic(
        .renderIncomplete, "cannot draw frame \(frame): \(error.message)", file: script, span: span,
        labels: [Label(span: span, message: "this item plays at frame \(frame)")],
        help: "`vedl render` stops at this frame too: shorten the item or trim less of its file")
    }
    guard let path = error.path else {
      return Diagnostic(
        .nativeDrawingFailed, "cannot draw the picture: \(error.message)", file: script, span: .point(0))
    }
    let written = timeline.sources.first { $0.path == path }?.writtenPath
    if let span = StillFileNames.span(ofStringLiteral: written, in: script) {
      return Diagnostic(
        .renderMediaUnreadable, error.message, file: script, span: span,
        help: "check the file with `vedl probe \(path)`")
    }
    return Diagnostic(
      .renderMediaUnreadable, error.message, file: SourceFile(path: path, bytes: []), span: .point(0),
      help: "check the file with `vedl probe \(path)`")
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

/// Paths and their places in the script, for `vedl still`'s diagnostics.
enum StillFileNames {
  /// The first `"text"` in the script, quotes included.
  static func span(ofStringLiteral text: String?, in script: SourceFile) -> Span? {
    guard let text else { return nil }
    let needle = Array(("\"" + text + "\"").utf8)
    let bytes = script.bytes
    guard !needle.isEmpty, needle.count <= bytes.count else { return nil }
    for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
      if bytes[start..<(start + needle.count)].elementsEqual(needle) {
        return Span(start: start, end: start + needle.count)
      }
    }
    return nil
  }
}
