/// One underline on one display line: columns are 0-based display columns, `end` exclusive.
struct LineAnnotation: Sendable {
  /// Whether this is the diagnostic's primary span (`^`) or a secondary label (`-`).
  enum Kind: Sendable {
    case primary
    case secondary
  }

  var startColumn: Int
  var endColumn: Int
  var kind: Kind
  /// Already on one line and sanitized; empty for an unlabelled underline.
  var message: String
}

/// Draws the rows under a source line for its annotations, the way rustc does: all
/// underlines on one row (`^` over `-` where they overlap), the rightmost label's message
/// at the end of that row, and every other message hanging below its underline on a `|`.
///
/// ```
///   |   ---    ^^^ c
///   |   |
///   |   a
/// ```
enum AnnotationRows {
  /// The rows for `annotations` (all on the same source line); `primaryStyle` colours
  /// primary underlines (the diagnostic's severity).
  static func rows(for annotations: [LineAnnotation], primaryStyle: TerminalStyle) -> [StyledRow] {
    guard !annotations.isEmpty else { return [] }
    func style(_ a: LineAnnotation) -> TerminalStyle {
      a.kind == .primary ? primaryStyle : .secondary
    }
    let sorted = annotations.sorted {
      if $0.startColumn != $1.startColumn { return $0.startColumn < $1.startColumn }
      if $0.kind != $1.kind { return $0.kind == .primary }
      return $0.endColumn > $1.endColumn
    }

    var underline = StyledRow()
    for kind in [LineAnnotation.Kind.secondary, .primary] {
      for a in sorted where a.kind == kind {
        let width = max(1, a.endColumn - a.startColumn)
        let mark = kind == .primary ? "^" : "-"
        underline.put(String(repeating: mark, count: width), at: a.startColumn, style: style(a))
      }
    }
    let rowEnd = sorted.map { max($0.endColumn, $0.startColumn + 1) }.max() ?? 0

    // The message of an annotation that starts rightmost and reaches the end of the row
    // can follow the row; every other message hangs below its underline.
    let maxStart = sorted[sorted.count - 1].startColumn
    let inline = sorted.lastIndex {
      $0.startColumn == maxStart && !$0.message.isEmpty
        && max($0.endColumn, $0.startColumn + 1) == rowEnd
    }
    var hanging: [LineAnnotation] = []
    for (index, a) in sorted.enumerated() where !a.message.isEmpty {
      if index == inline {
        underline.put(a.message, at: rowEnd + 1, style: style(a))
      } else {
        hanging.append(a)
      }
    }
    var rows = [underline]
    guard !hanging.isEmpty else { return rows }

    // Right to left, so that each message sits below the bars of the ones still pending.
    hanging.sort {
      $0.startColumn != $1.startColumn
        ? $0.startColumn > $1.startColumn : $0.kind == .primary && $1.kind != .primary
    }
    var connector = StyledRow()
    for a in hanging { connector.put("|", at: a.startColumn, style: style(a)) }
    rows.append(connector)
    for (index, a) in hanging.enumerated() {
      var row = StyledRow()
      for pending in hanging[(index + 1)...] {
        row.put("|", at: pending.startColumn, style: style(pending))
      }
      row.put(a.message, at: a.startColumn, style: style(a))
      rows.append(row)
    }
    return rows
  }
}
