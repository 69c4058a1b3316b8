/// Why the native mixer could not produce the timeline's sound: a media file that cannot be
/// opened or decoded, or a libav failure while resampling or changing tempo. `message` is for
/// the user (the native renderer turns it into a diagnostic); `path` names the media file
/// involved, when there is one.
public struct AudioMixError: Error, Sendable, Equatable {
  /// What went wrong, in words for the user.
  public var message: String
  /// The media file the failure concerns, if any.
  public var path: String?

  /// An error with a message and, optionally, the file it concerns.
  public init(_ message: String, path: String? = nil) {
    self.message = message
    self.path = path
  }
}
