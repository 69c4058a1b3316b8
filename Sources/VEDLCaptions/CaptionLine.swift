import VEDLSource

/// One line of a caption file: the byte range of its content, without the line terminator.
///
/// Caption files come from every platform, so `\r\n`, `\n` and a lone `\r` (classic Mac OS)
/// all end a line. Offsets are file-absolute, so spans built from them point straight into the
/// caption ``SourceFile``.
struct CaptionLine {
  /// Offset of the first byte of the line.
  let start: Int
  /// Offset one past the last byte of the content (before `\r`, `\n` or `\r\n`).
  let end: Int

  /// The content's span, terminator excluded.
  var span: Span { Span(start: start, end: end) }

  /// Splits `bytes[from...]` into lines. A final line without a terminator is included when it
  /// is not empty; a file ending in a terminator has no extra empty line.
  static func split(_ bytes: [UInt8], from first: Int) -> [CaptionLine] {
    var lines: [CaptionLine] = []
    var lineStart = first
    var i = first
    while i < bytes.count {
      switch bytes[i] {
      case UInt8(ascii: "\n"):
        lines.append(CaptionLine(start: lineStart, end: i))
        i += 1
        lineStart = i
      case UInt8(ascii: "\r"):
        lines.append(CaptionLine(start: lineStart, end: i))
        i += (i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "\n")) ? 2 : 1
        lineStart = i
      default:
        i += 1
      }
    }
    if lineStart < bytes.count {
      lines.append(CaptionLine(start: lineStart, end: bytes.count))
    }
    return lines
  }
}

/// Byte classes shared by the caption readers and writers.
enum CaptionBytes {
  /// Space, tab, form feed or vertical tab: the whitespace a caption line may be padded with.
  static func isSpace(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x09 || b == 0x0C || b == 0x0B
  }

  static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

  /// Bytes a cue keeps (text, identifier, settings) as a string: invalid UTF-8 and NUL, both
  /// reported as E0601, become U+FFFD, so no NUL reaches a C library or the sidecar writer.
  static func text(_ bytes: some Collection<UInt8>) -> String {
    guard bytes.contains(0) else { return String(decoding: bytes, as: UTF8.self) }
    return String(decoding: bytes.flatMap { $0 == 0 ? [0xEF, 0xBF, 0xBD] : [$0] }, as: UTF8.self)
  }

  /// The span of `bytes[span]` without leading and trailing whitespace.
  static func trimmed(_ span: Span, in bytes: [UInt8]) -> Span {
    var lo = span.start
    var hi = span.end
    while lo < hi, isSpace(bytes[lo]) { lo += 1 }
    while hi > lo, isSpace(bytes[hi - 1]) { hi -= 1 }
    return Span(start: lo, end: hi)
  }

  /// The span of `bytes[span]` without trailing whitespace.
  static func trimmedTrailing(_ span: Span, in bytes: [UInt8]) -> Span {
    var hi = span.end
    while hi > span.start, isSpace(bytes[hi - 1]) { hi -= 1 }
    return Span(start: span.start, end: hi)
  }

  /// Whether the line is empty or whitespace only (players treat both as a cue separator).
  static func isBlank(_ span: Span, in bytes: [UInt8]) -> Bool {
    trimmed(span, in: bytes).length == 0
  }

  /// Whether the bytes of `span` contain `-->`.
  static func containsArrow(_ span: Span, in bytes: [UInt8]) -> Bool {
    firstArrow(in: span, of: bytes) != nil
  }

  /// Offset of the first `-->` within `span`, if any.
  static func firstArrow(in span: Span, of bytes: [UInt8]) -> Int? {
    var i = span.start
    while i + 3 <= span.end {
      if bytes[i] == UInt8(ascii: "-"), bytes[i + 1] == UInt8(ascii: "-"), bytes[i + 2] == UInt8(ascii: ">") {
        return i
      }
      i += 1
    }
    return nil
  }

  /// Whether the trimmed line is one or more ASCII digits (an SRT cue number).
  static func isDigitsOnly(_ span: Span, in bytes: [UInt8]) -> Bool {
    let t = trimmed(span, in: bytes)
    guard t.length > 0 else { return false }
    return bytes[t.start..<t.end].allSatisfy(isDigit)
  }

  /// Whether the line starts (after whitespace) like a timestamp: digits followed by `:`.
  /// Used to blame the right line when a block has no valid timing line.
  static func looksLikeTimestamp(_ span: Span, in bytes: [UInt8]) -> Bool {
    let t = trimmed(span, in: bytes)
    var i = t.start
    while i < t.end, isDigit(bytes[i]) { i += 1 }
    return i > t.start && i < t.end && bytes[i] == UInt8(ascii: ":")
  }

  /// Whether the line is `keyword` alone or followed by a space or tab (`WEBVTT`, `NOTE`, …).
  static func startsWithKeyword(_ keyword: String, _ span: Span, in bytes: [UInt8]) -> Bool {
    let word = Array(keyword.utf8)
    guard span.length >= word.count, Array(bytes[span.start..<span.start + word.count]) == word else {
      return false
    }
    let after = span.start + word.count
    return after == span.end || bytes[after] == 0x20 || bytes[after] == 0x09
  }

  /// Whether the line begins with the bytes of `prefix`.
  static func hasPrefix(_ prefix: String, _ span: Span, in bytes: [UInt8]) -> Bool {
    let word = Array(prefix.utf8)
    return span.length >= word.count && Array(bytes[span.start..<span.start + word.count]) == word
  }
}
