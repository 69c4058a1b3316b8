import Testing

@testable import VEDLTimelinePicture

@Suite struct XMLTextTests {
  @Test func markupCharactersBecomeEntities() {
    #expect(XMLText.escaped(#"<b> & "q" 'a'"#) == "&lt;b&gt; &amp; &quot;q&quot; &apos;a&apos;")
  }

  @Test func controlCharactersAreReplacedAndLineBreaksFlattened() {
    #expect(XMLText.escaped("a\u{0}b\u{1B}c") == "a\u{FFFD}b\u{FFFD}c")
    #expect(XMLText.escaped("one\ntwo\tthree") == "one two three")
    #expect(XMLText.escaped("\u{FFFE}") == "\u{FFFD}")
  }

  @Test func ordinaryTextIsUnchanged() {
    #expect(XMLText.escaped("Grüße, 東京 🎬") == "Grüße, 東京 🎬")
  }
}
