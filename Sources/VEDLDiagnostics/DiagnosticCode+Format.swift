extension DiagnosticCode {
  /// Whether the code has the published shape: `E` (error) or `W` (warning) followed by
  /// exactly four ASCII digits, e.g. `E0101`, `W0601`.
  public var isWellFormed: Bool {
    let scalars = Array(id.unicodeScalars)
    guard scalars.count == 5, scalars[0] == "E" || scalars[0] == "W" else { return false }
    return scalars.dropFirst().allSatisfy { ("0"..."9").contains($0) }
  }

  /// The severity the code's prefix promises: `.warning` for `W…`, `.error` for `E…`;
  /// `nil` for a code that is not well formed.
  public var prefixSeverity: Severity? {
    guard isWellFormed else { return nil }
    return id.hasPrefix("W") ? .warning : .error
  }

  /// Parses a code as a user types it (`vedl explain e0101`): surrounding whitespace is
  /// ignored and the prefix may be lowercase. Returns `nil` unless the result is well formed.
  public init?(parsing text: String) {
    let code = DiagnosticCode(text.trimmingSpaces().uppercased())
    guard code.isWellFormed else { return nil }
    self = code
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs and line breaks.
  fileprivate func trimmingSpaces() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}
