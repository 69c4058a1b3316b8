import VEDLSource

/// Replace the bytes of `span` with `newText` — the one edit shape every feature produces
/// (fix-its, rename, formatting). The language server converts spans to protocol ranges.
public struct TextEdit: Sendable, Hashable {
  public var span: Span
  public var newText: String

  public init(span: Span, newText: String) {
    self.span = span
    self.newText = newText
  }
}
