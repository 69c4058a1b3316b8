/// Generates the diagnostics catalogue documentation under `docs/diagnostics/`: one page
/// per code (`E0101.md`, the ``DiagnosticExplanation`` page plus a notice that the file is
/// generated) and a `README.md` index table. The files are checked in and a test keeps them
/// equal to this output; `VEDL_UPDATE_DOCS=1 swift test --filter CatalogueConsistency`
/// (or `scripts/gen-diagnostic-docs.sh`) rewrites them.
public enum DiagnosticDocs {
  /// The directory, relative to the repository root, that holds the generated pages.
  public static let directory = "docs/diagnostics"

  /// The name of the index page in ``directory``.
  public static let indexFileName = "README.md"

  /// The first line of every generated file, so that nobody edits one by hand.
  public static let generatedNotice =
    "<!-- Generated from the diagnostic catalogue (Sources/VEDLDiagnostics/DiagnosticCatalogue*.swift)."
    + " Do not edit: run scripts/gen-diagnostic-docs.sh. -->"

  /// The file name of the page for `code`, e.g. `E0101.md`.
  public static func pageFileName(for code: DiagnosticCode) -> String { code.id + ".md" }

  /// The docs page for `entry`: the generated notice, then the explain page, then a link
  /// back to the index.
  public static func page(for entry: CatalogueEntry) -> String {
    generatedNotice + "\n\n" + DiagnosticExplanation.page(for: entry)
      + "\n[All diagnostics](\(indexFileName))\n"
  }

  /// The index: a table of code (linked to its page), severity and title, sorted by code.
  public static func index(for entries: [CatalogueEntry]) -> String {
    var out = generatedNotice + "\n\n# Diagnostics\n\n"
    out += "Every diagnostic VEDL reports has a stable code. `vedl explain CODE` prints the page\n"
    out += "for a code; the same pages are linked below. Codes are never reused: `E01xx` lexical,\n"
    out += "`E02xx` syntax, `E03xx` names and types, `E04xx` timing, `E05xx` media and files,\n"
    out +=
      "`E06xx` captions, `E07xx` editor, `E08xx` exports and rendering; warnings use the same\n"
    out += "ranges with a `W` prefix.\n\n"
    out += "| code | severity | title |\n| --- | --- | --- |\n"
    for entry in entries.sorted(by: { $0.code < $1.code }) {
      let title = entry.title.replacingPipes()
      out +=
        "| [\(entry.code.id)](\(pageFileName(for: entry.code))) | \(entry.severity.rawValue) | \(title) |\n"
    }
    return out
  }

  /// Every generated file: name within ``directory`` → contents (the index and one page per
  /// entry).
  public static func files(for entries: [CatalogueEntry] = DiagnosticCatalogue.all) -> [String:
    String]
  {
    var files = [indexFileName: index(for: entries)]
    for entry in entries {
      files[pageFileName(for: entry.code)] = page(for: entry)
    }
    return files
  }
}

extension String {
  /// The string with `|` escaped so that it stays inside one Markdown table cell.
  fileprivate func replacingPipes() -> String {
    var out = ""
    for character in self {
      if character == "|" { out += "\\|" } else { out.append(character) }
    }
    return out
  }
}
