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
/// replaced by `...` otherwise (as rustc does).
enum SourceSnippet {
  /// Rendered lines for `annotations`, which all point into `file`.
  static func lines(
    for annotations: [SpanAnnotation], in file: SourceFile, tabWidth: Int,
    primaryStyle: TerminalStyle
  ) -> [RenderedLine] {
    var displays: [Int: DisplayLine] = [:]
    func display(_ index: Int) -> DisplayLine {
      if let cached = displays[index] { return cached }
      let line = DisplayLine(file: file, lineIndex: index, tabWidth: tabWidth)
      displays[index] = line
      return line
    }

    var byLine: [Int: [LineAnnotation]] = [:]
    for annotation in annotations {
      let table = file.lines
      let span = annotation.span
      let startLine = table.lineIndex(of: span.start)
      var endLine = table.lineIndex(of: span.end)
      // A span that ends just after a line break does not reach into the next line.
      if endLine > startLine, table.starts[endLine] == span.end { endLine -= 1 }
      let line = display(startLine)
      let startColumn = line.startColumn(of: span.start)
      var endColumn: Int
      var message = annotation.message
      if endLine > startLine {
        endColumn = max(line.width, startColumn + 1)
        let continuation = "continues to line \(endLine + 1)"
        message = message.isEmpty ? continuation : "\(message) (\(continuation))"
      } else {
        endColumn = max(line.endColumn(of: span.end), startColumn + 1)
      }
      byLine[startLine, default: []].append(
        LineAnnotation(
          startColumn: startColumn, endColumn: endColumn, kind: annotation.kind, message: message))
    }

    var out: [RenderedLine] = []
    var previous: Int?
    for index in byLine.keys.sorted() {
      if let previous {
        if index - previous == 2 {
          out.append(
            .source(lineNumber: previous + 2, marker: .plain, text: display(previous + 1).text))
        } else if index - previous > 2 {
          out.append(.ellipsis)
        }
      }
      out.append(.source(lineNumber: index + 1, marker: .plain, text: display(index).text))
      for row in AnnotationRows.rows(for: byLine[index] ?? [], primaryStyle: primaryStyle) {
        out.append(.annotation(row))
      }
      previous = index
    }
    return out
  }
}
