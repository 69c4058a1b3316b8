import Testing
import VEDLCaptions
import VEDLDiagnostics
import VEDLSource
import VEDLTime

/// Timestamps and timing lines: what is read exactly, what is accepted with `W0602`, and what
/// is an error — with the error's span on the characters at fault.
@Suite struct CaptionTimingTests {
  /// One SRT cue with `timing` as its timing line (line 2).
  private func srt(_ timing: String) -> ParsedCaptions {
    ParsedCaptions("1\n\(timing)\nText\n")
  }

  /// One WebVTT cue with `timing` as its timing line (line 3).
  private func vtt(_ timing: String) -> ParsedCaptions {
    ParsedCaptions("WEBVTT\n\n\(timing)\nText\n", path: "subs.vtt")
  }

  @Test func millisecondsAreExact() {
    let p = srt("00:00:00,001 --> 00:00:00,333")
    #expect(p.codes == [])
    #expect(p.cues.first?.start == seconds(1, 1000))
    #expect(p.cues.first?.end == seconds(333, 1000))
  }

  @Test func dotInSRTIsAcceptedWithAWarningAndAFixIt() {
    let p = srt("00:00:01.500 --> 00:00:02.000")
    #expect(p.codes == ["W0602"])
    let warning = p.diagnostics[0]
    #expect(warning.severity == .warning)
    #expect(warning.message == "SRT timestamp `00:00:01.500` uses `.` before the milliseconds instead of `,`")
    #expect(p.range(warning.span) == "2:1-2:13")
    #expect(warning.fixIts.map(\.replacement) == ["00:00:01,500"])
    #expect(warning.notes == ["this occurs 1 more time in this file"])
    #expect(p.cues.first?.start == seconds(3, 2))
  }

  @Test func commaInWebVTTIsAcceptedWithAWarning() {
    let p = vtt("00:00:01,500 --> 00:00:02.000")
    #expect(p.codes == ["W0602"])
    #expect(p.diagnostics[0].notes == ["browsers drop WebVTT cues whose timestamps use `,`"])
    #expect(p.diagnostics[0].fixIts.map(\.replacement) == ["00:00:01.500"])
    #expect(p.cues.first?.start == seconds(3, 2))
  }

  @Test func shortFractionsAreDecimalFractions() {
    let p = srt("00:00:01,5 --> 00:00:02,25")
    #expect(p.codes == ["W0602"])
    #expect(p.cues.first?.start == seconds(3, 2))
    #expect(p.cues.first?.end == seconds(9, 4))
    let warning = p.diagnostics[0]
    #expect(warning.message == "timestamp `00:00:01,5` has 1 fraction digit instead of 3")
    #expect(warning.notes.first == "VEDL reads `,5` as a decimal fraction, 500 ms; some players read it as 5 ms")
    #expect(warning.fixIts.map(\.replacement) == ["00:00:01,500"])
  }

  @Test func longFractionsAreKeptExactly() {
    let p = vtt("00:00:01.0005 --> 00:00:02.000")
    #expect(p.codes == ["W0602"])
    #expect(p.cues.first?.start == seconds(10005, 10000))
    #expect(p.diagnostics[0].fixIts.isEmpty)
  }

  @Test func missingFractionIsAccepted() {
    let p = srt("00:00:01 --> 00:00:02")
    #expect(p.codes == ["W0602"])
    #expect(p.diagnostics[0].message == "timestamp `00:00:01` has no milliseconds")
    #expect(p.cues.first?.start == seconds(1))
    #expect(p.cues.first?.end == seconds(2))
  }

  @Test func oneDigitFieldsAreAccepted() {
    let p = srt("0:00:01,000 --> 0:00:02,000")
    #expect(p.codes == ["W0602"])
    #expect(p.diagnostics[0].message == "timestamp `0:00:01,000` has a one-digit hours field")
    #expect(p.cues.first?.start == seconds(1))
    let q = srt("00:0:1,000 --> 00:00:02,000")
    #expect(q.codes == ["W0602"])
    #expect(q.cues.first?.start == seconds(1))
  }

  @Test func webVTTTimestampsMayOmitHours() {
    let p = vtt("01:02.500 --> 59:59.999")
    #expect(p.codes == [])
    #expect(p.cues.first?.start == seconds(125, 2))
    #expect(p.cues.first?.end == seconds(3_599_999, 1000))
  }

  @Test func srtTimestampsNeedHours() {
    let p = srt("00:01,000 --> 00:02,000")
    #expect(p.codes == ["E0604"])
    let error = p.diagnostics[0]
    #expect(error.message == "SRT timestamp `00:01,000` has no hours")
    #expect(p.range(error.span) == "2:1-2:10")
    #expect(error.fixIts.map(\.replacement) == ["00:"])
    #expect(p.cues.isEmpty)
  }

  @Test func singleDashArrowIsMalformed() {
    let p = srt("00:00:01,000 -> 00:00:02,000")
    #expect(p.codes == ["E0604"])
    #expect(p.diagnostics[0].message == "expected `-->` after the start time, found `->`")
    #expect(p.range(p.diagnostics[0].span) == "2:14-2:16")
    #expect(p.cues.isEmpty)
  }

  @Test func arrowWithoutSpacesIsAccepted() {
    let p = srt("00:00:01,000-->00:00:02,000")
    #expect(p.codes == [])
    #expect(p.cues.first?.end == seconds(2))
  }

  @Test func missingEndTimeIsMalformed() {
    let p = srt("00:00:01,000 -->")
    #expect(p.codes == ["E0604"])
    #expect(p.diagnostics[0].message == "expected the end time, found the end of the line")
    #expect(p.at(p.diagnostics[0].span) == "2:17")
  }

  @Test func negativeStartIsMalformed() {
    let p = srt("-00:00:01,000 --> 00:00:02,000")
    #expect(p.codes == ["E0604"])
    #expect(p.diagnostics[0].message == "expected the start time, found `-00:00:01,000`")
  }

  @Test func textGluedToTheEndTimeIsMalformed() {
    let p = vtt("00:00:01.000 --> 00:00:02.000align:start")
    #expect(p.codes == ["E0604"])
    #expect(p.diagnostics[0].message == "unexpected `align:start` after the end time")
    #expect(p.range(p.diagnostics[0].span) == "3:30-3:41")
  }

  @Test func frameCountTimecodeIsMalformed() {
    let p = srt("00:00:01:12 --> 00:00:02:00")
    #expect(p.codes == ["E0604"])
    #expect(p.diagnostics[0].message == "timestamp `00:00:01:12` has too many `:`-separated fields")
  }

  @Test func bareSecondsAreMalformed() {
    let p = vtt("1.5 --> 00:02.000")
    #expect(p.codes == ["E0604"])
    #expect(p.diagnostics[0].message == "expected the start time as `00:00:01.500`, found `1.5`")
  }

  @Test func separatorWithoutDigitsIsMalformed() {
    let p = srt("00:00:01, --> 00:00:02,000")
    #expect(p.codes == ["E0604"])
    #expect(p.diagnostics[0].message == "expected digits after `,` in the start time")
    #expect(p.at(p.diagnostics[0].span) == "2:10")
  }

  @Test func threeDigitMinutesAreMalformed() {
    let p = srt("00:001:00,000 --> 00:02:00,000")
    #expect(p.codes == ["E0604"])
    #expect(p.range(p.diagnostics[0].span) == "2:4-2:7")
  }

  @Test func malformedTimingWithoutArrowIsFoundByItsShape() {
    let p = srt("00:00:01,000 - 00:00:02,000")
    #expect(p.codes == ["E0604"])
    #expect(p.diagnostics[0].message == "expected `-->` after the start time, found `-`")
    #expect(p.at(p.diagnostics[0].span) == "2:14")
  }

  @Test func minutesOfSixtyOrMoreAreOutOfRange() {
    let p = srt("00:60:00,000 --> 01:00:01,000")
    #expect(p.codes == ["E0605"])
    #expect(p.diagnostics[0].message == "minutes must be less than 60, found `60` in `00:60:00,000`")
    #expect(p.range(p.diagnostics[0].span) == "2:4-2:6")
    #expect(p.cues.isEmpty)
  }

  @Test func secondsOfSixtyOrMoreAreOutOfRange() {
    let p = vtt("00:00:59.000 --> 00:00:75.000")
    #expect(p.codes == ["E0605"])
    #expect(p.diagnostics[0].message == "seconds must be less than 60, found `75` in `00:00:75.000`")
    #expect(p.range(p.diagnostics[0].span) == "3:24-3:26")
  }

  @Test func hugeTimestampsAreOutOfRangeNotACrash() {
    let p = srt("99999999999999999999:00:00,000 --> 99999999999999999999:00:01,000")
    #expect(p.codes == ["E0605"])
    let q = srt("00:00:00,1234567890123456789012 --> 00:00:01,000")
    #expect(q.codes == ["E0605"])
  }

  @Test func endBeforeStartNamesBothTimes() {
    let p = srt("00:00:05,000 --> 00:00:03,000")
    #expect(p.codes == ["E0606"])
    let error = p.diagnostics[0]
    #expect(error.message == "cue ends at `00:00:03,000`, before it starts at `00:00:05,000`")
    #expect(p.range(error.span) == "2:18-2:30")
    #expect(error.labels.map(\.message) == ["ends here", "starts here"])
    #expect(error.labels.map { p.range($0.span) } == ["2:18-2:30", "2:1-2:13"])
    #expect(p.cues.isEmpty)
  }

  @Test func endEqualToStartIsAnError() {
    let p = vtt("00:01.000 --> 00:00:01.000")
    #expect(p.codes == ["E0606"])
    #expect(p.diagnostics[0].message == "cue ends at `00:00:01.000`, the same time it starts")
  }

  @Test func warningsOfDifferentKindsAreReportedSeparately() {
    let p = srt("00:00:01.000 --> 00:00:02,5")
    #expect(p.codes == ["W0602", "W0602"])
    #expect(p.diagnostics.map { p.at($0.span) } == ["2:1", "2:18"])
  }

  @Test func repeatedWarningsAreFoldedIntoOne() {
    var text = ""
    for i in 1...20 {
      text += "\(i)\n00:00:\(String(format2: i)).000 --> 00:00:\(String(format2: i)).500\nLine \(i)\n\n"
    }
    let p = ParsedCaptions(text)
    #expect(p.codes == ["W0602"])
    #expect(p.diagnostics[0].notes == ["this occurs 39 more times in this file"])
    #expect(p.cues.count == 20)
  }
}

extension String {
  /// `n` with at least two digits.
  fileprivate init(format2 n: Int) { self = n < 10 ? "0\(n)" : "\(n)" }
}
