import Testing
import VEDLDiagnostics
import VEDLSource
import VEDLTestSupport

@testable import VEDLIDE

/// Code actions from fix-its, and formatting.
@Suite struct EditTests {
  @Test func offGridTimesOfferTheSnappedValue() throws {
    let text = "track main {\n  clip testpattern() duration: 1010ms\n}"
    let (analysis, _) = IDETestSupport.analysis(text)
    let warning = try #require(analysis.diagnostics.first { $0.code.id == "W0401" })
    let actions = CodeActionProvider.actions(in: Span.point(warning.span.start), of: analysis)
    let action = try #require(actions.first)
    #expect(action.diagnostic == warning)
    #expect(action.isPreferred)
    let fixed = IDETestSupport.apply(action.edits, to: text)
    let (again, _) = IDETestSupport.analysis(fixed)
    #expect(!again.diagnostics.contains { $0.code.id == "W0401" }, "applying the fix removes the warning: \(fixed)")
    #expect(CodeActionProvider.actions(in: Span.point(0), of: analysis).isEmpty, "nothing away from the warning")
  }

  @Test func misspelledStatementsOfferTheSuggestion() throws {
    let text = "track main {\n  clip testpattern() duration: 1s {\n    zooom 2\n  }\n}"
    let (analysis, _) = IDETestSupport.analysis(text)
    let offset = TestText.byteOffset(of: "zooom", in: text)
    let action = try #require(CodeActionProvider.actions(in: Span(start: offset, end: offset + 2), of: analysis).first)
    #expect(IDETestSupport.apply(action.edits, to: text).contains("    zoom 2\n"))
  }

  @Test func formattingProducesTheCanonicalText() throws {
    let text = "track   main{\nclip testpattern()   duration: 1s\n}\n\n\n\ncanvas 10x10\n"
    let (syntax, _) = IDETestSupport.syntax(text)
    let edits = try #require(FormattingProvider.edits(for: syntax.parse))
    #expect(edits.count == 1)
    let formatted = IDETestSupport.apply(edits, to: text)
    #expect(formatted == "track main {\n  clip testpattern() duration: 1s\n}\n\ncanvas 10x10\n")
    let (canonical, _) = IDETestSupport.syntax(formatted)
    #expect(FormattingProvider.edits(for: canonical.parse) == [])
    let (broken, _) = IDETestSupport.syntax("track main {\n  clip (\n")
    #expect(FormattingProvider.edits(for: broken.parse) == nil)
  }

  @Test func formattingLeavesUnchangedLinesAlone() throws {
    let text = "vedl 1\n\ncanvas 10x10\nlet a   =  2s\nlet b = 3s\n"
    let (syntax, _) = IDETestSupport.syntax(text)
    let edit = try #require(FormattingProvider.edits(for: syntax.parse)?.first)
    #expect(syntax.file.text(edit.span) == "let a   =  2s\n")
    #expect(edit.newText == "let a = 2s\n")
  }

  @Test func formattingKeepsNonASCIIIntact() throws {
    let text = "track overlay {\n  text \"héllo 👋\"   at: 0s duration: 1s\n}\n"
    let (syntax, _) = IDETestSupport.syntax(text)
    let edits = try #require(FormattingProvider.edits(for: syntax.parse))
    #expect(IDETestSupport.apply(edits, to: text) == "track overlay {\n  text \"héllo 👋\" at: 0s duration: 1s\n}\n")
  }
}
