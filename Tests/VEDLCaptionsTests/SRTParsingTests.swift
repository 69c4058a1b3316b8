import Testing
import VEDLCaptions
import VEDLSource
import VEDLTime

@Suite struct SRTParsingTests {
  @Test func readsCuesWithExactTimesTextAndSpans() {
    let p = ParsedCaptions(
      """
      1
      00:00:01,500 --> 00:00:04,000
      Hello
      world

      2
      00:01:02,250 --> 01:00:00,000
      Second
      """)
    #expect(p.codes == [])
    #expect(p.cues.count == 2)
    let first = p.cues[0]
    #expect(first.start == seconds(3, 2))
    #expect(first.end == seconds(4))
    #expect(first.text == "Hello\nworld")
    #expect(first.identifier == "1")
    #expect(first.settings == nil)
    #expect(p.range(first.span) == "1:1-4:6")
    #expect(p.range(first.timingSpan) == "2:1-2:30")
    #expect(p.text(first.timingSpan) == "00:00:01,500 --> 00:00:04,000")
    let second = p.cues[1]
    #expect(second.start == seconds(249, 4))
    #expect(second.end == seconds(3600))
    #expect(second.text == "Second")
    #expect(second.identifier == "2")
    #expect(p.range(second.span) == "6:1-8:7")
  }

  @Test func hoursMayHaveMoreThanTwoDigits() {
    let p = ParsedCaptions("1\n100:00:00,000 --> 100:00:00,001\nLong\n")
    #expect(p.codes == [])
    #expect(p.cues.first?.start == seconds(360_000))
    #expect(p.cues.first?.end == seconds(360_000_001, 1000))
  }

  @Test func missingCueNumberWarnsOnceAndKeepsTheCues() {
    let p = ParsedCaptions(
      """
      00:00:01,000 --> 00:00:02,000
      One

      00:00:03,000 --> 00:00:04,000
      Two
      """)
    #expect(p.codes == ["W0601"])
    #expect(p.diagnostics[0].message == "cue has no number")
    #expect(p.at(p.diagnostics[0].span) == "1:1")
    #expect(p.diagnostics[0].notes == ["this occurs 1 more time in this file"])
    #expect(p.cues.map(\.text) == ["One", "Two"])
    #expect(p.cues.map(\.identifier) == [nil, nil])
    #expect(p.range(p.cues[1].span) == "4:1-5:4")
  }

  @Test func nonNumericCueNumberWarnsAndBecomesTheIdentifier() {
    let p = ParsedCaptions("intro\n00:00:01,000 --> 00:00:02,000\nHi\n")
    #expect(p.codes == ["W0601"])
    #expect(p.diagnostics[0].message == "cue number `intro` is not a number")
    #expect(p.range(p.diagnostics[0].span) == "1:1-1:6")
    #expect(p.cues.map(\.identifier) == ["intro"])
  }

  @Test func whitespaceOnlyLinesSeparateCues() {
    let p = ParsedCaptions("1\n00:00:01,000 --> 00:00:02,000\nA\n   \t\n2\n00:00:03,000 --> 00:00:04,000\nB\n")
    #expect(p.codes == [])
    #expect(p.cues.map(\.text) == ["A", "B"])
  }

  @Test func manyBlankLinesAndTrailingWhitespaceAreTolerated() {
    let p = ParsedCaptions("\n\n1  \n00:00:01,000 --> 00:00:02,000   \nA  \n\n\n\n")
    #expect(p.codes == [])
    #expect(p.cues.map(\.text) == ["A"])
    #expect(p.cues.map(\.identifier) == ["1"])
    #expect(p.range(p.cues[0].timingSpan) == "4:1-4:30")
  }

  @Test func missingBlankLineBetweenCuesStartsANewCue() {
    let p = ParsedCaptions(
      """
      1
      00:00:01,000 --> 00:00:02,000
      Hello
      2
      00:00:02,000 --> 00:00:03,000
      World
      """)
    #expect(p.codes == ["W0605"])
    #expect(p.at(p.diagnostics[0].span) == "4:1")
    #expect(p.cues.map(\.text) == ["Hello", "World"])
    #expect(p.cues.map(\.identifier) == ["1", "2"])
  }

  @Test func cueWithoutTextAndWithoutBlankLineBeforeTheNext() {
    let p = ParsedCaptions("1\n00:00:01,000 --> 00:00:02,000\n00:00:02,000 --> 00:00:03,000\nB\n")
    #expect(p.codes == ["W0603", "W0605", "W0601"])
    #expect(p.cues.map(\.text) == ["", "B"])
  }

  @Test func anArrowInsideCueTextIsText() {
    let p = ParsedCaptions("1\n00:00:01,000 --> 00:00:02,000\nHe said --> go\nnow\n")
    #expect(p.codes == [])
    #expect(p.cues.map(\.text) == ["He said --> go\nnow"])
  }

  @Test func emptyCueTextWarnsAndKeepsTheCue() {
    let p = ParsedCaptions("1\n00:00:01,000 --> 00:00:02,000\n\n2\n00:00:03,000 --> 00:00:04,000\nB\n")
    #expect(p.codes == ["W0603"])
    #expect(p.diagnostics[0].message == "cue `00:00:01,000 --> 00:00:02,000` has no text")
    #expect(p.range(p.diagnostics[0].span) == "2:1-2:30")
    #expect(p.cues.map(\.text) == ["", "B"])
  }

  @Test func cueTextOfOnlyTagsIsEmpty() {
    let p = ParsedCaptions("1\n00:00:01,000 --> 00:00:02,000\n<i></i>\n")
    #expect(p.codes == ["W0603"])
    #expect(p.cues.map(\.text) == [""])
  }

  @Test func strayTextAfterACueIsAnError() {
    let p = ParsedCaptions(
      """
      1
      00:00:01,000 --> 00:00:02,000
      First line

      a second paragraph
      """)
    #expect(p.codes == ["E0603"])
    #expect(p.diagnostics[0].message == "expected a cue timing line, found `a second paragraph`")
    #expect(p.range(p.diagnostics[0].span) == "5:1-5:19")
    #expect(p.cues.map(\.text) == ["First line"])
  }

  @Test func trailingGarbageAtTheEndOfTheFileIsReported() {
    let p = ParsedCaptions("1\n00:00:01,000 --> 00:00:02,000\nA\n\n\u{1A}\n")
    #expect(p.codes == ["E0603"])
    #expect(p.at(p.diagnostics[0].span) == "5:1")
    #expect(p.diagnostics[0].message == "expected a cue timing line, found `\\u{1A}`")
    #expect(p.cues.count == 1)
  }

  @Test func aLoneCueNumberAtTheEndNeedsATimingLine() {
    let p = ParsedCaptions("1\n00:00:01,000 --> 00:00:02,000\nA\n\n2\n")
    #expect(p.codes == ["E0603"])
    #expect(p.diagnostics[0].message == "expected a timing line after cue number `2`")
    #expect(p.at(p.diagnostics[0].span) == "5:2")
  }

  @Test func cueNumberFollowedByTextInsteadOfTiming() {
    let p = ParsedCaptions("7\nHello there\n")
    #expect(p.codes == ["E0603"])
    #expect(p.diagnostics[0].message == "expected a timing line after cue number `7`, found `Hello there`")
    #expect(p.at(p.diagnostics[0].span) == "2:1")
  }

  @Test func aWebVTTFileNamedSRTGetsAHint() {
    let p = ParsedCaptions("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n")
    #expect(p.codes == ["E0603", "W0601", "W0602"])
    #expect(p.diagnostics[0].help == "this looks like a WebVTT file; give it the `.vtt` extension")
  }

  @Test func errorsSkipOnlyTheBrokenCue() {
    let p = ParsedCaptions(
      """
      1
      00:00:01,000 -> 00:00:02,000
      Broken

      2
      00:00:03,000 --> 00:00:04,000
      Fine
      """)
    #expect(p.codes == ["E0604"])
    #expect(p.cues.map(\.text) == ["Fine"])
  }

  @Test func textAfterTheEndTimeIsIgnoredWithOneWarning() {
    let p = ParsedCaptions(
      """
      1
      00:00:01,000 --> 00:00:02,000 X1:100 X2:600 Y1:50 Y2:80
      A

      2
      00:00:03,000 --> 00:00:04,000  X1:1
      B
      """)
    #expect(p.codes == ["W0604"])
    let warning = p.diagnostics[0]
    #expect(warning.message == "text after the end time is ignored: `X1:100 X2:600 Y1:50 Y2:80`")
    #expect(p.range(warning.span) == "2:31-2:56")
    #expect(warning.notes.contains("this occurs 1 more time in this file"))
    #expect(warning.fixIts.map { p.text($0.span) } == [" X1:100 X2:600 Y1:50 Y2:80"])
    #expect(p.cues.map(\.settings) == [nil, nil])
    #expect(p.cues.map(\.end) == [seconds(2), seconds(4)])
  }

  @Test func diagnosticsOfOneLineComeInColumnOrder() {
    let p = ParsedCaptions("1\n00:00:01.500 --> 00:00:02,000 X1:10\nA\n")
    #expect(p.codes == ["W0602", "W0604"])
    #expect(p.diagnostics.map { p.at($0.span) } == ["2:1", "2:31"])
  }

  @Test func emptyFileHasNoCues() {
    let p = ParsedCaptions("")
    #expect(p.codes == ["W0607"])
    #expect(p.cues.isEmpty)
  }

  @Test func noCuesWarningIsNotAddedToErrors() {
    let p = ParsedCaptions("garbage\n")
    #expect(p.codes == ["E0603"])
  }
}
