import Foundation
import Testing
import VEDLLowering
import VEDLSema

/// Word wrapping of a text in a `size width:` box: the shared greedy wrapping function, and
/// the lowering's `drawtext` lines with a fake measurer (no fonts needed).
@Suite struct TextWrappingTests {
  /// 10 pixels per character.
  static func tenPerCharacter(_ line: String) -> Int64 { Int64(line.count) * 10 }

  @Test func greedyBreaksFillEachLine() {
    let lines = TextWrapping.lines("aa bb cc dd ee", width: 50, measure: Self.tenPerCharacter)
    #expect(lines == ["aa bb", "cc dd", "ee"])
    // A line that exactly fits is kept; one pixel less breaks it.
    #expect(TextWrapping.lines("aa bb", width: 50, measure: Self.tenPerCharacter) == ["aa bb"])
    #expect(TextWrapping.lines("aa bb", width: 49, measure: Self.tenPerCharacter) == ["aa", "bb"])
  }

  @Test func aWordWiderThanTheBoxStaysWholeOnItsOwnLine() {
    let lines = TextWrapping.lines("a extraordinarily b c", width: 40, measure: Self.tenPerCharacter)
    #expect(lines == ["a", "extraordinarily", "b c"])
    #expect(TextWrapping.lines("unbreakable", width: 10, measure: Self.tenPerCharacter) == ["unbreakable"])
  }

  @Test func newlinesAlwaysBreak() {
    #expect(TextWrapping.lines("ab\ncd", width: 1000, measure: Self.tenPerCharacter) == ["ab", "cd"])
    #expect(TextWrapping.lines("aa bb\n\ncc", width: 30, measure: Self.tenPerCharacter) == ["aa", "bb", "", "cc"])
    // Without a width the text is only split at `\n`, however long its lines.
    #expect(TextWrapping.lines("aa bb cc\ndd", width: nil, measure: Self.tenPerCharacter) == ["aa bb cc", "dd"])
  }

  @Test func spacesAtABreakAreDroppedAndOthersKept() {
    #expect(TextWrapping.lines("aa  bb   cc", width: 60, measure: Self.tenPerCharacter) == ["aa  bb", "cc"])
    #expect(TextWrapping.lines("aa bb   ", width: 50, measure: Self.tenPerCharacter) == ["aa bb"])
    #expect(TextWrapping.lines("a  b", width: 100, measure: Self.tenPerCharacter) == ["a  b"])
    #expect(TextWrapping.lines("  aa bb cc", width: 50, measure: Self.tenPerCharacter) == ["  aa", "bb cc"])
  }

  /// Half the font size per character in DejaVu Sans (one run per line, ascent 0.8 and
  /// line height 1.2 of the size); any other font cannot be measured.
  struct FakeMeasurer: TextMeasuring {
    func measure(_ lines: [String], font: TextFont, size: Int64) -> MeasuredText? {
      guard font == .family("DejaVu Sans") else { return nil }
      return MeasuredText(
        lines: lines.map { line in
          let width = Int64(line.count) * size / 2
          return MeasuredText.Line(
            runs: line.isEmpty ? [] : [MeasuredText.Run(text: line, font: font, offset: 0, width: width)],
            width: width)
        }, ascent: size * 4 / 5, lineHeight: size * 6 / 5)
    }
  }

  /// The `text=` of every `drawtext` in the lowered graph of `body`.
  static func drawnTexts(_ body: String, measurer: (any TextMeasuring)?) throws -> [String] {
    let script = """
      canvas 320x180 fps: 30
      track main { clip color(black) duration: 1s }
      \(body)
      """
    let timeline = try Harness.timeline(script, directory: "/project", media: nil)
    let graph = try Harness.graph(timeline, options: LoweringOptions(baseDirectory: "/project", textMeasurer: measurer))
    return graph.chains.flatMap(\.filters).filter { $0.name == "drawtext" }.compactMap { filter in
      filter.options.first { $0.key == "text" }?.value
    }
  }

  @Test func theLoweringDrawsEachWrappedLineWithAMeasurer() throws {
    // 20 px font: 10 px per character; the box is 130 wide less 2×5 padding = 120 px.
    let body = #"""
      track overlay { text "one two three four five" at: 0s duration: 1s { font "DejaVu Sans" size: 20; box #000000 padding: 5; size width: 130 } }
      """#
    let wrapped = try Self.drawnTexts(body, measurer: FakeMeasurer())
    #expect(wrapped == ["one two", "three four", "five"])
    #expect(try Self.drawnTexts(body, measurer: nil) == ["one two three four five"])
  }

  @Test func leadingAlignmentDrawsTheWrappedLinesAsOneBlock() throws {
    let body = #"""
      track overlay { text "one two three four" at: 0s duration: 1s { font "DejaVu Sans" size: 20; size width: 100; align leading } }
      """#
    #expect(try Self.drawnTexts(body, measurer: FakeMeasurer()) == ["one two\nthree four"])
  }

  @Test func aTextWithoutABoxWidthOrAMeasurableFontIsNotWrapped() throws {
    let unsized = #"""
      track overlay { text "one two three four" at: 0s duration: 1s { font "DejaVu Sans" size: 20 } }
      """#
    #expect(try Self.drawnTexts(unsized, measurer: FakeMeasurer()) == ["one two three four"])
    let unknownFont = #"""
      track overlay { text "one two three four" at: 0s duration: 1s { font "Nowhere" size: 20; size width: 50 } }
      """#
    #expect(try Self.drawnTexts(unknownFont, measurer: FakeMeasurer()) == ["one two three four"])
  }

  @Test func timelinesTellWhetherTheyHaveSizedText() throws {
    func timeline(_ body: String) throws -> Timeline {
      try Harness.timeline(
        "canvas 320x180 fps: 30\ntrack main { clip color(black) duration: 1s }\n\(body)", directory: "/project",
        media: nil)
    }
    #expect(try timeline(#"track overlay { text "a b" at: 0s duration: 1s { size width: 50 } }"#).hasSizedText)
    #expect(try !timeline(#"track overlay { text "a b" at: 0s duration: 1s { font "Sans" size: 20 } }"#).hasSizedText)
  }
}
