import VEDLDiagnostics
import VEDLSource

/// A protocol position: 0-based line and 0-based character offset in UTF-16 code units, as
/// LSP counts them by default.
public struct Position: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var line: Int
  public var character: Int

  public init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }

  public static func < (a: Position, b: Position) -> Bool {
    a.line != b.line ? a.line < b.line : a.character < b.character
  }

  public var json: JSON { ["line": .integer(line), "character": .integer(character)] }

  public var description: String { "\(line):\(character)" }
}

/// A protocol range: `[start, end)`.
public struct TextRange: Sendable, Hashable {
  public var start: Position
  public var end: Position

  public init(start: Position, end: Position) {
    self.start = start
    self.end = end
  }

  public var json: JSON { ["start": start.json, "end": end.json] }
}

/// Converts between UTF-8 byte offsets (the compiler's spans) and protocol positions (lines
/// and UTF-16 code units) for one text. Lines end at `\n`, `\r\n` or a lone `\r`, as the
/// protocol says. Out-of-range positions are clamped, never trapped on: a character past the
/// end of its line means the line's end, a line past the last means the end of the text.
public struct LineIndex: Sendable {
  public let bytes: [UInt8]
  /// Byte offset of the start of each line; `lineStarts[0] == 0`.
  public let lineStarts: [Int]

  public init(bytes: [UInt8]) {
    self.bytes = bytes
    var starts = [0]
    var i = 0
    let n = bytes.count
    while i < n {
      let b = bytes[i]
      if b == 0x0A {
        starts.append(i + 1)
      } else if b == 0x0D {
        if i + 1 < n, bytes[i + 1] == 0x0A { i += 1 }
        starts.append(i + 1)
      }
      i += 1
    }
    lineStarts = starts
  }

  /// Number of lines (a text ending in a line break has an empty last line).
  public var lineCount: Int { lineStarts.count }

  /// The byte offset where line `line`'s content ends (before its terminator).
  public func lineContentEnd(_ line: Int) -> Int {
    guard line + 1 < lineStarts.count else { return bytes.count }
    var end = lineStarts[line + 1]
    if end > lineStarts[line], bytes[end - 1] == 0x0A { end -= 1 }
    if end > lineStarts[line], bytes[end - 1] == 0x0D { end -= 1 }
    return end
  }

  /// The 0-based line holding byte `offset`.
  public func line(of offset: Int) -> Int {
    let offset = max(0, min(offset, bytes.count))
    var lo = 0
    var hi = lineStarts.count - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
    }
    return lo
  }

  /// Length in bytes and UTF-16 units of the UTF-8 sequence at `i` (an invalid byte counts
  /// as one byte and one unit, the U+FFFD it decodes to).
  @inline(__always)
  func scalar(at i: Int) -> (bytes: Int, units: Int) {
    guard let length = UTF8Validation.wellFormedLength(bytes, at: i) else { return (1, 1) }
    return (length, length == 4 ? 2 : 1)
  }

  /// The position of byte `offset` (an offset inside a multi-byte sequence counts as the
  /// sequence's start; past the end means the end).
  public func position(of offset: Int) -> Position {
    let offset = max(0, min(offset, bytes.count))
    let line = line(of: offset)
    let end = min(offset, lineContentEnd(line))
    var i = lineStarts[line]
    var units = 0
    while i < end {
      let s = scalar(at: i)
      if i + s.bytes > end { break }
      i += s.bytes
      units += s.units
    }
    return Position(line: line, character: units)
  }

  /// The byte offset of a position (clamped to the line's content, and to the text).
  public func offset(of position: Position) -> Int {
    guard position.line >= 0 else { return 0 }
    guard position.line < lineStarts.count else { return bytes.count }
    let end = lineContentEnd(position.line)
    var i = lineStarts[position.line]
    var units = 0
    let target = max(0, position.character)
    while i < end, units < target {
      let s = scalar(at: i)
      // A position between the two units of a surrogate pair stays before the pair.
      if units + s.units > target { break }
      i += s.bytes
      units += s.units
    }
    return i
  }

  /// The range of bytes `[start, end)`.
  public func range(start: Int, end: Int) -> TextRange {
    TextRange(start: position(of: start), end: position(of: max(start, end)))
  }

  /// The byte span of a protocol range (start and end ordered).
  public func offsets(of range: TextRange) -> (start: Int, end: Int) {
    let a = offset(of: range.start)
    let b = offset(of: range.end)
    return (min(a, b), max(a, b))
  }

  /// Length of `[start, end)` in UTF-16 units.
  public func utf16Length(from start: Int, to end: Int) -> Int {
    var i = max(0, start)
    let end = min(end, bytes.count)
    var units = 0
    while i < end {
      let s = scalar(at: i)
      i += s.bytes
      units += s.units
    }
    return units
  }
}
