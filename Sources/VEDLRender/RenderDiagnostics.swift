import VEDLDiagnostics
import VEDLMedia
import VEDLSema
import VEDLSource

/// Turns render failures into diagnostics with their catalogue codes (E0810–E0813, E0815,
/// E0817 for a picture the native backend cannot draw, W0810, E0502 for an output that cannot
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
    }
    let (file, span) = location(of: path, script: script, timeline: timeline, target: target)
    return Diagnostic(code, error.message, file: file, span: span, notes: notes, help: help)
  }

  /// The diagnostic for a finished render's `warning`.
  public static func diagnostic(
    for warning: RenderWarning, script: SourceFile, timeline: Timeline?, target: RenderTarget?
  )
    -> Diagnostic
  {
    switch warning {
    case .frameCountDiffers(let path, let expected, let actual):
      let (file, span) = location(of: path, script: script, timeline: timeline, target: target)
      return Diagnostic(
        .renderFrameCountDiffers, "\"\(path)\" holds \(actual) frames but the timeline has \(expected)", file: file,
        span: span, help: "please report this with the script: `vedl ir` lists the expected frames")
    }
  }

  /// Where `path` is named: the string literal in the script (an output's, or a source's),
  /// else the `-o` argument that names the output being made; only a target named nowhere
  /// (a job built by a program) leaves the path itself with no source text.
  static func location(of path: String?, script: SourceFile, timeline: Timeline?, target: RenderTarget?) -> (
    SourceFile, Span
  ) {
    guard let path else { return (script, .point(0)) }
    if let location = origin(of: path, target: target)?.location(in: script) { return location }
    if let timeline {
      for name in timeline.sources.filter({ $0.path == path }).compactMap(\.writtenPath) {
        if let span = span(ofStringLiteral: name, in: script) { return (script, span) }
      }
    }
    // A file the script does not name (a font, a temporary): the output being made.
    if let location = target?.origin?.location(in: script) { return location }
    return (SourceFile(path: path, bytes: []), .point(0))
  }

  /// Where the user named `path` when it is one of `target`'s outputs: the output and its
  /// `<output>.json` where the output is named, a thumbnail or sidecar at its string.
  static func origin(of path: String, target: RenderTarget?) -> OutputOrigin? {
    guard let target else { return nil }
    if path == target.path || path == target.metadataPath {
      return target.origin ?? .script(writtenPath: target.export?.writtenPath ?? target.path)
    }
    if let thumbnail = target.thumbnails.first(where: { $0.path == path }) {
      return .script(writtenPath: thumbnail.writtenPath)
    }
    if let sidecar = target.sidecars.first(where: { $0.path == path }) {
      return .script(writtenPath: sidecar.writtenPath)
    }
    return nil
  }

  /// The first `"text"` in the script, quotes included.
  static func span(ofStringLiteral text: String, in script: SourceFile) -> Span? {
    let needle = Array(("\"" + text + "\"").utf8)
    let bytes = script.bytes
    guard needle.count <= bytes.count else { return nil }
    for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
      if bytes[start..<(start + needle.count)].elementsEqual(needle) {
        return Span(start: start, end: start + needle.count)
      }
    }
    return nil
  }
}
