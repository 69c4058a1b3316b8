/// A half-open range of UTF-8 byte offsets `[start, end)` into one source file.
///
/// Positions are byte offsets everywhere in the compiler (as in Go's `go/token`); line and
/// column are computed only when something is printed, by ``LineTable``.
public struct Span: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// Offset of the first byte.
  public var start: Int
  /// Offset one past the last byte.
  public var end: Int

  /// Creates a span; `end` is clamped so that it is never before `start`.
  public init(start: Int, end: Int) {
    self.start = start
    self.end = max(start, end)
  }

  /// An empty span at `offset`.
  public static func point(_ offset: Int) -> Span { Span(start: offset, end: offset) }

  /// Number of bytes covered.
  public var length: Int { end - start }

  /// The smallest span covering both.
  public func merged(with other: Span) -> Span {
    Span(start: min(start, other.start), end: max(end, other.end))
  }

  /// Whether `offset` lies in the span (the end counts, so a cursor just after a token hits it).
  public func contains(_ offset: Int) -> Bool { offset >= start && offset <= end }

  public static func < (a: Span, b: Span) -> Bool {
    a.start != b.start ? a.start < b.start : a.end < b.end
  }

  public var description: String { "\(start)..<\(end)" }
}
