import Testing
import VEDLCaptions
import VEDLSource

/// Byte-level concerns: byte-order marks, invalid UTF-8, and the three line-ending styles.
@Suite struct CaptionEncodingTests {
  private let srtText = "1\n00:00:01,000 --> 00:00:02,000\nHello\nthere\n\n2\n00:00:03,000 --> 00:00:04,000\nBye\n"

  @Test func byteOrderMarkIsSkipped() {
    let p = ParsedCaptions(bytes: [0xEF, 0xBB, 0xBF] + Array(srtText.utf8))
    #expect(p.codes == [])
    #expect(p.cues.map(\.identifier) == ["1", "2"])
    #expect(p.cues.first?.span.start == 3)
  }

  @Test func byteOrderMarkBeforeWebVTTHeader() {
    let p = ParsedCaptions(
      bytes: [0xEF, 0xBB, 0xBF] + Array("WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n".utf8), path: "a.vtt")
    #expect(p.codes == [])
    #expect(p.cues.count == 1)
  }

  @Test func crlfLineEndings() {
    let crlf = srtText.replacingNewlines(with: "\r\n")
    let p = ParsedCaptions(crlf)
    #expect(p.codes == [])
    #expect(p.cues.map(\.text) == ["Hello\nthere", "Bye"])
    #expect(p.range(p.cues[0].timingSpan) == "2:1-2:30")
    #expect(p.range(p.cues[0].span) == "1:1-4:6")
  }

  @Test func loneCarriageReturnLineEndings() {
    let cr = srtText.replacingNewlines(with: "\r")
    let p = ParsedCaptions(cr)
    #expect(p.codes == [])
    #expect(p.cues.map(\.text) == ["Hello\nthere", "Bye"])
    #expect(p.text(p.cues[1].timingSpan) == "00:00:03,000 --> 00:00:04,000")
    #expect(p.text(p.cues[0].span) == "1\r00:00:01,000 --> 00:00:02,000\rHello\rthere")
  }

  @Test func mixedLineEndings() {
    let p = ParsedCaptions("1\r\n00:00:01,000 --> 00:00:02,000\rA\n\r\n2\n00:00:03,000 --> 00:00:04,000\r\nB")
    #expect(p.codes == [])
    #expect(p.cues.map(\.text) == ["A", "B"])
  }

  @Test func invalidUTF8IsReportedOnceWithACount() {
    // "Café" and "naïve" in Latin-1: 0xE9 and 0xEF are not valid UTF-8 here.
    var bytes = Array("1\n00:00:01,000 --> 00:00:02,000\nCaf".utf8) + [0xE9] + Array("\nna".utf8) + [0xEF]
    bytes += Array("ve\n".utf8)
    let p = ParsedCaptions(bytes: bytes)
    #expect(p.codes == ["E0601"])
    let error = p.diagnostics[0]
    #expect(error.message == "caption file is not valid UTF-8: unexpected byte `0xE9`")
    #expect(p.at(error.span) == "3:4")
    #expect(error.span.length == 1)
    #expect(error.notes.first == "the file has 2 invalid byte sequences; this is the first")
    #expect(p.cues.map(\.text) == ["Caf\u{FFFD}\nna\u{FFFD}ve"])
  }

  @Test func overlongAndSurrogateEncodingsAreInvalid() {
    for bad: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80]] {
      let p = ParsedCaptions(bytes: Array("1\n00:00:01,000 --> 00:00:02,000\n".utf8) + bad + [0x0A])
      #expect(p.codes == ["E0601"], "bytes \(bad)")
    }
    let valid = ParsedCaptions(
      bytes: Array("1\n00:00:01,000 --> 00:00:02,000\n".utf8) + [0xF0, 0x9F, 0x8E, 0xAC, 0x0A])
    #expect(valid.codes == [])
    #expect(valid.cues.first?.text == "🎬")
  }

  /// NUL is valid UTF-8, but the FFmpeg backend's `drawtext` would stop the text there.
  @Test func nulIsRejected() {
    let p = ParsedCaptions(bytes: Array("1\n00:00:01,000 --> 00:00:02,000\nA".utf8) + [0, 0] + Array("B\n".utf8))
    #expect(p.codes == ["E0601"])
    #expect(p.diagnostics[0].message == "caption file holds a NUL character (U+0000)")
    #expect(p.at(p.diagnostics[0].span) == "3:2")
    #expect(p.diagnostics[0].notes.first == "the file has 2 NUL bytes; this is the first")
    // Shown like invalid UTF-8, so nothing downstream (the sidecar writer) ever sees a NUL.
    #expect(p.cues.map(\.text) == ["A\u{FFFD}\u{FFFD}B"])
    let vtt = ParsedCaptions(
      bytes: Array("WEBVTT\n\nin".utf8) + [0] + Array("tro\n00:01.000 --> 00:02.000 line:0 posi".utf8) + [0]
        + Array("tion:10%\nHi\n".utf8), path: "a.vtt")
    #expect(vtt.codes == ["E0601"])
    #expect(vtt.cues.map(\.identifier) == ["in\u{FFFD}tro"])
    #expect(vtt.cues.map(\.settings) == ["line:0 posi\u{FFFD}tion:10%"])
  }

  /// A replacement character is three bytes where the bad byte was one: inline timestamps
  /// after it still point at the same character of the text.
  @Test func timestampsAfterAReplacedByteKeepTheirPlace() throws {
    let bytes =
      Array("WEBVTT\n\n00:01.000 --> 00:04.000\nA".utf8) + [0, 0xE9]
      + Array("<00:02.000>B<00:03.000>C\n".utf8)
    let p = ParsedCaptions(bytes: bytes, path: "a.vtt")
    #expect(p.codes == ["E0601", "E0601"])
    let cue = try #require(p.cues.first)
    #expect(cue.text == "A\u{FFFD}\u{FFFD}BC")
    let utf8 = Array(cue.text.utf8)
    #expect(cue.timestamps.map { String(decoding: utf8[$0.utf8Offset...], as: UTF8.self) } == ["BC", "C"])
  }

  @Test func utf16IsRejectedWithAnExplanation() {
    let p = ParsedCaptions(bytes: [0xFF, 0xFE, 0x31, 0x00, 0x0A, 0x00])
    #expect(p.codes == ["E0601"])
    #expect(p.diagnostics[0].message == "caption file is UTF-16, not UTF-8")
    #expect(p.cues.isEmpty)
  }
}

extension String {
  /// The string with every `\n` replaced by `separator`.
  func replacingNewlines(with separator: String) -> String {
    split(separator: "\n", omittingEmptySubsequences: false).joined(separator: separator)
  }
}
