// The formatter's printer: walks the annotated elements of `FormatterLayout.swift` once and
// writes the canonical text. The rules it implements are listed in `Formatter.swift` and
// docs/formatting.md.

/// Writes the canonical layout of a list of elements into a byte buffer.
///
/// The walk is a recursive descent over three shapes:
/// - a *vertical list* (the file, a multi-line block, an expanded parenthesis group): entries
///   on their own lines, with own-line and trailing comments placed between them;
/// - an *entry* (a statement, or one argument of an expanded group): its elements on one line;
/// - a one-line block (`{ a; b }`), tried first when the source had it on one line, and
///   abandoned as soon as the line grows past the width limit.
///
/// Every element is written once, and only one-line attempts are ever undone (and they stop
/// after at most a line's worth of output), so printing is linear in the size of the file.
struct FormatPrinter {
  private enum ListKind {
    /// The whole file: entries separated by line breaks and `;`.
    case file
    /// The items of a multi-line block.
    case block
    /// The arguments of an expanded `( … )`: entries separated by `,`.
    case group
  }

  private let elements: [FormatElement]
  private let bytes: [UInt8]
  private let indentWidth: Int
  private let lineWidth: Int

  private var out: [UInt8] = []
  /// Columns (Unicode scalars) on the current output line.
  private var column = 0
  private var indent = 0
  /// Whether the current output line has anything on it.
  private var lineOpen = false
  /// Set after a line comment: the next element must start a new line.
  private var mustBreak = false
  /// Role of the last element written, for spacing.
  private var lastRole: FormatRole = .semicolon
  /// Depth of one-line block attempts in progress.
  private var flatDepth = 0
  /// Set when a one-line attempt has run past the width limit.
  private var overflow = false

  init(elements: [FormatElement], bytes: [UInt8], indentWidth: Int, lineWidth: Int) {
    self.elements = elements
    self.bytes = bytes
    self.indentWidth = indentWidth
    self.lineWidth = lineWidth
    out.reserveCapacity(bytes.count + bytes.count / 8 + 16)
  }

  /// Prints the whole file; the result ends with exactly one line break (or is empty).
  mutating func printFile() -> [UInt8] {
    verticalList(from: 0, to: elements.count, kind: .file)
    if lineOpen { endLine() }
    return out
  }

  // MARK: Output primitives

  private mutating func endLine() {
    out.append(UInt8(ascii: "\n"))
    column = 0
    lineOpen = false
    mustBreak = false
  }

  /// Makes sure the next write starts a fresh line, preceded by one blank line if asked.
  private mutating func startLine(blank: Bool) {
    if lineOpen { endLine() }
    if blank && !out.isEmpty { out.append(UInt8(ascii: "\n")) }
  }

  /// Begins a write: the indentation on a fresh line, otherwise the separating space.
  private mutating func prepareWrite(role: FormatRole, space: Bool) {
    if mustBreak && lineOpen { endLine() }  // never put anything after a `//` comment
    if !lineOpen {
      let width = indent * indentWidth
      out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width))
      column = width
      lineOpen = true
    } else if space {
      out.append(UInt8(ascii: " "))
      column += 1
    }
    lastRole = role
    if role == .lineComment { mustBreak = true }
  }

  /// Writes fixed punctuation.
  private mutating func write(_ byte: UInt8, role: FormatRole, space: Bool) {
    prepareWrite(role: role, space: space)
    out.append(byte)
    column += 1
    checkOverflow()
  }

  /// Writes element `index` as its source text (comments without trailing whitespace).
  private mutating func write(_ index: Int, space: Bool) {
    let e = elements[index]
    prepareWrite(role: e.role, space: space)
    if e.role.isComment {
      writeComment(e.start, e.end)
    } else {
      var p = e.start
      while p < e.end {
        let b = bytes[p]
        out.append(b)
        if b & 0xC0 != 0x80 { column += 1 }
        p += 1
      }
    }
    checkOverflow()
  }

  /// Copies a comment, dropping whitespace (and the `\r` of CRLF) at the end of each line.
  private mutating func writeComment(_ start: Int, _ end: Int) {
    var pending = 0  // whitespace bytes seen but not yet copied
    var p = start
    while p < end {
      let b = bytes[p]
      switch b {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
        pending += 1
      case UInt8(ascii: "\n"):
        pending = 0
        out.append(b)
        column = 0
      default:
        if pending > 0 {
          for q in (p - pending)..<p {
            out.append(bytes[q])
            column += 1
          }
          pending = 0
        }
        out.append(b)
        if b & 0xC0 != 0x80 { column += 1 }
      }
      p += 1
    }
  }

  private mutating func checkOverflow() {
    if flatDepth > 0 && column > lineWidth { overflow = true }
  }

  // MARK: Structure

  /// Prints the entries and comments in `start..<closer` one per line.
  private mutating func verticalList(from start: Int, to closer: Int, kind: ListKind) {
    var i = start
    var first = true  // nothing printed on a line of its own yet (no blank line allowed)
    var pendingBlank = false
    var afterSeparator = true  // a separator (or the opener) since the last entry
    var leadingCommentLine = false  // the current line holds comments that lead the next entry
    while i < closer {
      let e = elements[i]
      // After a `//` comment the next element starts a line even where the source had no
      // break (a comma moved in front of the comment leaves the break behind it).
      if e.breaks > 0 || (mustBreak && lineOpen) {
        afterSeparator = true
        leadingCommentLine = false
        if e.breaks > 1 && !first { pendingBlank = true }
      }
      switch e.role {
      case .semicolon where kind != .group:
        afterSeparator = true
        i += 1
      case .comma where kind == .group:
        write(UInt8(ascii: ","), role: .comma, space: false)
        afterSeparator = true
        i += 1
      case .lineComment, .blockComment:
        if e.breaks > 0 || mustBreak || !lineOpen || (afterSeparator && leadsEntry(i, closer: closer)) {
          // Its own line, or the start of the line of the entry it precedes.
          startLine(blank: pendingBlank)
          pendingBlank = false
          first = false
          write(i, space: false)
          leadingCommentLine = true
        } else {
          // Trailing: after an entry, a separator or the opener, on the same line.
          write(i, space: true)
        }
        afterSeparator = false
        i += 1
      default:
        if !(leadingCommentLine && lineOpen) {
          startLine(blank: pendingBlank)
        }
        pendingBlank = false
        first = false
        leadingCommentLine = false
        i = entry(from: i, to: closer, kind: kind)
        afterSeparator = false
      }
    }
  }

  /// Whether the comment at `index` (after a separator, on the same line) is followed on that
  /// line — after any further comments — by the start of an entry.
  private func leadsEntry(_ index: Int, closer: Int) -> Bool {
    if elements[index].role == .lineComment { return false }
    var j = index + 1
    while j < closer, elements[j].breaks == 0, elements[j].role.isComment {
      if elements[j].role == .lineComment { return false }
      j += 1
    }
    guard j < closer, elements[j].breaks == 0 else { return false }
    let role = elements[j].role
    return !(role == .semicolon || role == .comma || role.isComment)
  }

  /// Prints one entry on the current line, up to (not including) the separator, line break
  /// or closer that ends it; returns the index where it stopped.
  private mutating func entry(from start: Int, to closer: Int, kind: ListKind) -> Int {
    var i = start
    while i < closer && !overflow {
      let e = elements[i]
      if i != start {
        if e.breaks > 0 || mustBreak { break }
        if kind == .group ? e.role == .comma : e.role == .semicolon { break }
      }
      i = element(i)
    }
    return i
  }

  /// Prints the element at `index` (with its whole group or block, for an opener); returns
  /// the index after it.
  private mutating func element(_ index: Int) -> Int {
    let role = elements[index].role
    switch role {
    case .openParen, .callParen:
      return group(index)
    case .openBrace:
      return block(index)
    default:
      write(index, space: FormatRole.needsSpace(after: lastRole, before: role))
      return index + 1
    }
  }

  /// `( … )`: on one line, or — when the source broke a line inside it — one argument per
  /// line with `)` on its own line.
  private mutating func group(_ open: Int) -> Int {
    let close = elements[open].partner
    let shape = elements[open].shape
    write(open, space: FormatRole.needsSpace(after: lastRole, before: elements[open].role))
    if shape.contains(.expanded) && !shape.contains(.empty) {
      indent += 1
      verticalList(from: open + 1, to: close, kind: .group)
      indent -= 1
      startLine(blank: false)
      write(close, space: false)
    } else {
      var i = open + 1
      while i < close && !overflow { i = element(i) }
      write(close, space: FormatRole.needsSpace(after: lastRole, before: .closeParen))
    }
    return close + 1
  }

  /// `{ … }`: `{}` when empty; `{ a; b }` when the source had it on one line without
  /// comments and it fits; otherwise one item per line with `}` on its own line.
  private mutating func block(_ open: Int) -> Int {
    let close = elements[open].partner
    let shape = elements[open].shape
    if shape.contains(.empty) {
      write(UInt8(ascii: "{"), role: .openBrace, space: true)
      write(UInt8(ascii: "}"), role: .closeBrace, space: false)
      return close + 1
    }
    if shape.contains(.singleLine) {
      if flatDepth > 0 {
        oneLineBlock(open, close)
        return close + 1
      }
      let saved = (out.count, column, lineOpen, mustBreak, lastRole)
      flatDepth += 1
      oneLineBlock(open, close)
      flatDepth -= 1
      if !overflow { return close + 1 }
      overflow = false
      out.removeSubrange(saved.0...)
      (column, lineOpen, mustBreak, lastRole) = (saved.1, saved.2, saved.3, saved.4)
    }
    write(open, space: true)
    indent += 1
    verticalList(from: open + 1, to: close, kind: .block)
    indent -= 1
    startLine(blank: false)
    write(close, space: false)
    return close + 1
  }

  /// `{ a; b }` — items separated by `; `. Stops early once `overflow` is set.
  private mutating func oneLineBlock(_ open: Int, _ close: Int) {
    write(open, space: true)
    var i = open + 1
    var needSeparator = false
    var anyItem = false
    while i < close && !overflow {
      if elements[i].role == .semicolon {
        needSeparator = anyItem
        i += 1
        continue
      }
      if needSeparator {
        write(UInt8(ascii: ";"), role: .semicolon, space: false)
        needSeparator = false
      }
      anyItem = true
      i = entry(from: i, to: close, kind: .block)
    }
    write(close, space: true)
  }
}
