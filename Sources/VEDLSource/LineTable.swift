/// A 1-based line and column. Columns count Unicode scalar values (characters as a user
/// sees them in most editors); the language server converts to UTF-16 itself.
public struct LineColumn: Hashable, Sendable, CustomStringConvertible {
  /// 1-based line number.
  public var line: Int
  /// 1-based column, in Unicode scalars.
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public var description: String { "\(line):\(column)" }
}

/// Maps byte offsets to lines and columns. Built once per file in O(n); lookups are
/// O(log lines) plus the length of the line prefix.
public struct LineTable: Sendable {
  /// Byte offset at which each line starts; `starts[0] == 0`.
  public let starts: [Int]
  private let bytes: [UInt8]

  /// Scans `bytes` for line breaks (`\n`; a `\r\n` pair counts once, the `\r` belongs to the line).
  public init(bytes: [UInt8]) {
    var starts = [0]
    for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") {
      starts.append(i + 1)
    }
    self.starts = starts
    self.bytes = bytes
  }

  /// Number of lines (a file that ends in a newline has an empty last line).
  public var count: Int { starts.count }

  /// 0-based index of the line containing `offset`.
  public func lineIndex(of offset: Int) -> Int {
    let offset = max(0, min(offset, bytes.count))
    var lo = 0
    var hi = starts.count - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
    }
    return lo
  }

  /// Line and column (both 1-based) of a byte offset. An offset inside a multi-byte
  /// sequence counts as the scalar it belongs to.
  public func location(of offset: Int) -> LineColumn {
    let offset = max(0, min(offset, bytes.count))
    let index = lineIndex(of: offset)
    var column = 1
    var i = starts[index]
    while i < offset {
      i += LineTable.scalarLength(leadByte: bytes[i])
      if i <= offset { column += 1 } else { break }
    }
    return LineColumn(line: index + 1, column: column)
  }

  /// Byte span of a 0-based line, without its line terminator.
  public func lineSpan(_ index: Int) -> Span {
    let start = starts[index]
    var end = index + 1 < starts.count ? starts[index + 1] - 1 : bytes.count
    if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return Span(start: start, end: end)
  }

  /// Byte offset of a 1-based line and column; clamped to the line's end.
  public func offset(of position: LineColumn) -> Int {
    let index = max(0, min(position.line - 1, starts.count - 1))
    let span = lineSpan(index)
    var i = span.start
    var column = 1
    while column < position.column, i < span.end {
      i += LineTable.scalarLength(leadByte: bytes[i])
      column += 1
    }
    return min(i, span.end)
  }

  /// Length in bytes of the UTF-8 sequence starting with `b` (1 for invalid lead bytes, so
  /// that invalid input still advances).
  @inlinable
  public static func scalarLength(leadByte b: UInt8) -> Int {
    switch b {
    case 0xF0...0xF4: return 4
    case 0xE0...0xEF: return 3
    case 0xC2...0xDF: return 2
    default: return 1
    }
  }
}
