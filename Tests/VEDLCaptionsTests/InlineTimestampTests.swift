import Testing
import VEDLCaptions
import VEDLTime

/// WebVTT's inline timestamps (the karaoke form, `<00:00:01.200>`): removed from the text and
/// kept with where they stand, for `style highlight:` (ANIMATION.md §4).
@Suite struct InlineTimestampTests {
  @Test func timestampsAreKeptWithTheirPlaceInTheText() throws {
    let parsed = ParsedCaptions(
      """
      WEBVTT

      00:01.000 --> 00:04.000
      <00:01.000>Héllo <c.yellow><00:01.500>big</c>
      <00:00:02.250>world <b>now</b><00:03.000> done<00:09.000>
      """, path: "k.vtt")
    #expect(parsed.diagnostics.isEmpty)
    let cue = try #require(parsed.cues.first)
    #expect(cue.text == "Héllo big\nworld now done")
    // Byte offsets into the text: "Héllo " is 7 bytes; the second line starts at 11; the
    // `<03.000>` stands after "now" (byte 20); `<09.000>` is past the cue's end, dropped.
    #expect(cue.timestamps.map(\.utf8Offset) == [0, 7, 11, 20])
    #expect(cue.timestamps.map(\.time) == [seconds(1), seconds(3, 2), seconds(9, 4), seconds(3)].map { $0 })
    let bytes = Array(cue.text.utf8)
    #expect(String(decoding: bytes[7...], as: UTF8.self).hasPrefix("big"))
    #expect(String(decoding: bytes[11...], as: UTF8.self).hasPrefix("world"))
  }

  @Test func onlyWellFormedTimestampsCountAndSRTHasNone() throws {
    let vtt = ParsedCaptions(
      """
      WEBVTT

      00:00.000 --> 00:05.000
      <1.5>a <00:61.000>b <00:01.5>c <00:02.000>d
      """, path: "k.vtt")
    // `<1.5>`, `<00:61.000>` and `<00:01.5>` are other tags (removed, not times).
    #expect(vtt.cues.first?.text == "a b c d")
    #expect(vtt.cues.first?.timestamps.map(\.time) == [seconds(2)])
    let srt = ParsedCaptions("1\n00:00:00,000 --> 00:00:05,000\n<00:00:01.000>a\n", path: "k.srt")
    #expect(srt.cues.first?.timestamps.isEmpty == true)
  }
}
