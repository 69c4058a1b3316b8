/// A stable diagnostic code such as `E0101`. Every code has exactly one entry in
/// ``DiagnosticCatalogue`` (its title, default severity and explanation) and one page under
/// `docs/diagnostics/`. Codes are never reused once published.
///
/// Numbering: `E01xx` lexical, `E02xx` syntax, `E03xx` names and types, `E04xx` timing,
/// `E05xx` media and files, `E06xx` captions, `E07xx` editor, `E08xx` exports and rendering;
/// warnings use the same ranges with a `W` prefix.
public struct DiagnosticCode: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The code as printed, e.g. `"E0101"`.
  public let id: String

  public init(_ id: String) { self.id = id }

  public var description: String { id }

  public static func < (a: DiagnosticCode, b: DiagnosticCode) -> Bool { a.id < b.id }

  /// The catalogue's default severity for this code (`W…` warnings, everything else errors
  /// unless the catalogue says otherwise).
  public var defaultSeverity: Severity {
    DiagnosticCatalogue.entry(for: self)?.severity ?? (id.hasPrefix("W") ? .warning : .error)
  }
}
