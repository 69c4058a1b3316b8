import CFreeType

/// Human-readable text for a FreeType error code, for `FontError` messages.
enum FreeTypeMessage {
  /// FreeType's own description when the library was built with error strings, otherwise
  /// the code.
  static func text(_ error: FT_Error) -> String {
    if let described = FT_Error_String(error) { return String(cString: described).lowercased() }
    return "FreeType error \(error)"
  }
}
