import VEDLSource

/// Shows what a ``FixIt`` would make of the source, under its `help:` line:
///
/// - an insertion prints the edited line(s) with `+` under the inserted text;
/// - a replacement prints the edited line(s) with `~` under the new text;
/// - a deletion prints the old line(s) marked `-` and the new ones marked `+`.
///
/// Previews longer than ``maximumLines`` lines are cut with `...`; lines wider than
/// ``DisplayLine/maximumWidth`` are clipped around the edit.
enum FixItPreview {
  /// At most this many edited lines are printed per side.
  static let maximumLines = 8

  /// Rendered lines for `fixIt` applied to `file` (empty for an edit that changes nothing).
  static func lines(for fixIt: FixIt, in file: SourceFile, tabWidth: Int) -> [RenderedLine] {
    let bytes = file.bytes
    let table = file.lines
    let start = max(0, min(fixIt.span.start, bytes.count))
    let end = max(start, min(fixIt.span.end, bytes.count))
    let replacement = Array(fixIt.replacement.utf8)
    if start == end && replacement.isEmpty { return [] }

    let firstLine = table.lineIndex(of: start)
    let endLine = table.lineIndex(of: end)
    let regionStart = table.starts[firstLine]
    // An edit of whole lines (from a line start to a later line start) that leaves a line
    // break at its end touches only those lines; any other edit runs to the end of the
    // line it ends in.
    let wholeLines =
      end > start && start == regionStart && endLine > firstLine && table.starts[endLine] == end
      && (replacement.isEmpty || replacement.last == UInt8(ascii: "\n"))
    let regionEnd = wholeLines ? end : max(end, table.lineSpan(endLine).end)
    let lastOriginalLine = wholeLines ? endLine - 1 : endLine

    var edited: [UInt8] = []
    var isNew: [Bool] = []
    edited += bytes[regionStart..<start]
    edited += replacement
    edited += bytes[end..<regionEnd]
    isNew += Array(repeating: false, count: start - regionStart)
    isNew += Array(repeating: true, count: replacement.count)
    isNew += Array(repeating: false, count: regionEnd - end)

    // A long line is clipped around the new text (or where the removed text was).
    let editedFocus = (start - regionStart)..<(start - regionStart + replacement.count)
    var editedLines = splitLines(edited)
    if wholeLines, let last = editedLines.last, last.isEmpty { editedLines.removeLast() }

    var out: [RenderedLine] = []
    if replacement.isEmpty {
      let original = Array(firstLine...lastOriginalLine)
      for (count, index) in original.enumerated() {
        if count == maximumLines {
          out.append(.ellipsis)
          break
        }
        let text = DisplayLine(file: file, lineIndex: index, tabWidth: tabWidth, focus: start..<end).text
        out.append(.source(lineNumber: index + 1, marker: .removed, text: text))
      }
      for (count, range) in editedLines.enumerated() {
        if count == maximumLines {
          out.append(.ellipsis)
          break
        }
        let text = DisplayLine(bytes: edited, range: range, tabWidth: tabWidth, focus: editedFocus).text
        out.append(.source(lineNumber: firstLine + 1 + count, marker: .added, text: text))
      }
      out.append(.blankGutter)
      return out
    }

    let mark = start == end ? "+" : "~"
    for (count, range) in editedLines.enumerated() {
      if count == maximumLines {
        out.append(.ellipsis)
        break
      }
      let line = DisplayLine(bytes: edited, range: range, tabWidth: tabWidth, focus: editedFocus)
      out.append(.source(lineNumber: firstLine + 1 + count, marker: .plain, text: line.text))
      var row = StyledRow()
      for unit in line.units where isNew[unit.start] {
        row.put(String(repeating: mark, count: unit.width), at: unit.column, style: .insertion)
      }
      if row.trimmedCount > 0 { out.append(.annotation(row)) }
    }
    return out
  }

  /// Byte ranges of the lines of `bytes`, without their `\n` or `\r\n`.
  private static func splitLines(_ bytes: [UInt8]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var lineStart = 0
    for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      ranges.append(lineStart..<trimmedEnd(bytes, lineStart, i))
      lineStart = i + 1
    }
    ranges.append(lineStart..<trimmedEnd(bytes, lineStart, bytes.count))
    return ranges
  }

  /// `end`, less one if the line ends in `\r` (as ``LineTable/lineSpan(_:)`` trims it).
  private static func trimmedEnd(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Int {
    end > start && bytes[end - 1] == UInt8(ascii: "\r") ? end - 1 : end
  }
}
