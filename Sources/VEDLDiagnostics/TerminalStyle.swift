/// The handful of visual roles in rendered diagnostics, each mapped to one ANSI SGR
/// sequence. Rendering code names roles; only ``Painter`` turns them into escapes.
enum TerminalStyle: Sendable, Hashable {
  case error
  case warning
  case note
  case help
  case gutter
  case secondary
  case emphasis
  case insertion
  case deletion

  /// The SGR parameters for the role (rustc's palette).
  var sgr: String {
    switch self {
    case .error: "\u{1B}[1;31m"
    case .warning: "\u{1B}[1;33m"
    case .note: "\u{1B}[1;36m"
    case .help: "\u{1B}[1;36m"
    case .gutter: "\u{1B}[1;34m"
    case .secondary: "\u{1B}[1;34m"
    case .emphasis: "\u{1B}[1m"
    case .insertion: "\u{1B}[32m"
    case .deletion: "\u{1B}[31m"
    }
  }

  /// The role used for a severity's name, carets and summary word.
  static func of(_ severity: Severity) -> TerminalStyle {
    switch severity {
    case .error: .error
    case .warning: .warning
    case .note: .note
    }
  }

  /// Resets all attributes.
  static let reset = "\u{1B}[0m"
}

/// Applies ``TerminalStyle``s to text according to a ``TextColoring`` decision; with
/// `.plain` it returns text unchanged, so layout code is identical for both.
struct Painter: Sendable {
  let coloring: TextColoring

  /// `text` wrapped in the style's escape and a reset (or unchanged).
  func paint(_ text: String, _ style: TerminalStyle?) -> String {
    guard coloring == .ansi, let style, !text.isEmpty else { return text }
    return style.sgr + text + TerminalStyle.reset
  }
}

/// A row of display cells, each one column wide, with an optional style per cell. Used to
/// draw underline, connector and message rows where several annotations share a line.
struct StyledRow: Sendable {
  private(set) var cells: [(text: String, style: TerminalStyle?)] = []

  /// Writes `text` (one cell per Unicode scalar) starting at `column`, padding with spaces.
  mutating func put(_ text: String, at column: Int, style: TerminalStyle?) {
    var column = column
    for scalar in text.unicodeScalars {
      while cells.count <= column { cells.append((" ", nil)) }
      cells[column] = (String(scalar), style)
      column += 1
    }
  }

  /// The character currently at `column`, or a space.
  func character(at column: Int) -> String {
    column < cells.count ? cells[column].text : " "
  }

  /// Number of cells up to the last non-blank one.
  var trimmedCount: Int {
    var count = cells.count
    while count > 0, cells[count - 1].text == " " { count -= 1 }
    return count
  }

  /// The row as text, trailing spaces removed, runs of one style painted together.
  func rendered(with painter: Painter) -> String {
    var out = ""
    var run = ""
    var runStyle: TerminalStyle?
    for cell in cells.prefix(trimmedCount) {
      if cell.style != runStyle {
        out += painter.paint(run, runStyle)
        run = ""
        runStyle = cell.style
      }
      run += cell.text
    }
    out += painter.paint(run, runStyle)
    return out
  }
}
