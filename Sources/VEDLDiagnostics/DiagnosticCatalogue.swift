/// One catalogue entry: what a code means, how serious it is by default, and the page that
/// `vedl explain CODE` prints (also kept as `docs/diagnostics/CODE.md`).
public struct CatalogueEntry: Sendable, Hashable {
  public let code: DiagnosticCode
  public let severity: Severity
  /// Short lowercase summary, e.g. "unterminated string literal".
  public let title: String
  /// Markdown body: what is wrong, a small example that triggers it, and how to fix it.
  public let explanation: String

  public init(_ code: String, _ severity: Severity, _ title: String, explanation: String) {
    self.code = DiagnosticCode(code)
    self.severity = severity
    self.title = title
    self.explanation = explanation
  }
}

/// The single list of every diagnostic code the compiler can emit. Each area keeps its
/// entries in its own file (`DiagnosticCatalogue+Lexical.swift`, …); `all` joins them.
/// Tests fail when a code lacks an entry, a docs page or a test that triggers it.
public enum DiagnosticCatalogue {
  /// Every entry, sorted by code.
  public static let all: [CatalogueEntry] = {
    let entries =
      lexical + syntax + files + names + timing + motion + audio + media + exports + interchange + captions + editor
      + render + plans + preview + looks + timeOperations
    return entries.sorted { $0.code < $1.code }
  }()

  private static let byCode: [DiagnosticCode: CatalogueEntry] = {
    var table: [DiagnosticCode: CatalogueEntry] = [:]
    for entry in all { table[entry.code] = entry }
    return table
  }()

  /// The entry for `code`, or `nil` for an unknown code.
  public static func entry(for code: DiagnosticCode) -> CatalogueEntry? { byCode[code] }
}
