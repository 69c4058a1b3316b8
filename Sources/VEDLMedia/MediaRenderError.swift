/// Why running a filter graph into an output file failed, one case per cause a user can act
/// on. `message` says it in words (lower case, no trailing period, like VEDL's diagnostics)
/// and carries FFmpeg's own text for the failure.
public enum MediaRenderError: Error, Sendable, Hashable, CustomStringConvertible {
  /// An input file cannot be read: missing, empty, not media, truncated, or damaged in a way
  /// the demuxer or decoder reports while reading. `reason` is the explanation.
  case unreadableInput(path: String, reason: String)
  /// The graph reads `[label]` (`[0:v]`, `[1:a]`) but the input has no stream of that kind —
  /// an audio file used as a picture, a silent video used for its sound.
  case missingStream(path: String, kind: StreamKind, label: String)
  /// FFmpeg rejected the filter graph text or could not configure it: an unknown filter, a
  /// bad option, a pad left unconnected, formats that cannot be negotiated.
  case invalidGraph(reason: String)
  /// A filter failed while frames went through the graph (after it was configured).
  case filteringFailed(reason: String)
  /// FFmpeg was built without the encoder VEDL needs (for example `libx264`).
  case encoderUnavailable(name: String)
  /// An encoder refused its settings or failed while encoding.
  case encodingFailed(reason: String)
  /// The output file cannot be created or written (folder missing or read-only, disk full),
  /// or the muxer rejected it.
  case unwritableOutput(path: String, reason: String)
  /// The graph ended without producing a single picture for a video output.
  case emptyOutput(reason: String)
  /// The run was stopped through its `CancellationFlag` (Ctrl-C).
  case cancelled

  /// A one-line explanation for the user.
  public var message: String {
    switch self {
    case .unreadableInput(let path, let reason):
      "cannot read \"\(path)\" while rendering: \(reason)"
    case .missingStream(let path, let kind, let label):
      "the filter graph reads [\(label)] but \"\(path)\" has no \(kind.rawValue) stream"
    case .invalidGraph(let reason):
      "FFmpeg rejected the filter graph: \(reason)"
    case .filteringFailed(let reason):
      "FFmpeg failed while filtering: \(reason)"
    case .encoderUnavailable(let name):
      "this FFmpeg has no `\(name)` encoder"
    case .encodingFailed(let reason):
      "encoding failed: \(reason)"
    case .unwritableOutput(let path, let reason):
      "cannot write \"\(path)\": \(reason)"
    case .emptyOutput(let reason):
      "the render produced no picture: \(reason)"
    case .cancelled:
      "render interrupted"
    }
  }

  /// Same as `message`.
  public var description: String { message }
}

extension FFmpegError {
  /// FFmpeg's own explanation, lower-cased: the lines it logged while the call ran (they say
  /// what went wrong), else the text of the return code.
  var userDetail: String {
    let lines = libraryMessages.map(\.lowercasedFirstLetter)
    let generic = message.lowercasedFirstLetter
    if lines.isEmpty { return "\(operation): \(generic)" }
    return "\(operation): " + lines.joined(separator: "; ") + " (\(generic))"
  }
}
