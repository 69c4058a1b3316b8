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
/// O(log lines) plus the length of the line prefix — at most ``checkpointStride`` bytes of
/// it: a long line (minified or generated text, where every diagnostic would count its way
/// along the whole line) keeps the column of a unit boundary every so many bytes.
public struct LineTable: Sendable {
  /// Byte offset at which each line starts; `starts[0] == 0`.
  public let starts: [Int]
  private let bytes: [UInt8]
  /// For each line longer than ``checkpointStride`` bytes: scalar boundaries about that far
  /// apart, in order, each with its 1-based column.
  private let checkpoints: [Int: [(offset: Int, column: Int)]]

  /// Bytes between two column checkpoints of a long line.
  public static let checkpointStride = 256

  /// Scans `bytes` for line breaks (`\n`; a `\r\n` pair counts once, the `\r` belongs to the line).
  public init(bytes: [UInt8]) {
    var starts = [0]
    for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") {
      starts.append(i + 1)
    }
    var checkpoints: [Int: [(offset: Int, column: Int)]] = [:]
    let stride = Self.checkpointStride
    bytes.withUnsafeBufferPointer { buffer in
      for (index, start) in starts.enumerated() {
        let end = index + 1 < starts.count ? starts[index + 1] : buffer.count
        guard end - start > stride else { continue }
        // The same steps as `location(of:)` takes, so the columns agree for invalid UTF-8.
        var marks: [(offset: Int, column: Int)] = []
        var (i, column, next) = (start, 1, start + stride)
        while i < end {
          if i >= next {
            marks.append((i, column))
            next = i + stride
          }
          i += LineTable.scalarLength(leadByte: buffer[i])
          column += 1
        }
        checkpoints[index] = marks
      }
    }
    self.starts = starts
    self.bytes = bytes
    self.checkpoints = checkpoints
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
    // Counted from the last checkpoint of a long line, in a bare loop over the buffer:
    // thousands of diagnostics on one long line stay fast, in debug builds too.
    var column = 1
    var i = starts[index]
    if let marks = checkpoints[index] {
      // The last checkpoint at or before `offset`.
      var (lo, hi) = (0, marks.count)
      while lo < hi {
        let mid = (lo + hi) / 2
        if marks[mid].offset <= offset { lo = mid + 1 } else { hi = mid }
      }
      if lo > 0 { (i, column) = marks[lo - 1] }
    }
    bytes.withUnsafeBufferPointer { buffer in
      while i < offset {
        i += LineTable.scalarLength(leadByte: buffer[i])
        if i <= offset { column += 1 } else { break }
      }
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
    // Comparisons rather than range patterns, which unoptimised builds call generically.
    if b < 0xC2 { return 1 }
    if b <= 0xDF { return 2 }
    if b <= 0xEF { return 3 }
    return b <= 0xF4 ? 4 : 1
  }
}
