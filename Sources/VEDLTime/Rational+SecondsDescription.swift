/// Writing a time or duration for people: exact, with its unit.
extension Rational {
  /// The value as seconds, exactly: `"1.5s"`, `"2s"`, `"-0.25s"`, and `"1/30s"` when no finite
  /// decimal exists. Used in diagnostics and dumps, where a rounded value would hide an
  /// off-by-one-frame error.
  public var secondsDescription: String {
    (exactDecimal ?? description) + "s"
  }
}
