import Testing
import VEDLMedia
import VEDLRender
import VEDLTime

/// The terminal progress line and how often it is drawn.
@Suite struct ProgressBarTests {
  static func progress(_ time: Rational, of total: Rational?) -> RenderProgress {
    RenderProgress(time: time, expectedDuration: total, videoFrames: 0)
  }

  @Test func lineShowsBarPercentTimesAndTimeLeft() {
    let bar = ProgressBar(label: "demo.mp4", width: 10)
    #expect(
      bar.line(for: Self.progress(Rational(3), of: Rational(12)), elapsed: 2)
        == "rendering demo.mp4  [##--------]   25%  3.0s of 12.0s  0:06 left")
    #expect(
      bar.line(for: Self.progress(Rational(12), of: Rational(12)), elapsed: 8)
        == "rendering demo.mp4  [##########]  100%  12.0s of 12.0s")
  }

  @Test func timeLeftWaitsForSomeProgress() {
    let bar = ProgressBar(label: "a.mp4", width: 4)
    #expect(
      bar.line(for: Self.progress(Rational(1, 100)!, of: Rational(10)), elapsed: 1)
        == "rendering a.mp4  [----]    0%  0.0s of 10.0s")
  }

  @Test func unknownLengthShowsOnlyTheTime() {
    #expect(
      ProgressBar(label: "a.mp4").line(for: Self.progress(Rational(5, 2)!, of: nil), elapsed: 1)
        == "rendering a.mp4  2.5s")
  }

  @Test func longRendersShowHours() {
    let bar = ProgressBar(label: "a.mp4", width: 2)
    #expect(bar.line(for: Self.progress(Rational(100), of: Rational(4000)), elapsed: 100).hasSuffix("  1:05:00 left"))
  }

  @Test func reporterDrawsAtMostTenTimesASecondAndErasesItsLine() {
    let written = WrittenText()
    let clock = FakeClock()
    let reporter = ProgressReporter(bar: ProgressBar(label: "a", width: 2), write: written.append, clock: clock.now)
    reporter.report(Self.progress(Rational(1), of: Rational(4)))
    clock.advance(0.05)
    reporter.report(Self.progress(Rational(2), of: Rational(4)))
    clock.advance(0.06)
    reporter.report(Self.progress(Rational(3), of: Rational(4)))
    reporter.report(Self.progress(Rational(4), of: Rational(4)))
    // Sound still being encoded after the last picture: the same line is not drawn again.
    reporter.report(Self.progress(Rational(4), of: Rational(4)))
    reporter.finish()

    let lines = written.all
    #expect(lines.count == 4)
    #expect(lines[0].hasPrefix("\rrendering a  [--]   25%"))
    #expect(lines[1].hasPrefix("\rrendering a  [#-]   75%"))
    #expect(lines[2].hasPrefix("\rrendering a  [##]  100%"))
    #expect(lines.dropLast().allSatisfy { $0.hasSuffix("\u{1B}[K") })
    #expect(lines[3] == "\r\u{1B}[K")
  }

  @Test func reporterThatNeverDrewErasesNothing() {
    let written = WrittenText()
    ProgressReporter(bar: ProgressBar(label: "a"), write: written.append).finish()
    #expect(written.all.isEmpty)
  }
}

final class WrittenText: @unchecked Sendable {
  private var lines: [String] = []
  func append(_ text: String) { lines.append(text) }
  var all: [String] { lines }
}

final class FakeClock: @unchecked Sendable {
  private var seconds = 100.0
  func now() -> Double { seconds }
  func advance(_ delta: Double) { seconds += delta }
}
