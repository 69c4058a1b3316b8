import VEDLMedia

/// Why a native render stopped. The picture and sound stages report `NativeRenderError`s
/// (a message for the user and the media file concerned); the encoding stage reports what
/// FFmpeg's encoders and muxers said. VEDLRender turns each case into its `E081x` diagnostic,
/// so the cases follow those codes: unreadable media, encoding, an unwritable output,
/// cancellation.
public enum NativePipelineError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A picture could not be drawn: a source could not be decoded (`path` names it), a font
  /// could not be found, or the edit asks for something the compositor cannot draw.
  case picture(NativeRenderError)
  /// The sound could not be mixed: an audio source could not be decoded (`path` names it).
  case sound(NativeRenderError)
  /// This FFmpeg was built without the encoder the format needs (for example `libx264`).
  case encoderUnavailable(name: String)
  /// An encoder refused its settings or failed while encoding.
  case encodingFailed(reason: String)
  /// The output file could not be created or written (folder missing or read-only, disk full).
  case unwritableOutput(path: String, reason: String)
  /// The render was stopped through its `CancellationFlag` (Ctrl-C).
  case cancelled

  /// A one-line explanation for the user, lower case, no trailing period.
  public var message: String {
    switch self {
    case .picture(let error), .sound(let error):
      error.message
    case .encoderUnavailable(let name):
      "this FFmpeg has no `\(name)` encoder"
    case .encodingFailed(let reason):
      "encoding failed: \(reason)"
    case .unwritableOutput(let path, let reason):
      "cannot write \"\(path)\": \(reason)"
    case .cancelled:
      "render interrupted"
    }
  }

  /// Same as `message`.
  public var description: String { message }

  /// `operation: FFmpeg's text and the lines it logged`, lower case: the reason carried by
  /// the encoding and output cases.
  static func reason(_ operation: String, _ error: FFmpegError) -> String {
    let text = error.explanation
    return "\(operation): " + text.prefix(1).lowercased() + text.dropFirst()
  }

  /// The case for a failure VEDLMedia's encoders and muxer report, its reason (FFmpeg's own
  /// text included) kept.
  init(_ error: MediaRenderError) {
    switch error {
    case .encoderUnavailable(let name): self = .encoderUnavailable(name: name)
    case .encodingFailed(let reason): self = .encodingFailed(reason: reason)
    case .unwritableOutput(let path, let reason): self = .unwritableOutput(path: path, reason: reason)
    case .cancelled: self = .cancelled
    // Not raised by encoders and muxers; kept whole should that change.
    case .unreadableInput, .missingStream, .invalidGraph, .filteringFailed, .emptyOutput:
      self = .encodingFailed(reason: error.message)
    }
  }
}
