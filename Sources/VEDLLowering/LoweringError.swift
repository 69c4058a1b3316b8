/// Why a checked timeline could not be turned into a filter graph. The checker rejects
/// user mistakes before lowering, so these are facts the graph needs but the timeline lacks
/// (a media file's size when it could not be probed) or outputs that cannot exist (a still
/// past the end). The command line prints them as errors.
public struct LoweringError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong, in the lowercase style of diagnostics.
  public var message: String
  /// How to fix it, when there is something to say.
  public var help: String?

  /// An error saying `message`, with an optional `help` line.
  public init(_ message: String, help: String? = nil) {
    self.message = message
    self.help = help
  }

  /// The message.
  public var description: String { message }
}
