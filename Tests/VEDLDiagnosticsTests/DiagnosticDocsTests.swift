import Testing

@testable import VEDLDiagnostics

/// The explain page and the generated docs, built from entries made up for the test (so the
/// generator is checked independently of what the real catalogue holds today).
@Suite struct DiagnosticDocsTests {
  let sample = CatalogueEntry(
    "W0999", .warning, "a title | with a pipe",
    explanation: """
      Body text.

      ```vedl
      gap 1s
      ```

      """)
  let other = CatalogueEntry("E0998", .error, "another", explanation: "Short.")

  @Test func explainPageHasHeadingSeverityAndExplanation() {
    #expect(
      DiagnosticExplanation.page(for: sample) == """
        # W0999: a title | with a pipe

        Severity: warning

        Body text.

        ```vedl
        gap 1s
        ```

        """)
  }

  @Test func docsPageIsTheExplainPageWithNoticeAndIndexLink() {
    let page = DiagnosticDocs.page(for: other)
    #expect(
      page == DiagnosticDocs.generatedNotice
        + "\n\n# E0998: another\n\nSeverity: error\n\nShort.\n\n[All diagnostics](README.md)\n")
    #expect(DiagnosticDocs.pageFileName(for: other.code) == "E0998.md")
  }

  @Test func indexListsEntriesSortedWithEscapedPipes() {
    let index = DiagnosticDocs.index(for: [sample, other])
    #expect(index.hasPrefix(DiagnosticDocs.generatedNotice + "\n\n# Diagnostics\n"))
    #expect(
      index.hasSuffix(
        """
        | code | severity | title |
        | --- | --- | --- |
        | [E0998](E0998.md) | error | another |
        | [W0999](W0999.md) | warning | a title \\| with a pipe |

        """))
  }

  @Test func filesAreTheIndexAndOnePagePerEntry() {
    let files = DiagnosticDocs.files(for: [sample, other])
    #expect(files.keys.sorted() == ["E0998.md", "README.md", "W0999.md"])
    #expect(files["W0999.md"] == DiagnosticDocs.page(for: sample))
    #expect(files["README.md"] == DiagnosticDocs.index(for: [sample, other]))
  }

  @Test func explainLooksUpWhatAUserTypes() throws {
    let entry = try #require(DiagnosticCatalogue.all.first)
    #expect(DiagnosticExplanation.entry(matching: entry.code.id)?.code == entry.code)
    #expect(
      DiagnosticExplanation.entry(matching: "  \(entry.code.id.lowercased())\n")?.code == entry.code
    )
    #expect(DiagnosticExplanation.page(for: entry.code) == DiagnosticExplanation.page(for: entry))
    #expect(DiagnosticExplanation.entry(matching: "E9999") == nil)
    #expect(DiagnosticExplanation.entry(matching: "0101") == nil)
    #expect(DiagnosticExplanation.entry(matching: "") == nil)
    #expect(DiagnosticExplanation.page(for: DiagnosticCode("E9999")) == nil)
  }

  @Test func codeShapeAndPrefixSeverity() {
    #expect(DiagnosticCode("E0101").isWellFormed)
    #expect(DiagnosticCode("W0601").prefixSeverity == .warning)
    #expect(DiagnosticCode("E0601").prefixSeverity == .error)
    for bad in ["", "E101", "E01010", "e0101", "X0101", "E01a1", "E０101", "W 101"] {
      #expect(!DiagnosticCode(bad).isWellFormed, "\(bad)")
      #expect(DiagnosticCode(bad).prefixSeverity == nil, "\(bad)")
    }
    #expect(DiagnosticCode(parsing: " w0601 ") == DiagnosticCode("W0601"))
    #expect(DiagnosticCode(parsing: "E01") == nil)
  }
}
