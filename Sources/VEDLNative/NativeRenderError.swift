/// Why the native renderer could not produce a picture or a file: the message is for the
/// user (it ends up in an `E081x` diagnostic), `path` names the media file involved, if any.
public struct NativeRenderError: Error, Sendable, Equatable {
  /// What went wrong, in words for the user.
  public var message: String
  /// The media file the failure concerns, when there is one.
  public var path: String?
  /// The timeline frame that could not be made because a source has no picture for it (its
  /// pictures end before the clip does): the render stopped there.
  public var stoppedAtFrame: Int64?

  /// An error with a message and, optionally, the file it concerns.
  public init(_ message: String, path: String? = nil, stoppedAtFrame: Int64? = nil) {
    self.message = message
    self.path = path
    self.stoppedAtFrame = stoppedAtFrame
  }
}
