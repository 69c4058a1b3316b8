import VEDLSource

/// Renders diagnostics as text the way rustc does: a header with severity, code and
/// message, the `file:line:column` of the primary span, the source line(s) with `^` under
/// the primary span and `-` under secondary labels (labels in other files get their own
/// `:::` header), then `= note:` lines, the `help:` line, and each fix-it as `help:`
/// followed by the edited source.
///
/// ```
/// error[E0101]: unterminated string literal
///  --> path/file.vedl:3:8
///   |
/// 3 |   text "Hello at: 0s
///   |        ^^^^^^^^^^^^^ string starts here
///   |
///   = note: strings cannot span lines
/// help: close the string with `"`
/// ```
///
/// Columns are counted in Unicode scalars (as in ``LineTable``), tabs expand to
/// ``tabWidth`` spaces, and control characters are made visible, so carets line up. A
/// label whose span is exactly the primary span (in the same file) is printed as the
/// primary caret's message rather than as a separate `-` underline.
///
/// The renderer is a pure function of its inputs: whether to colour is decided outside
/// (see ``ColorMode``) and passed in as ``coloring``.
public struct TextRenderer: Sendable {
  /// Plain text or ANSI colour.
  public var coloring: TextColoring
  /// Columns a tab in a source line occupies (it is always expanded to this many spaces,
  /// like rustc, so that the result does not depend on the terminal's tab stops).
  public var tabWidth: Int

  /// Creates a renderer; plain text and 4-column tabs by default.
  public init(coloring: TextColoring = .plain, tabWidth: Int = 4) {
    self.coloring = coloring
    self.tabWidth = max(1, tabWidth)
  }

  /// Renders `diagnostics` in the order given, each followed by an empty line (as a
  /// compiler prints them one after another). Append ``summary(of:)`` for the final line.
  public func render(_ diagnostics: [Diagnostic]) -> String {
    diagnostics.map { render($0) + "\n" }.joined()
  }

  /// Renders one diagnostic; every line, the last included, ends in `\n`.
  public func render(_ diagnostic: Diagnostic) -> String {
    let painter = Painter(coloring: coloring)
    let severityStyle = TerminalStyle.of(diagnostic.severity)
    var lines: [RenderedLine] = []

    let heading = "\(diagnostic.severity.rawValue)[\(diagnostic.code.id)]"
    let message = DisplayLine.sanitized(diagnostic.message)
    lines.append(
      .flush(painter.paint(heading, severityStyle) + painter.paint(": " + message, .emphasis)))

    // The primary caret takes the message of a label on exactly the same span.
    let file = diagnostic.file
    var labels = diagnostic.labels
    var primaryMessage = ""
    if let index = labels.firstIndex(where: {
      isSameFile($0.file, file) && $0.span == diagnostic.span
    }) {
      primaryMessage = labels.remove(at: index).message
    }

    // Group annotations by file, the diagnostic's own file first.
    var groups: [(file: SourceFile, annotations: [SpanAnnotation])] = [
      (
        file,
        [SpanAnnotation(file: file, span: diagnostic.span, kind: .primary, message: primaryMessage)]
      )
    ]
    for label in labels {
      let labelFile = label.file ?? file
      let annotation = SpanAnnotation(
        file: labelFile, span: label.span, kind: .secondary, message: label.message)
      if let index = groups.firstIndex(where: { $0.file.path == labelFile.path }) {
        groups[index].annotations.append(annotation)
      } else {
        groups.append((labelFile, [annotation]))
      }
    }

    for (index, group) in groups.enumerated() {
      let anchor =
        index == 0
        ? group.annotations[0].span.start : group.annotations.map(\.span.start).min() ?? 0
      let location = group.file.lines.location(of: anchor)
      if index > 0 { lines.append(.blankGutter) }
      lines.append(
        .origin(arrow: index == 0 ? "-->" : ":::", location: "\(group.file.path):\(location)"))
      lines.append(.blankGutter)
      lines += SourceSnippet.lines(
        for: group.annotations, in: group.file, tabWidth: tabWidth, primaryStyle: severityStyle)
    }

    if !diagnostic.notes.isEmpty || diagnostic.help != nil || !diagnostic.fixIts.isEmpty {
      lines.append(.blankGutter)
    }
    for note in diagnostic.notes {
      lines.append(.note(DisplayLine.sanitized(note)))
    }
    if let help = diagnostic.help {
      lines.append(.flush(helpLine(help, painter: painter)))
    }
    for fixIt in diagnostic.fixIts {
      lines.append(.flush(helpLine(fixItMessage(fixIt), painter: painter)))
      let preview = FixItPreview.lines(for: fixIt, in: file, tabWidth: tabWidth)
      if !preview.isEmpty {
        lines.append(.blankGutter)
        lines += preview
      }
    }
    return RenderedLine.format(lines, painter: painter)
  }

  /// The closing line of a run, rustc style: `error: 2 errors and 1 warning emitted`, or
  /// `warning: 1 warning emitted` when there are only warnings; `nil` when there are
  /// neither errors nor warnings (notes are not counted). Ends in `\n`.
  public func summary(of diagnostics: [Diagnostic]) -> String? {
    let errors = diagnostics.count { $0.severity == .error }
    let warnings = diagnostics.count { $0.severity == .warning }
    guard errors + warnings > 0 else { return nil }
    func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
    let painter = Painter(coloring: coloring)
    let severity: Severity = errors > 0 ? .error : .warning
    var parts: [String] = []
    if errors > 0 { parts.append(counted(errors, "error")) }
    if warnings > 0 { parts.append(counted(warnings, "warning")) }
    return painter.paint(severity.rawValue, TerminalStyle.of(severity))
      + painter.paint(": " + parts.joined(separator: " and ") + " emitted", .emphasis) + "\n"
  }

  /// `help: text`, continuation lines indented under the text.
  private func helpLine(_ text: String, painter: Painter) -> String {
    let indent = String(repeating: " ", count: "help: ".count)
    let body = DisplayLine.sanitized(text).split(separator: "\n", omittingEmptySubsequences: false)
      .joined(separator: "\n" + indent)
    return painter.paint("help", .help) + ": " + body
  }

  /// The fix-it's own message, or a description of the edit when it has none.
  private func fixItMessage(_ fixIt: FixIt) -> String {
    if !fixIt.message.isEmpty { return fixIt.message }
    if fixIt.replacement.isEmpty { return "remove this" }
    var shown = ""
    for scalar in fixIt.replacement.unicodeScalars {
      switch scalar {
      case "\n": shown += "\\n"
      case "\r": shown += "\\r"
      case "\t": shown += "\\t"
      default: shown += DisplayLine.visible(scalar)
      }
    }
    return fixIt.span.start == fixIt.span.end ? "insert `\(shown)`" : "replace with `\(shown)`"
  }

  /// Whether a label's file (`nil` meaning the diagnostic's own) is `file`.
  private func isSameFile(_ labelFile: SourceFile?, _ file: SourceFile) -> Bool {
    guard let labelFile else { return true }
    return labelFile.path == file.path
  }
}
