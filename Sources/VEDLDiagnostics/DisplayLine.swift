import VEDLSource

/// One source line prepared for printing under a gutter: every Unicode scalar becomes one
/// display unit one column wide (the column model of ``LineTable``), tabs become a fixed
/// run of spaces, and characters that would disturb a terminal (control characters, C1
/// controls, bidirectional overrides, invalid UTF-8) become visible one-column stand-ins.
/// Carets are placed by display column, so they line up whatever the line contains.
///
/// A line wider than ``maximumWidth`` columns is clipped to a window around its focus (the
/// span the carets go under), with `…` standing for each side cut off: a diagnostic on a
/// long line (a minified or generated file) shows what it is about, and the work per
/// diagnostic grows with the window, not with the line.
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
    /// 0-based display column where it begins (in the printed text, after a leading `…`).
    let column: Int
  }

  /// The units shown: the whole line, or the window of a clipped one.
  let units: [Unit]
  /// Total display width of what is printed, the `…` marks included.
  let width: Int
  /// Whether the start of the line is cut off (a `…` in column 0 stands for it).
  let clippedBefore: Bool
  /// Whether the end of the line is cut off (a `…` after the last unit stands for it).
  let clippedAfter: Bool

  /// The widest line printed whole; a wider one is clipped to this many columns, marks
  /// included.
  static let maximumWidth = 120
  /// What stands for a clipped side: one column, like every unit.
  static let clipMark = "\u{2026}"
  /// Columns shown before the focus when the focus itself is too wide for the window.
  static let leadingContext = 8

  /// Lays out `bytes[range]` (a line without its terminator), clipped to `maximumWidth`
  /// columns around the bytes `focus` when the line is wider (the window starts at the
  /// line's start without a focus). Byte units follow ``LineTable/scalarLength(leadByte:)``
  /// exactly, so display columns agree with the `line:column` printed in the header even
  /// for invalid UTF-8.
  init(
    bytes: [UInt8], range: Range<Int>, tabWidth: Int, focus: Range<Int>? = nil,
    maximumWidth: Int = DisplayLine.maximumWidth
  ) {
    let lineStart = max(0, min(range.lowerBound, bytes.count))
    let lineEnd = max(lineStart, min(bytes.count, range.upperBound))
    let tabWidth = max(1, tabWidth)
    func unit(at i: Int) -> (end: Int, width: Int) {
      (min(lineEnd, i + LineTable.scalarLength(leadByte: bytes[i])), bytes[i] == UInt8(ascii: "\t") ? tabWidth : 1)
    }

    let focusStart = max(lineStart, min(focus?.lowerBound ?? lineStart, lineEnd))
    let focusEnd = max(focusStart, min(focus?.upperBound ?? focusStart, lineEnd))
    // Columns are only ever counted from where the layout starts (a tab is always `tabWidth`
    // columns, wherever it is), so a focus far into the line is laid out from a unit
    // boundary shortly before it: every unit is at most 4 bytes and 1 column or more, so
    // `reach` bytes hold more columns than a window shows before its focus. A position is a boundary when no byte
    // of the 3 before it starts a sequence reaching past it — always true at a scalar of
    // valid UTF-8; for invalid bytes without such a position the layout starts at the line.
    let reach = 4 * (maximumWidth / 2 + 2)
    var scanStart = lineStart
    if focusStart - lineStart > reach {
      func isBoundary(_ p: Int) -> Bool {
        (max(lineStart, p - 3)..<p).allSatisfy { $0 + LineTable.scalarLength(leadByte: bytes[$0]) <= p }
      }
      if let p = (focusStart - reach...focusStart).first(where: isBoundary) { scanStart = p }
    }

    // The focus's columns, and the line's width when it ends within reach of the window.
    var column = 0
    var i = scanStart
    var startColumn: Int?
    var endColumn: Int?
    while i < lineEnd {
      let (next, width) = unit(at: i)
      if startColumn == nil, next > focusStart { startColumn = column }
      if i < focusEnd { endColumn = column + width }
      column += width
      i = next
      // Far enough past the focus's start to place the window: a wider focus is cut anyway.
      if let startColumn, column > startColumn + maximumWidth { break }
    }
    let total: Int? = i >= lineEnd ? column : nil
    let a = startColumn ?? column
    let b = max(endColumn ?? a, a)

    // The window of original columns `[left, left + room)` shown between the marks.
    var left = 0
    var room = Int.max
    if scanStart > lineStart || total.map({ $0 > maximumWidth }) ?? true {
      room = max(1, maximumWidth - 2)
      left = b - a <= room ? a - (room - (b - a)) / 2 : a - Self.leadingContext
      if let total { left = min(left, total - room) }
      left = max(0, left)
    }

    var units: [Unit] = []
    var clippedBefore = scanStart > lineStart
    var clippedAfter = false
    var firstColumn: Int?
    column = 0
    i = scanStart
    while i < lineEnd {
      let (next, width) = unit(at: i)
      if column < left {
        clippedBefore = true
      } else if column + width > left + room {
        clippedAfter = true
        break
      } else {
        let shift = (firstColumn ?? column) - (clippedBefore ? 1 : 0)
        if firstColumn == nil { firstColumn = column }
        let text: String
        if bytes[i] == UInt8(ascii: "\t") {
          text = String(repeating: " ", count: width)
        } else if bytes[i] < 0x80 {
          text = DisplayLine.visible(Unicode.Scalar(bytes[i]))
        } else {
          text = DisplayLine.visible(bytes[i..<next])
        }
        units.append(Unit(start: i, end: next, text: text, width: width, column: column - shift))
      }
      column += width
      i = next
    }
    self.units = units
    self.clippedBefore = clippedBefore
    self.clippedAfter = clippedAfter
    let shown = units.last.map { $0.column + $0.width } ?? (clippedBefore ? 1 : 0)
    self.width = shown + (clippedAfter ? 1 : 0)
  }

  /// Lays out line `index` (0-based) of `file`, without its `\n` or `\r\n`, clipped around
  /// `focus` when it is too wide (see the initialiser above).
  init(file: SourceFile, lineIndex index: Int, tabWidth: Int, focus: Range<Int>? = nil) {
    let span = file.lines.lineSpan(index)
    self.init(bytes: file.bytes, range: span.start..<span.end, tabWidth: tabWidth, focus: focus)
  }

  /// The printable text of the line, with `…` for the sides cut off.
  var text: String {
    var text = clippedBefore ? Self.clipMark : ""
    for unit in units { text += unit.text }
    return clippedAfter ? text + Self.clipMark : text
  }

  /// Display column at which a span starting at byte `offset` begins. An offset inside a
  /// multi-byte unit belongs to that unit; an offset past the line is just after its end.
  /// An offset cut off the line is at the `…` that stands for it.
  func startColumn(of offset: Int) -> Int {
    if clippedBefore, let first = units.first, offset < first.start { return 0 }
    for unit in units where unit.end > offset { return unit.column }
    return clippedAfter ? width - 1 : width
  }

  /// Display column just after a span ending (exclusively) at byte `offset`; a unit the
  /// span only partly covers counts as covered, and so does a `…` the span reaches into.
  func endColumn(of offset: Int) -> Int {
    if clippedAfter, let last = units.last, offset > last.end { return width }
    var result = clippedBefore ? 1 : 0
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
