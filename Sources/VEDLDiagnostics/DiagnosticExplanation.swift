/// The page `vedl explain CODE` prints: a heading with the code and title, the default
/// severity, and the catalogue's Markdown explanation. The same text, with a generated-file
/// notice, is kept as `docs/diagnostics/CODE.md` (see ``DiagnosticDocs``).
public enum DiagnosticExplanation {
  /// The explanation page for `entry`, ending in `\n`:
  ///
  /// ```markdown
  /// # E0101: unterminated string literal
  ///
  /// Severity: error
  ///
  /// A string literal was opened …
  /// ```
  public static func page(for entry: CatalogueEntry) -> String {
    var page = "# \(entry.code.id): \(entry.title)\n\n"
    page += "Severity: \(entry.severity.rawValue)\n\n"
    page += trimmedTrailingWhitespace(entry.explanation) + "\n"
    return page
  }

  /// The explanation page for `code`, or `nil` if the catalogue has no such code.
  public static func page(for code: DiagnosticCode) -> String? {
    DiagnosticCatalogue.entry(for: code).map { page(for: $0) }
  }

  /// The catalogue entry for what a user typed after `vedl explain` (`E0101`, `e0101`,
  /// surrounding spaces allowed), or `nil` when it is not a known code.
  public static func entry(matching query: String) -> CatalogueEntry? {
    guard let code = DiagnosticCode(parsing: query) else { return nil }
    return DiagnosticCatalogue.entry(for: code)
  }

  /// `text` without trailing spaces or line breaks (explanations are multi-line literals).
  private static func trimmedTrailingWhitespace(_ text: String) -> String {
    var text = Substring(text)
    while let last = text.last, last == " " || last == "\n" || last == "\t" || last == "\r" {
      text.removeLast()
    }
    return String(text)
  }
}
