import Foundation
import VEDLDiagnostics
import VEDLMedia
import VEDLSema
import VEDLSource

/// Turns render failures into diagnostics with their catalogue codes (E0810–E0813, E0815,
/// E0817 for a picture the native backend cannot draw, E0818 for a render that did not make
/// the timeline's frames, E0502 for an output that cannot
/// be written, E0802 for an output over an input), pointing at the string in the script that
/// names the file involved when there is one.
public enum RenderDiagnostics {
  /// The diagnostic for `error`, raised while rendering `target` of the script `script`
  /// whose checked timeline is `timeline`.
  public static func diagnostic(
    for error: RenderError, script: SourceFile, timeline: Timeline?, target: RenderTarget?
  ) -> Diagnostic {
    let code: DiagnosticCode
    var path: String? = target?.path
    var help: String?
    var notes: [String] = []
    switch error {
    case .lowering(let lowering):
      code = .renderLoweringFailed
      help = lowering.help
    case .media(let media, let output):
      path = output
      switch media {
      case .invalidGraph, .filteringFailed:
        code = .renderGraphRejected
        help = "`vedl graph \(script.path) --command` prints the ffmpeg command; running it shows FFmpeg's whole log"
      case .unreadableInput(let input, _), .missingStream(let input, _, _):
        code = .renderMediaUnreadable
        path = input
        help = "check the file with `vedl probe \(input)`"
      case .encoderUnavailable, .encodingFailed, .emptyOutput:
        code = .renderEncodingFailed
      case .unwritableOutput:
        code = .cannotWriteFile
        help = "check that the folder exists and is writable"
      case .cancelled:
        code = .renderInterrupted
        notes.append("the unfinished output was removed")
      }
    case .outputIsInput(let output, let input):
      return ProtectedFiles.diagnostic(
        output: output, origin: origin(of: output, target: target), over: input, script: script)
    case .unreadableInput(let input, _):
      code = .renderMediaUnreadable
      path = input
    case .unwritableOutput(let output, _):
      code = .cannotWriteFile
      path = output
      help = "check that the folder exists and is writable"
    case .native(_, let input?, _):
      code = .renderMediaUnreadable
      path = input
      help = "check the file with `vedl probe \(input)`"
    case .native(_, nil, let output):
      code = .nativeDrawingFailed
      path = output
    case .frameCount(let output, let expected, let actual, let reason):
      return incompleteRender(
        error, output: output, stoppedAt: actual < expected ? actual : nil, script: script, timeline: timeline,
        target: target,
        notes: (reason.map { [$0] } ?? []) + ["the timeline has \(expected) frames; the unfinished output was removed"])
    case .soundLength(let output, _, _):
      return incompleteRender(
        error, output: output, stoppedAt: nil, script: script, timeline: timeline, target: target,
        notes: ["the output was removed"])
    case .planChanged, .versionMismatch, .chunksNotReady, .invalidPlan:
      return planDiagnostic(for: error)
    }
    let (file, span) = location(of: path, script: script, timeline: timeline, target: target)
    return Diagnostic(code, error.message, file: file, span: span, notes: notes, help: help)
  }

  /// The warnings of a finished render of `script` (W0442: a `loudness:` target it could not
  /// reach), pointing at what the script asked for.
  public static func warnings(of outcome: RenderOutcome, script: SourceFile) -> [Diagnostic] {
    guard let shortfall = outcome.loudnessShortfall, let target = outcome.target.export?.loudness else { return [] }
    let asked = "\(decibels(target.integrated.doubleValue)) LUFS"
    let ceiling = "\(decibels(target.truePeak.doubleValue)) dBTP"
    let name = (outcome.target.path as NSString).lastPathComponent
    let span = target.span ?? outcome.target.origin?.location(in: script)?.1 ?? .point(0)
    switch shortfall {
    case .unmeasurable:
      return [
        Diagnostic(
          .loudnessNotReached, "the sound of `\(name)` is too quiet or too short to normalise to \(asked)",
          file: script, span: span,
          notes: [
            "EBU R128 measures 400 ms blocks above -70 LUFS, and the mix has none; it was left as it is"
          ],
          help: "raise the `volume:` of the quiet sound")
      ]
    case .missed(let loudness, let truePeak):
      var notes = ["the output measures \(decibels(loudness)) LUFS with a true peak of \(decibels(truePeak)) dBTP"]
      if truePeak > target.truePeak.doubleValue + LoudnessShortfall.peakTolerance {
        notes.append("its peaks go over the \(ceiling) ceiling")
      } else {
        notes.append("a limiter holding the peaks under \(ceiling) cannot make it louder without distorting it")
      }
      return [
        Diagnostic(
          .loudnessNotReached, "`\(name)` does not reach the \(asked) of `loudness:`", file: script, span: span,
          notes: notes, help: "lower the target or raise the `truePeak:` ceiling")
      ]
    }
  }

  /// A level in decibels with one decimal (`-14.0`).
  private static func decibels(_ value: Double) -> String { String(format: "%.1f", value) }

  /// The diagnostic of a plan's job (E0820–E0823, docs/scale-out.md): about the plan, the
  /// worker or the chunks rather than a place in the script, so it points at no source text.
  /// `plan` names the plan file when the job knows it.
  public static func planDiagnostic(for error: RenderError, plan planPath: String = "plan") -> Diagnostic {
    let nowhere = { (path: String) in SourceFile(path: path, bytes: []) }
    switch error {
    case .planChanged(let plan, _):
      return Diagnostic(
        .planOutOfDate, error.message, file: nowhere(planPath), span: .point(0), notes: ["the plan is \(plan)"],
        help: "make the plan again (`vedl render FILE --chunks N --plan`) and run its jobs")
    case .versionMismatch:
      return Diagnostic(
        .planVersionMismatch, error.message, file: nowhere(planPath), span: .point(0),
        notes: ["the chunks of one output must come from the same encoder"],
        help: "run the job on a worker with the planner's vedl and libav, or make the plan again")
    case .chunksNotReady(let output, let problems):
      return Diagnostic(
        .chunksNotReady, error.message, file: nowhere(output), span: .point(0),
        notes: problems.map { "chunk \($0.index) (\($0.path)) is \($0.kind.rawValue)" } + [
          "nothing was written to \"\(output)\""
        ],
        help: "run the chunk jobs first (`vedl job PLAN --status` lists what is done)")
    case .invalidPlan(let path, _):
      return Diagnostic(.invalidPlan, error.message, file: nowhere(path), span: .point(0))
    default:
      return Diagnostic(.renderEncodingFailed, error.message, file: nowhere(planPath), span: .point(0))
    }
  }

  /// E0818: the render did not make the timeline's frames. It points at the item playing at
  /// `frame`, the first frame missing (the main track's item, else any track's), with the
  /// export as a second label; without such an item, at the export.
  static func incompleteRender(
    _ error: RenderError, output: String, stoppedAt frame: Int64?, script: SourceFile, timeline: Timeline?,
    target: RenderTarget?, notes: [String]
  ) -> Diagnostic {
    let report =
      "please report it with the script (`vedl ir` lists the expected frames; "
      + "`vedl graph \(script.path) --command` prints an equivalent ffmpeg command)"
    let (exportFile, exportSpan) = location(of: output, script: script, timeline: timeline, target: target)
    if let frame, let timeline, let item = item(playingAt: frame, in: timeline), let span = item.span {
      // A file whose pictures end before its clip does is the likeliest cause (the check
      // reads the file's declared length, which a longer sound stream may set).
      let file = item.source.flatMap { timeline.sources[$0].writtenPath }
      let help =
        file.map { "if `vedl probe \($0)` shows its pictures ending before the clip does, shorten the clip; else " }
        .map { $0 + report } ?? "this is a bug in VEDL: " + report
      let described = item.id.map { "`\($0)`" } ?? "this \(item.kind.rawValue)"
      var labels = [Label(span: span, message: "\(described) plays at frame \(frame), the first one missing")]
      if exportFile === script { labels.append(Label(span: exportSpan, message: "while rendering this export")) }
      return Diagnostic(
        .renderIncomplete, error.message, file: script, span: span, labels: labels, notes: notes, help: help)
    }
    return Diagnostic(
      .renderIncomplete, error.message, file: exportFile, span: exportSpan, notes: notes,
      help: "this is a bug in VEDL: " + report)
  }

  /// The item shown at `frame`: the main track's, else the first track's that covers it.
  public static func item(playingAt frame: Int64, in timeline: Timeline) -> TimelineItem? {
    let ordered = timeline.tracks.filter { $0.kind == .main } + timeline.tracks.filter { $0.kind != .main }
    for track in ordered {
      if let item = track.items.first(where: { $0.kind != .gap && $0.startFrame <= frame && frame < $0.endFrame }) {
        return item
      }
    }
    return nil
  }

  /// Where `path` is named: the string literal in the script (an output's, or a source's),
  /// else the `-o` argument that names the output being made; only a target named nowhere
  /// (a job built by a program) leaves the path itself with no source text.
  static func location(of path: String?, script: SourceFile, timeline: Timeline?, target: RenderTarget?) -> (
    SourceFile, Span
  ) {
    guard let path else { return (script, .point(0)) }
    if let location = origin(of: path, target: target)?.location(in: script) { return location }
    if let span = timeline?.sources.first(where: { $0.path == path })?.pathSpan { return (script, span) }
    // A file the script does not name (a font, a temporary): the output being made.
    if let location = target?.origin?.location(in: script) { return location }
    return (SourceFile(path: path, bytes: []), .point(0))
  }

  /// Where the user named `path` when it is one of `target`'s outputs: the output and its
  /// `<output>.json` where the output is named, a thumbnail or sidecar at its string.
  static func origin(of path: String, target: RenderTarget?) -> OutputOrigin? {
    guard let target else { return nil }
    if path == target.path || path == target.metadataPath {
      return target.origin
        ?? .script(writtenPath: target.export?.writtenPath ?? target.path, span: target.export?.pathSpan)
    }
    if let thumbnail = target.thumbnails.first(where: { $0.path == path }) {
      return .script(writtenPath: thumbnail.writtenPath, span: thumbnail.pathSpan)
    }
    if let sidecar = target.sidecars.first(where: { $0.path == path }) {
      return .script(writtenPath: sidecar.writtenPath, span: sidecar.pathSpan)
    }
    return nil
  }
}
