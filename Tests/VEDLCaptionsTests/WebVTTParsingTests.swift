import Testing
import VEDLCaptions
import VEDLSource
import VEDLTime

@Suite struct WebVTTParsingTests {
  @Test func readsHeaderIdentifiersSettingsAndText() {
    let p = ParsedCaptions(
      """
      WEBVTT - Demo captions
      Kind: captions
      Language: en

      intro
      00:00:01.000 --> 00:00:02.500 align:start position:10%
      <v Narrator>Hello</v>
      <c.yellow>world</c>

      00:02.500 --> 00:04.000
      Second
      """, path: "subs.vtt")
    #expect(p.codes == [])
    #expect(p.cues.count == 2)
    let first = p.cues[0]
    #expect(first.identifier == "intro")
    #expect(first.start == seconds(1))
    #expect(first.end == seconds(5, 2))
    #expect(first.settings == "align:start position:10%")
    #expect(first.text == "Hello\nworld")
    #expect(p.range(first.span) == "5:1-8:20")
    #expect(p.range(first.timingSpan) == "6:1-6:55")
    let second = p.cues[1]
    #expect(second.identifier == nil)
    #expect(second.settings == nil)
    #expect(second.start == seconds(5, 2))
    #expect(second.text == "Second")
  }

  @Test func notesStylesAndRegionsAreSkipped() {
    let p = ParsedCaptions(
      """
      WEBVTT

      STYLE
      ::cue { color: yellow }

      REGION
      id:fred width:40%

      NOTE this is a comment
      that spans lines

      NOTE
      00:00:00.000 --> 00:00:09.000 is not a cue inside a note

      1
      00:00:01.000 --> 00:00:02.000 region:fred
      Hello
      """, path: "subs.vtt")
    #expect(p.codes == [])
    #expect(p.cues.map(\.text) == ["Hello"])
    #expect(p.cues.map(\.identifier) == ["1"])
    #expect(p.cues.map(\.settings) == ["region:fred"])
  }

  @Test func missingHeaderIsAnErrorButCuesAreStillRead() {
    let p = ParsedCaptions("00:00:01.000 --> 00:00:02.000\nHello\n", path: "subs.vtt")
    #expect(p.codes == ["E0602"])
    let error = p.diagnostics[0]
    #expect(error.message == "missing `WEBVTT` header")
    #expect(p.range(error.span) == "1:1-1:30")
    #expect(error.fixIts.map(\.replacement) == ["WEBVTT\n\n"])
    #expect(p.cues.map(\.text) == ["Hello"])
  }

  @Test func srtContentInAVTTFileIsPointedOut() {
    let p = ParsedCaptions("1\n00:00:01,000 --> 00:00:02,000\nHello\n", path: "subs.vtt")
    #expect(p.codes == ["E0602", "W0602"])
    #expect(p.diagnostics[0].notes == ["the file starts like an SRT file; SRT files have the `.srt` extension"])
  }

  @Test func headerWordMustStandAlone() {
    let p = ParsedCaptions("WEBVTTX\n\n00:01.000 --> 00:02.000\nHi\n", path: "subs.vtt")
    #expect(p.codes == ["E0602"])
    #expect(p.range(p.diagnostics[0].span) == "1:7-1:8")
    #expect(p.cues.count == 1)
  }

  @Test func headerWithTabIsAccepted() {
    let p = ParsedCaptions("WEBVTT\tsomething\n\n00:01.000 --> 00:02.000\nHi\n", path: "subs.vtt")
    #expect(p.codes == [])
    #expect(p.cues.count == 1)
  }

  @Test func emptyWebVTTFileNeedsAHeader() {
    let p = ParsedCaptions("", path: "subs.vtt")
    #expect(p.codes == ["E0602"])
    #expect(p.diagnostics[0].message == "WebVTT file is empty; it must start with `WEBVTT`")
  }

  @Test func headerOnlyHasNoCues() {
    let p = ParsedCaptions("WEBVTT\n\nNOTE nothing yet\n", path: "subs.vtt")
    #expect(p.codes == ["W0607"])
    #expect(p.cues.isEmpty)
  }

  @Test func cueDirectlyAfterTheHeaderNeedsABlankLine() {
    let p = ParsedCaptions("WEBVTT\n00:01.000 --> 00:02.000\nHi\n", path: "subs.vtt")
    #expect(p.codes == ["W0605"])
    #expect(p.at(p.diagnostics[0].span) == "2:1")
    #expect(p.cues.map(\.text) == ["Hi"])
  }

  @Test func aTimingLineEndsTheCueText() {
    let p = ParsedCaptions(
      "WEBVTT\n\n00:01.000 --> 00:02.000\nOne\n00:02.000 --> 00:03.000\nTwo\n", path: "subs.vtt")
    #expect(p.codes == ["W0605"])
    #expect(p.at(p.diagnostics[0].span) == "5:1")
    #expect(p.cues.map(\.text) == ["One", "Two"])
  }

  @Test func inlineTimestampsAndClassesAreStripped() {
    let p = ParsedCaptions(
      "WEBVTT\n\n00:01.000 --> 00:04.000\n<00:00:01.000>Never <00:00:02.000><b>drink</b> <c.loud.red>liquid</c>\n",
      path: "subs.vtt")
    #expect(p.codes == [])
    #expect(p.cues.map(\.text) == ["Never drink liquid"])
  }

  @Test func identifierWithoutTimingIsAnError() {
    let p = ParsedCaptions("WEBVTT\n\nchapter-1\nHello\n", path: "subs.vtt")
    #expect(p.codes == ["E0603"])
    #expect(p.diagnostics[0].message == "expected a cue timing line, found `chapter-1`")
    #expect(p.at(p.diagnostics[0].span) == "3:1")
  }

  @Test func malformedTimingAfterAnIdentifierIsBlamedOnTheTimingLine() {
    let p = ParsedCaptions("WEBVTT\n\nchapter-1\n00:01.000 => 00:02.000\nHello\n", path: "subs.vtt")
    #expect(p.codes == ["E0604"])
    #expect(p.diagnostics[0].message == "expected `-->` after the start time, found `=>`")
    #expect(p.range(p.diagnostics[0].span) == "4:11-4:13")
  }

  @Test func formatCanBeForcedWhateverTheExtension() {
    let p = ParsedCaptions("WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n", path: "subs.srt", format: .vtt)
    #expect(p.codes == [])
    #expect(p.cues.count == 1)
    let q = ParsedCaptions("1\n00:00:01,000 --> 00:00:02,000\nHi\n", path: "subs.vtt", format: .srt)
    #expect(q.codes == [])
    #expect(q.cues.count == 1)
  }

  @Test func unknownExtensionIsGuessedFromTheContent() {
    let vtt = ParsedCaptions("WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n", path: "media/subs.txt")
    #expect(vtt.codes == ["W0606"])
    #expect(vtt.diagnostics[0].message == "unknown caption file extension `.txt`; reading it as WebVTT")
    #expect(vtt.cues.count == 1)
    let srt = ParsedCaptions("1\n00:00:01,000 --> 00:00:02,000\nHi\n", path: "captions")
    #expect(srt.codes == ["W0606"])
    #expect(srt.diagnostics[0].message == "caption file `captions` has no extension; reading it as SRT")
    #expect(srt.cues.count == 1)
  }

  @Test func extensionIsCaseInsensitive() {
    #expect(CaptionFormat(pathExtensionOf: "a/B.VTT") == .vtt)
    #expect(CaptionFormat(pathExtensionOf: "x.Srt") == .srt)
    #expect(CaptionFormat(pathExtensionOf: ".srt") == nil)
    #expect(CaptionFormat(pathExtensionOf: "srt") == nil)
  }
}
