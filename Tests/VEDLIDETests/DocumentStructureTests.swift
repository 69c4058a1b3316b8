import Foundation
import Testing
import VEDLSema
import VEDLSource
import VEDLTestSupport

@testable import VEDLIDE

/// Outline, folding, semantic tokens and inlay hints.
@Suite struct DocumentStructureTests {
  @Test func outlineHasTracksWithTheirItems() throws {
    let (analysis, _) = IDETestSupport.analysis(TestText.demoEdit)
    #expect(analysis.timeline != nil)
    let symbols = DocumentSymbolProvider.symbols(in: analysis)
    #expect(
      symbols.map(\.name) == [
        "title", "accent", "canvas", "bars", "night", "beep", "track main", "track overlay \"titles\"",
        "track audio \"tone\"", "captions", "export",
      ])
    let main = try #require(symbols.first { $0.name == "track main" })
    #expect(main.kind == .track)
    #expect(main.children.map(\.name) == ["clip opening", "crossfade 1s", "clip closing"])
    #expect(
      main.children.map(\.detail) == ["00:00:00:00–00:00:03:00", "00:00:02:00–00:00:03:00", "00:00:02:00–00:00:06:00"])
    #expect(main.children[2].children.isEmpty, "modifiers stay out of the outline")
    let overlay = try #require(symbols.first { $0.kind == .track && $0.name.contains("titles") })
    #expect(overlay.children.map(\.kind) == [.text, .shape])
    let captions = try #require(symbols.first { $0.kind == .captions })
    #expect(captions.children.map(\.name) == ["cue \"Captions\""])
    for symbol in symbols {
      #expect(symbol.span.start <= symbol.selectionSpan.start && symbol.selectionSpan.end <= symbol.span.end)
    }
  }

  @Test func foldingCoversBlocksAndCommentRuns() {
    let text =
      "// one\n// two\ntrack main {\n  clip testpattern() {\n    zoom 2\n  }\n}\n/* a\n b */\ncanvas 10x10 {}\n"
    let (syntax, _) = IDETestSupport.syntax(text)
    let ranges = FoldingRangeProvider.ranges(in: syntax.parse)
    let described = ranges.map { r in
      "\(r.kind.rawValue) \(syntax.file.lines.lineIndex(of: r.span.start))-\(syntax.file.lines.lineIndex(of: r.span.end - 1))"
    }
    #expect(described == ["comment 0-1", "region 2-6", "region 3-5", "comment 7-8"])
  }

  @Test func semanticTokensClassifyByRole() {
    let text = """
      param title: String = "x"
      let bars = testpattern()
      track main {
        clip bars duration: 2s id: first muted {
          mirror horizontal
        }
      }
      track overlay {
        text "a \\(title)" at: first.end duration: 1s // note
      }
      """
    let (syntax, _) = IDETestSupport.syntax(text)
    let tokens = SemanticTokenProvider.tokens(in: syntax)
    func kind(_ needle: String, _ n: Int = 0) -> SemanticToken.Kind? {
      let offset = TestText.byteOffset(of: needle, in: text, occurrence: n)
      return tokens.first { $0.span.start == offset }?.kind
    }
    #expect(kind("param") == .keyword)
    #expect(kind("title") == .parameter)
    #expect(kind("String") == .type)
    #expect(kind("bars") == .variable)
    #expect(kind("testpattern") == .function)
    #expect(kind("track") == .statement)
    #expect(kind("main") == .enumMember)
    #expect(kind("bars", 1) == .variable)
    #expect(kind("duration") == .label)
    #expect(kind("2s") == .number)
    #expect(kind("first") == .item)
    #expect(kind("muted") == .enumMember)
    #expect(kind("horizontal") == .enumMember)
    #expect(kind("title", 1) == .parameter, "names inside interpolations are highlighted as code")
    #expect(kind("\"a ") == .string)
    #expect(kind("first", 1) == .item)
    #expect(kind("end ") == .member)
    #expect(kind("// note") == .comment)
    let declaration = tokens.first { $0.span.start == TestText.byteOffset(of: "first", in: text) }
    #expect(declaration?.modifiers.contains(.declaration) == true)
    for (a, b) in zip(tokens, tokens.dropFirst()) {
      #expect(a.span.end <= b.span.start, "tokens are sorted and do not overlap")
    }
  }

  @Test func inlayHintsShowEachItemsPlace() throws {
    let (analysis, _) = IDETestSupport.analysis(TestText.demoEdit)
    let all = InlayHintProvider.hints(in: Span(start: 0, end: analysis.file.bytes.count), of: analysis)
    #expect(
      all.map(\.label) == [
        "00:00:00:00–00:00:03:00", "00:00:02:00–00:00:06:00", "00:00:01:00–00:00:03:00", "00:00:03:00–00:00:06:00",
        "00:00:00:00–00:00:06:00",
      ])
    let first = try #require(all.first)
    #expect(analysis.file.text(Span(start: first.offset - 11, end: first.offset)) == "id: opening")
    #expect(first.tooltip.contains("frame 90"))
    let firstLine = TestText.byteOffset(of: "crossfade", in: TestText.demoEdit)
    #expect(InlayHintProvider.hints(in: Span(start: 0, end: firstLine), of: analysis).count == 1)
  }

  @Test func noTimingWhileTheFileHasErrors() {
    let (analysis, _) = IDETestSupport.analysis("track main {\n  clip testpattern() duration: 2s at: 1s\n}")
    #expect(analysis.timeline == nil)
    #expect(InlayHintProvider.hints(in: Span(start: 0, end: 1000), of: analysis).isEmpty)
    let symbols = DocumentSymbolProvider.symbols(in: analysis)
    #expect(symbols.first?.children.first?.detail == "testpattern() duration: 2s at: 1s", "the arguments, not a time")
  }

  @Test func theLocatorPairsEveryItemOfTheSamples() throws {
    for name in ["demo", "template", "editor"] {
      let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples/\(name).vedl")
      guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
      let analysis = DocumentAnalysis.analyze(
        SourceFile(path: url.path, text: text),
        options: AnalysisOptions(baseDirectory: url.deletingLastPathComponent().path))
      guard let timeline = analysis.timeline else { continue }
      let locator = TimelineLocator(statements: analysis.syntax.statements, timeline: timeline)
      var located = 0
      for entry in analysis.syntax.statements.entries {
        guard case .item(let t, let i)? = locator.placement(of: entry.statement) else { continue }
        located += 1
        let item = timeline.tracks[t].items[i]
        #expect(item.kind.rawValue == entry.statement.name.name)
        if let id = entry.statement.argument("id"), case .name(let word) = id.value.kind {
          #expect(item.id == word.name)
        }
      }
      #expect(located == timeline.tracks.reduce(0) { $0 + $1.items.count }, "every item of \(name) is found")
    }
  }
}
