import Testing
import VEDLCaptions
import VEDLTestSupport
import VEDLTime

/// Sidecar export: exact output for a known input, and parse(write(cues)) == cues up to
/// whole milliseconds.
@Suite struct CaptionWriterTests {
  /// The parts of a cue that survive a round trip (spans necessarily differ).
  private struct Content: Equatable, CustomStringConvertible {
    var start: Rational
    var end: Rational
    var text: String
    var identifier: String?
    var settings: String?
    init(_ cue: CaptionCue) {
      (start, end, text, identifier, settings) = (cue.start, cue.end, cue.text, cue.identifier, cue.settings)
    }
    var description: String { "\(start)..<\(end) \(text.debugDescription) id:\(identifier ?? "-") \(settings ?? "")" }
  }

  private let sample = [
    CaptionCue(
      start: seconds(3, 2), end: seconds(4), text: "Hello\nworld", identifier: "intro", settings: "align:start"),
    CaptionCue(start: seconds(3661), end: seconds(7_322_001, 2000), text: "Tom & Jerry <3 -->"),
  ]

  @Test func writesSRT() {
    #expect(
      CaptionWriter.srt(sample) == """
        1
        00:00:01,500 --> 00:00:04,000
        Hello
        world

        2
        01:01:01,000 --> 01:01:01,001
        Tom & Jerry &lt;3 --&gt;

        """)
  }

  @Test func writesWebVTT() {
    #expect(
      CaptionWriter.vtt(sample) == """
        WEBVTT

        intro
        00:00:01.500 --> 00:00:04.000 align:start
        Hello
        world

        01:01:01.000 --> 01:01:01.001
        Tom &amp; Jerry &lt;3 --&gt;

        """)
  }

  @Test func timesAreFlooredToMilliseconds() {
    let cue = CaptionCue(start: seconds(1, 3), end: seconds(2, 3), text: "x")
    #expect(CaptionWriter.srt([cue]).contains("00:00:00,333 --> 00:00:00,666"))
    let negative = CaptionCue(start: seconds(-1), end: seconds(1, 2), text: "x")
    #expect(CaptionWriter.vtt([negative]).contains("00:00:00.000 --> 00:00:00.500"))
  }

  @Test func cuesShorterThanAMillisecondStayValid() {
    let cue = CaptionCue(start: seconds(1), end: seconds(10001, 10000), text: "x")
    #expect(CaptionWriter.srt([cue]).contains("00:00:01,000 --> 00:00:01,001"))
  }

  @Test func textIsNormalisedSoThatItCannotBreakTheFile() {
    let cue = CaptionCue(start: seconds(1), end: seconds(2), text: "a  \r\n\n   \nb\rc", identifier: "NOTE x")
    #expect(CaptionWriter.vtt([cue]) == "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\na\nb\nc\n")
    let odd = CaptionCue(
      start: seconds(1), end: seconds(2), text: "x", identifier: "a-->b", settings: "line:0\nsize:50%")
    #expect(CaptionWriter.vtt([odd]) == "WEBVTT\n\n00:00:01.000 --> 00:00:02.000 line:0 size:50%\nx\n")
  }

  @Test func emptyListsWriteValidFiles() {
    #expect(CaptionWriter.srt([]) == "")
    #expect(CaptionWriter.vtt([]) == "WEBVTT\n")
    #expect(CaptionWriter.write([], as: .vtt) == "WEBVTT\n")
  }

  @Test func srtEscapesOnlyWhatWouldBeReadAsMarkup() {
    let cue = CaptionCue(start: seconds(1), end: seconds(2), text: "<i>not italic</i> {\\an8} &amp; AT&T 1 < 2")
    let written = CaptionWriter.srt([cue])
    #expect(written.contains("&lt;i>not italic&lt;/i> &#123;\\an8} &amp;amp; AT&T 1 < 2"))
    let back = ParsedCaptions(written)
    #expect(back.codes == [])
    #expect(back.cues.map(\.text) == [cue.text])
  }

  @Test func roundTripOfParsedFilesIsExact() {
    let srtSource = ParsedCaptions(
      "1\n00:00:01,500 --> 00:00:04,000\n<i>Hello</i>\nworld\n\n2\n00:00:05,000 --> 00:01:00,250\nTom &amp; Jerry\n")
    #expect(srtSource.codes == [])
    let srtBack = ParsedCaptions(CaptionWriter.srt(srtSource.cues))
    #expect(srtBack.codes == [])
    #expect(srtBack.cues.map(Content.init) == srtSource.cues.map(Content.init))

    let vttSource = ParsedCaptions(
      "WEBVTT\n\nintro\n00:01.000 --> 00:02.000 align:start position:10%\nA &lt; B\n\n00:03.000 --> 00:04.000\n<v Bob>Hi\n",
      path: "subs.vtt")
    #expect(vttSource.codes == [])
    let vttBack = ParsedCaptions(CaptionWriter.vtt(vttSource.cues), path: "subs.vtt")
    #expect(vttBack.codes == [])
    #expect(vttBack.cues.map(Content.init) == vttSource.cues.map(Content.init))
  }

  @Test func roundTripOfRandomCuesMatchesUpToMilliseconds() {
    let seed: UInt64 = 0xCA97_1045
    var generator = SplitMix64(seed: seed)
    let pieces = [
      "Hello", "world", " ", "&", "<", ">", "-->", "<i>", "&amp;", "{\\an8}", "é", "日本", "\n", "\t", "2", "AT&T",
      "&#65;",
    ]
    for round in 0..<200 {
      var cues: [CaptionCue] = []
      var time: Int64 = 0
      for index in 0..<Int(generator.next() % 5 + 1) {
        // Start and end on a random grid finer than milliseconds (1/30 s or 1/7 ms).
        let denominator: Int64 = generator.next() % 2 == 0 ? 30 : 7000
        time += Int64(generator.next() % 500 + 1)
        let start = seconds(time, denominator)
        time += Int64(generator.next() % 500 + 8)
        let end = seconds(time, denominator)
        var text = ""
        for _ in 0..<Int(generator.next() % 6) { text += pieces[Int(generator.next() % UInt64(pieces.count))] }
        cues.append(
          CaptionCue(
            start: start, end: end, text: text, identifier: "c\(index)",
            settings: index % 2 == 0 ? "line:\(index)" : nil))
      }
      for format in CaptionFormat.allCases {
        let written = CaptionWriter.write(cues, as: format)
        let back = ParsedCaptions(written, path: "round.\(format.rawValue)")
        let context = "seed \(seed) round \(round) \(format):\n\(written)"
        #expect(back.diagnostics.allSatisfy { $0.severity != .error }, "\(context)")
        #expect(back.cues.count == cues.count, "\(context)")
        for (index, (original, read)) in zip(cues, back.cues).enumerated() {
          #expect(read.start == flooredToMilliseconds(original.start), "\(context)")
          #expect(read.end == flooredToMilliseconds(original.end), "\(context)")
          #expect(read.text == normalised(original.text), "\(context)")
          #expect(read.settings == (format == .vtt ? original.settings : nil), "\(context)")
          #expect(read.identifier == (format == .vtt ? original.identifier : "\(index + 1)"), "\(context)")
        }
        // Writing what was read gives the same file again.
        #expect(CaptionWriter.write(back.cues, as: format) == written, "\(context)")
      }
    }
  }

  private func flooredToMilliseconds(_ t: Rational) -> Rational {
    Rational((t * Rational(1000)).floor, 1000)!
  }

  /// Text as the writer normalises it: trailing spaces and tabs dropped, blank lines removed.
  private func normalised(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in
        var scalars = Array(line.unicodeScalars)
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
      }
      .filter { !$0.isEmpty }
      .joined(separator: "\n")
  }
}
