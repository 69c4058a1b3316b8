import Testing
import VEDLSema
import VEDLTime

@testable import VEDLLowering

/// The selection's `setpts` works in a time base where every clip time is a whole tick, so
/// that sources stamped coarsely (Matroska's milliseconds) are selected exactly as §5 says.
@Suite struct SelectionTimeBaseTests {
  /// The first filters of the clip's `[0:v]` chain and the input's recorded sampling.
  func selection(timeBase: Rational?, clip: String, fps: String = "30") throws -> (
    filters: [String], sampling: SourceSampling?
  ) {
    let facts = FakeMediaFacts(
      fallback: MediaFacts(
        duration: Rational(10), hasVideo: true, hasAudio: false, width: 64, height: 48, frameRate: Rational(30),
        timeBase: timeBase))
    let timeline = try Harness.timeline(
      "canvas 64x48 fps: \(fps)\nlet src = video(\"media/a.mkv\")\ntrack main {\n  \(clip)\n}", directory: "/project",
      media: facts)
    let graph = try Harness.graph(timeline)
    let chain = try #require(graph.chains.first { $0.inputs == ["0:v"] })
    let filters = chain.filters.prefix(3).map { filter in
      filter.name + "=" + filter.options.map { "\($0.key ?? "")=\($0.value)" }.joined(separator: ":")
    }
    return (filters, graph.inputs.first?.pictureSampling)
  }

  @Test func millisecondsAtOneAndAHalfTimesSpeedGetAFinerTimeBase() throws {
    // (p/1000 − 3)·2/3 is a whole number of 1/3000 s ticks, not of milliseconds.
    let (filters, sampling) = try selection(
      timeBase: Rational(1, 1000), clip: "clip src trim: 3s..6s speed: 1.5x")
    #expect(
      filters == ["settb=expr=1/3000", "setpts=expr=floor((PTS-3/TB)*(2/3)+0.5)", "fps=fps=30:round=up:start_time=0"])
    #expect(sampling?.timeBase == Rational(1, 3000))
  }

  @Test func aNtscCanvasAtDoubleSpeedFromMilliseconds() throws {
    // (p/1000 − 1001/1000)/2: half milliseconds.
    let (filters, sampling) = try selection(
      timeBase: Rational(1, 1000), clip: "clip src trim: 1001ms..3003ms speed: 2x", fps: "29.97")
    #expect(filters.first == "settb=expr=1/2000")
    #expect(sampling?.timeBase == Rational(1, 2000))
  }

  @Test func aTimeBaseThatIsExactAlreadyOrUnknownIsKept() throws {
    // 1/15360 at normal speed from a whole second: nothing to round.
    let mp4 = try selection(timeBase: Rational(1, 15360), clip: "clip src trim: 1s..2s")
    #expect(mp4.filters.first == "setpts=expr=floor(PTS-1/TB+0.5)")
    #expect(mp4.sampling?.timeBase == nil)
    let unknown = try selection(timeBase: nil, clip: "clip src trim: 3s..6s speed: 1.5x")
    #expect(unknown.filters.first?.hasPrefix("setpts") == true)
  }
}
