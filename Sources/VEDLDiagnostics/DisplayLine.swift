import VEDLSource

/// One source line prepared for printing under a gutter: every Unicode scalar becomes one
/// display unit one column wide (the column model of ``LineTable``), tabs become a fixed
/// run of spaces, and characters that would disturb a terminal (control characters, C1
/// controls, bidirectional overrides, invalid UTF-8) become visible one-column stand-ins.
/// Carets are placed by display column, so they line up whatever the line contains.
struct DisplayLine: Sendable {
  /// One scalar (or invalid sequence) of the line.
  struct Unit: Sendable {
    /// Byte range of the unit in its buffer.
    let start: Int
    let end: Int
    /// What is printed for it.
    let text: String
    /// Columns it occupies (the tab width for a tab, else 1).
    let width: Int
    /// 0-based display column where it begins.
    let column: Int
  }

  let units: [Unit]
  /// Total display width of the line.
  let width: Int

  /// Lays out `bytes[range]` (a line without its terminator). Byte units follow
  /// ``LineTable/scalarLength(leadByte:)`` exactly, so display columns agree with the
  /// `line:column` printed in the header even for invalid UTF-8.
  init(bytes: [UInt8], range: Range<Int>, tabWidth: Int) {
    var units: [Unit] = []
    var column = 0
    var i = max(0, range.lowerBound)
    let end = min(bytes.count, range.upperBound)
    while i < end {
      let unitEnd = min(end, i + LineTable.scalarLength(leadByte: bytes[i]))
      let text: String
      let width: Int
      if bytes[i] == UInt8(ascii: "\t") {
        width = max(1, tabWidth)
        text = String(repeating: " ", count: width)
      } else {
        width = 1
        text = DisplayLine.visible(bytes[i..<unitEnd])
      }
      units.append(Unit(start: i, end: unitEnd, text: text, width: width, column: column))
      column += width
      i = unitEnd
    }
    self.units = units
    self.width = column
  }

  /// Lays out line `index` (0-based) of `file`, without its `\n` or `\r\n`.
  init(file: SourceFile, lineIndex index: Int, tabWidth: Int) {
    let span = file.lines.lineSpan(index)
    self.init(bytes: file.bytes, range: span.start..<span.end, tabWidth: tabWidth)
  }

  /// The printable text of the line.
  var text: String { units.map(\.text).joined() }

  /// Display column at which a span starting at byte `offset` begins. An offset inside a
  /// multi-byte unit belongs to that unit; an offset past the line is just after its end.
  func startColumn(of offset: Int) -> Int {
    for unit in units where unit.end > offset { return unit.column }
    return width
  }

  /// Display column just after a span ending (exclusively) at byte `offset`; a unit the
  /// span only partly covers counts as covered.
  func endColumn(of offset: Int) -> Int {
    var result = 0
    for unit in units where unit.start < offset { result = unit.column + unit.width }
    return result
  }

  /// The one-column stand-in for a scalar's bytes: the scalar itself when it is harmless,
  /// a Control Picture (U+2400…) for C0 controls and DEL, U+FFFD for invalid UTF-8, C1
  /// controls and bidirectional formatting characters.
  static func visible(_ bytes: ArraySlice<UInt8>) -> String {
    let decoded = String(decoding: bytes, as: UTF8.self)
    let scalars = decoded.unicodeScalars
    guard scalars.count == 1, decoded.utf8.count == bytes.count, let scalar = scalars.first
    else { return "\u{FFFD}" }
    return visible(scalar)
  }

  /// The one-column stand-in for a single scalar (see ``visible(_:)-(ArraySlice<UInt8>)``).
  static func visible(_ scalar: Unicode.Scalar) -> String {
    switch scalar.value {
    case 0x00...0x1F: return String(Unicode.Scalar(0x2400 + scalar.value)!)
    case 0x7F: return "\u{2421}"
    case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069: return "\u{FFFD}"
    default: return String(scalar)
    }
  }

  /// `text` with every control character except `\n` made visible, for messages printed
  /// to a terminal (they can quote user strings, which must not inject escapes).
  static func sanitized(_ text: String) -> String {
    var out = ""
    out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      if scalar == "\n" || scalar == "\t" {
        out.unicodeScalars.append(scalar)
      } else {
        out += visible(scalar)
      }
    }
    return out
  }

  /// `text` on one line: line breaks and tabs become spaces, then ``sanitized(_:)``.
  static func singleLine(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      if scalar == "\n" || scalar == "\t" || scalar == "\r" {
        out += " "
      } else {
        out += visible(scalar)
      }
    }
    return out
  }
}
