/// One source text and the name it is reported under.
///
/// The text is kept as raw UTF-8 bytes so that invalid UTF-8 can be diagnosed with exact
/// offsets instead of being silently replaced when the file is read.
public final class SourceFile: Sendable {
  /// Path or name shown in diagnostics (`file` in JSON output).
  public let path: String
  /// The bytes of the file, unmodified.
  public let bytes: [UInt8]
  /// Line starts, computed once.
  public let lines: LineTable

  /// Creates a source file from bytes as read from disk.
  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
    self.lines = LineTable(bytes: bytes)
  }

  /// Creates a source file from a Swift string (tests, the language server).
  public convenience init(path: String, text: String) {
    self.init(path: path, bytes: Array(text.utf8))
  }

  /// The text of `span`, with invalid UTF-8 repaired (for messages only).
  public func text(_ span: Span) -> String {
    let lo = max(0, min(span.start, bytes.count))
    let hi = max(lo, min(span.end, bytes.count))
    return String(decoding: bytes[lo..<hi], as: UTF8.self)
  }

  /// The whole text, with invalid UTF-8 repaired (for printing only).
  public var text: String { String(decoding: bytes, as: UTF8.self) }
}
