/// One line of a rendered diagnostic before the gutter is drawn. The gutter width depends
/// on the largest line number shown anywhere in the diagnostic, so snippets are collected
/// as these values first and formatted together by ``RenderedLine/format(_:painter:)``.
enum RenderedLine: Sendable {
  /// Text printed as is from column 0 (header, `help:` lines); already painted.
  case flush(String)
  /// `  |` with nothing after it.
  case blankGutter
  /// ` --> path:line:column` (`arrow` is `-->` or `:::`).
  case origin(arrow: String, location: String)
  /// `N | text` (numbers left-aligned, as rustc prints them); `marker` is `|` normally,
  /// `-`/`+` in a deletion preview.
  case source(lineNumber: Int, marker: SourceMarker, text: String)
  /// `  | ` followed by an underline, connector or message row.
  case annotation(StyledRow)
  /// `...` for elided source lines.
  case ellipsis
  /// `  = note: text` (continuation lines indented under the text).
  case note(String)

  /// The gutter marker of a source line.
  enum SourceMarker: Sendable {
    case plain
    case removed
    case added
  }

  /// Formats `lines` with a gutter wide enough for every line number among them.
  static func format(_ lines: [RenderedLine], painter: Painter) -> String {
    var widest = 1
    for case .source(let number, _, _) in lines {
      widest = max(widest, String(number).count)
    }
    let pad = String(repeating: " ", count: widest)
    let bar = painter.paint("|", .gutter)
    var out = ""
    for line in lines {
      switch line {
      case .flush(let text):
        out += text
      case .blankGutter:
        out += pad + " " + bar
      case .origin(let arrow, let location):
        out += pad + painter.paint(arrow, .gutter) + " " + location
      case .source(let number, let marker, let text):
        let digits = String(number)
        let label = digits + String(repeating: " ", count: widest - digits.count)
        let markerText: String
        switch marker {
        case .plain: markerText = bar
        case .removed: markerText = painter.paint("-", .deletion)
        case .added: markerText = painter.paint("+", .insertion)
        }
        out += painter.paint(label, .gutter) + " " + markerText
        if !text.isEmpty {
          switch marker {
          case .plain: out += " " + text
          case .removed: out += " " + painter.paint(text, .deletion)
          case .added: out += " " + painter.paint(text, .insertion)
          }
        }
      case .annotation(let row):
        out += pad + " " + bar
        if row.trimmedCount > 0 { out += " " + row.rendered(with: painter) }
      case .ellipsis:
        out += painter.paint("...", .gutter)
      case .note(let text):
        let prefix =
          pad + " " + painter.paint("=", .gutter) + " " + painter.paint("note", .emphasis) + ": "
        let indent = String(repeating: " ", count: widest + 1 + "= note: ".count)
        out +=
          prefix
          + text.split(separator: "\n", omittingEmptySubsequences: false).joined(
            separator: "\n" + indent)
      }
      out += "\n"
    }
    return out
  }
}
