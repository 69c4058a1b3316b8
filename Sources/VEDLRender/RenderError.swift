import VEDLLowering
import VEDLMedia
import VEDLTime

/// Why rendering one export failed. Each case becomes a diagnostic with its own code
/// (`RenderDiagnostics`); none leaves a partial output behind.
public enum RenderError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The timeline could not be turned into a filter graph.
  case lowering(LoweringError)
  /// FFmpeg failed while building the graph, reading media, filtering or encoding; `while`
  /// says which output was being made (the video, a thumbnail).
  case media(MediaRenderError, output: String)
  /// An output path is the same file as the script or an input: refused, so neither is ever
  /// overwritten.
  case outputIsInput(output: String, input: ProtectedFile)
  /// An input could not be read for fingerprinting.
  case unreadableInput(path: String, reason: String)
  /// An output (video, thumbnail, sidecar, metadata) could not be written or moved into
  /// place.
  case unwritableOutput(path: String, reason: String)
  /// The native backend could not draw a picture or mix the sound (its `NativeRenderError`):
  /// a source could not be decoded (`path` names it), a font could not be found; `output`
  /// says which output was being made.
  case native(message: String, path: String?, output: String)
  /// The written file does not hold the timeline's frames: `actual` pictures where the
  /// timeline has `expected` (§5: a render makes exactly those frames or fails).
  /// `reason` says why, when the renderer knows (a source without a picture for that frame).
  case frameCount(path: String, expected: Int64, actual: Int64, reason: String? = nil)
  /// The written file's sound does not last as long as its picture (within one audio frame).
  case soundLength(path: String, picture: Rational, sound: Rational)
  /// A job of a plan (docs/scale-out.md) finds the script, an input or the render's settings
  /// changed since the plan was made: `changes` names what, as far as the job can tell.
  case planChanged(plan: String, changes: [String])
  /// A job of a plan runs on a worker whose vedl or libav differs from the planner's.
  case versionMismatch(planned: String, worker: String)
  /// The assemble job of a chunked render found chunks that are not done: each with why.
  case chunksNotReady(output: String, problems: [ChunkProblem])
  /// A plan file cannot be used: unreadable, not JSON lines, or without the line asked for.
  case invalidPlan(path: String, reason: String)

  /// A one-line explanation, lower case, no trailing period.
  public var message: String {
    switch self {
    case .lowering(let error):
      "cannot build the filter graph: \(error.message)"
    case .media(let error, _):
      error.message
    case .outputIsInput(let output, let input):
      "refusing to write \"\(output)\": it is \(input.role.noun) \"\(input.writtenPath ?? input.path)\""
    case .unreadableInput(let path, let reason):
      "cannot read \"\(path)\": \(reason)"
    case .unwritableOutput(let path, let reason):
      "cannot write \"\(path)\": \(reason)"
    case .native(let message, _, _):
      message
    case .frameCount(let path, let expected, let actual, _) where actual < expected:
      "the render of \"\(path)\" stopped at frame \(actual) of \(expected)"
    case .frameCount(let path, let expected, let actual, _):
      "\"\(path)\" holds \(actual) frames but the timeline has \(expected)"
    case .soundLength(let path, let picture, let sound):
      "the sound of \"\(path)\" lasts \(sound.secondsDescription) but its picture \(picture.secondsDescription)"
    case .planChanged(_, let changes):
      "the job no longer matches its plan: \(changes.joined(separator: "; "))"
    case .versionMismatch(let planned, let worker):
      "this worker runs \(worker), but the plan was made with \(planned)"
    case .chunksNotReady(let output, let problems):
      "cannot assemble \"\(output)\": " + problems.map(\.description).joined(separator: ", ")
    case .invalidPlan(let path, let reason):
      "cannot use the plan \"\(path)\": \(reason)"
    }
  }

  /// Same as `message`.
  public var description: String { message }
}

/// Why a chunk of a chunked render is not ready to be assembled.
public struct ChunkProblem: Sendable, Hashable, CustomStringConvertible {
  /// What is wrong with the chunk.
  public enum Kind: String, Sendable, Hashable {
    /// Its file (or its metadata) does not exist.
    case missing
    /// It exists but was made for another plan, or for other frames.
    case stale
  }

  /// The chunk's 0-based index.
  public var index: Int
  public var kind: Kind
  /// The chunk's file.
  public var path: String

  /// A problem; every property is documented above.
  public init(index: Int, kind: Kind, path: String) {
    self.index = index
    self.kind = kind
    self.path = path
  }

  /// `chunk 2 is missing`.
  public var description: String { "chunk \(index) is \(kind.rawValue)" }
}
