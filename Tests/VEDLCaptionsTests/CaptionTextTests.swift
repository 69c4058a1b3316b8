import Testing
import VEDLCaptions

/// Cue text: markup is stripped, character references decoded, lines joined with `\n`.
@Suite struct CaptionTextTests {
  private func srtText(_ line: String) -> String? {
    ParsedCaptions("1\n00:00:01,000 --> 00:00:02,000\n\(line)\n").cues.first?.text
  }

  private func vttText(_ line: String) -> String? {
    ParsedCaptions("WEBVTT\n\n00:01.000 --> 00:02.000\n\(line)\n", path: "subs.vtt").cues.first?.text
  }

  @Test func htmlStyleTagsAreStripped() {
    #expect(srtText("<i>Hello</i> <b>there</b>, <u>you</u>") == "Hello there, you")
    #expect(srtText("<font color=\"#ff0000\">Red</font>") == "Red")
    #expect(vttText("<ruby>漢<rt>kan</rt></ruby>") == "漢kan")
    #expect(vttText("<lang en-GB>colour</lang>") == "colour")
  }

  @Test func assOverrideBlocksAreStrippedInSRTOnly() {
    #expect(srtText("{\\an8}Top of the screen") == "Top of the screen")
    #expect(vttText("{\\an8}Literal") == "{\\an8}Literal")
  }

  @Test func lessThanThatIsNotATagIsKept() {
    #expect(srtText("1 < 2 and 3 > 2") == "1 < 2 and 3 > 2")
    #expect(srtText("<unclosed tag") == "<unclosed tag")
  }

  @Test func characterReferencesAreDecoded() {
    #expect(vttText("Tom &amp; Jerry &lt;3 &gt;") == "Tom & Jerry <3 >")
    #expect(vttText("a&nbsp;b") == "a\u{00A0}b")
    #expect(vttText("&quot;hi&quot; &apos;x&apos;") == "\"hi\" 'x'")
    #expect(vttText("&#65;&#x42;&#X43;") == "ABC")
    #expect(vttText("&lrm;x&rlm;") == "\u{200E}x\u{200F}")
    #expect(srtText("Fish &amp; chips") == "Fish & chips")
  }

  @Test func unknownOrInvalidReferencesAreKeptAsWritten() {
    #expect(vttText("&bogus; &amp &#0; &#xD800; &#;") == "&bogus; &amp &#0; &#xD800; &#;")
    #expect(vttText("AT&T") == "AT&T")
  }

  @Test func multiLineTextIsJoinedWithNewlines() {
    let p = ParsedCaptions("1\n00:00:01,000 --> 00:00:02,000\n  indented\nsecond   \nthird\n")
    #expect(p.cues.first?.text == "  indented\nsecond\nthird")
  }

  @Test func linesThatAreOnlyMarkupAreDropped() {
    let p = ParsedCaptions("1\n00:00:01,000 --> 00:00:02,000\n<i>\nItalic\n</i>\n")
    #expect(p.codes == [])
    #expect(p.cues.first?.text == "Italic")
  }

  @Test func nonASCIITextIsKept() {
    #expect(srtText("Ça va? 日本語 🎬") == "Ça va? 日本語 🎬")
  }
}
