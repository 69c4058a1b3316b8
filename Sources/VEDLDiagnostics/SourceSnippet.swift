import VEDLSource

/// A span to underline in a file, with its message, before it is mapped to lines.
struct SpanAnnotation: Sendable {
  let file: SourceFile
  /// Clamped to the file's bytes.
  let span: Span
  let kind: LineAnnotation.Kind
  let message: String

  /// Creates an annotation, clamping `span` into `file` so that no later step can index
  /// outside the buffer whatever span a caller passes.
  init(file: SourceFile, span: Span, kind: LineAnnotation.Kind, message: String) {
    let count = file.bytes.count
    let start = max(0, min(span.start, count))
    self.file = file
    self.span = Span(start: start, end: max(start, min(span.end, count)))
    self.kind = kind
    self.message = DisplayLine.singleLine(message)
  }
}

/// The source lines of one file that carry annotations, each followed by its underline
/// rows. Lines between two annotated lines are shown when there is only one of them, and
/// replaced by `...` otherwise (as rustc does). A long line is clipped around the primary
/// span when it is on that line, else around the line's annotations (``DisplayLine``).
enum SourceSnippet {
  /// Rendered lines for `annotations`, which all point into `file`.
  static func lines(
    for annotations: [SpanAnnotation], in file: SourceFile, tabWidth: Int,
    primaryStyle: TerminalStyle
  ) -> [RenderedLine] {
    let table = file.lines
    struct Placed {
      var annotation: SpanAnnotation
      var endLine: Int
    }
    var placed: [Int: [Placed]] = [:]
    for annotation in annotations {
      let span = annotation.span
      let startLine = table.lineIndex(of: span.start)
      var endLine = table.lineIndex(of: span.end)
      // A span that ends just after a line break does not reach into the next line.
      if endLine > startLine, table.starts[endLine] == span.end { endLine -= 1 }
      placed[startLine, default: []].append(Placed(annotation: annotation, endLine: endLine))
    }

    var displays: [Int: DisplayLine] = [:]
    var byLine: [Int: [LineAnnotation]] = [:]
    for (index, onLine) in placed {
      let lineEnd = table.lineSpan(index).end
      func bytes(_ p: Placed) -> Range<Int> {
        let span = p.annotation.span
        return span.start..<max(span.start, p.endLine > index ? lineEnd : span.end)
      }
      let focused = onLine.filter { $0.annotation.kind == .primary }
      let ranges = (focused.isEmpty ? onLine : focused).map(bytes)
      let focus = ranges.dropFirst().reduce(ranges[0]) {
        min($0.lowerBound, $1.lowerBound)..<max($0.upperBound, $1.upperBound)
      }
      let line = DisplayLine(file: file, lineIndex: index, tabWidth: tabWidth, focus: focus)
      displays[index] = line
      for p in onLine {
        let span = p.annotation.span
        let startColumn = line.startColumn(of: span.start)
        var endColumn: Int
        var message = p.annotation.message
        if p.endLine > index {
          endColumn = max(line.width, startColumn + 1)
          let continuation = "continues to line \(p.endLine + 1)"
          message = message.isEmpty ? continuation : "\(message) (\(continuation))"
        } else {
          endColumn = max(line.endColumn(of: span.end), startColumn + 1)
        }
        byLine[index, default: []].append(
          LineAnnotation(
            startColumn: startColumn, endColumn: endColumn, kind: p.annotation.kind, message: message))
      }
    }

    var out: [RenderedLine] = []
    var previous: Int?
    for index in byLine.keys.sorted() {
      if let previous {
        if index - previous == 2 {
          let between = DisplayLine(file: file, lineIndex: previous + 1, tabWidth: tabWidth)
          out.append(.source(lineNumber: previous + 2, marker: .plain, text: between.text))
        } else if index - previous > 2 {
          out.append(.ellipsis)
        }
      }
      out.append(.source(lineNumber: index + 1, marker: .plain, text: displays[index]?.text ?? ""))
      for row in AnnotationRows.rows(for: byLine[index] ?? [], primaryStyle: primaryStyle) {
        out.append(.annotation(row))
      }
      previous = index
    }
    return out
  }
}
