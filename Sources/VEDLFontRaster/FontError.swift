/// Why a font could not be found, opened or drawn: no Fontconfig match, a FreeType failure, a
/// size FreeType refuses. The message names the font and the cause, ready to show a user.
public struct FontError: Error, Sendable, Equatable {
  /// A lowercase, one-line description of the failure.
  public var message: String

  /// An error with the given description.
  public init(message: String) {
    self.message = message
  }
}
