import Testing
import VEDLTime

@Suite struct ClipTimingTests {
  @Test func sourceTimeFollowsTheRule() {
    // clip city trim: 1s..5s speed: 2x, placed at 3 s on a 30 fps timeline.
    let clip = ClipTiming(timelineStart: Rational(3), sourceStart: Rational(1), speed: Rational(2))!
    let grid = FrameGrid(rate: .fps30)
    #expect(clip.sourceTime(forTimelineFrame: 90, grid: grid) == Rational(1))
    #expect(clip.sourceTime(forTimelineFrame: 91, grid: grid) == Rational(16, 15)!)  // 1 + 2/30
    #expect(clip.checkedSourceTime(atTimelineTime: Rational(5)) == Rational(5))
    #expect(clip.timelineDuration(ofSourceDuration: Rational(4)) == Rational(2))
    #expect(ClipTiming(timelineStart: .zero, sourceStart: .zero, speed: .zero) == nil)
    #expect(ClipTiming(timelineStart: .zero, sourceStart: .zero, speed: Rational(-1)) == nil)
  }

  @Test func picksTheGreatestPresentationTimeNotAfterTheSourceTime() {
    // A 25 fps source on a 30 fps timeline at normal speed: frames repeat where 25 < 30.
    let clip = ClipTiming(timelineStart: .zero, sourceStart: .zero)!
    let grid = FrameGrid(rate: .fps30)
    let source = ConstantRateSource(rate: .pal, frameCount: 100)!
    let picked = (0..<12).map {
      clip.sourceFrameIndex(forTimelineFrame: $0, grid: grid, source: source)!
    }
    #expect(picked == [0, 0, 1, 2, 3, 4, 5, 5, 6, 7, 8, 9])
  }

  @Test func ntscSourceOnAThirtyTimeline() {
    // 29.97 source at 30: source frame j at j·1001/30000 s; timeline frame k at k/30 s.
    // Frame k picks ⌊k · 1000/1001⌋, so frame 1001 is the first to repeat (it picks 1000).
    let clip = ClipTiming(timelineStart: .zero, sourceStart: .zero)!
    let grid = FrameGrid(rate: .fps30)
    let source = ConstantRateSource(rate: .ntsc)!
    #expect(clip.sourceFrameIndex(forTimelineFrame: 1000, grid: grid, source: source) == 999)
    #expect(clip.sourceFrameIndex(forTimelineFrame: 1001, grid: grid, source: source) == 1000)
    #expect(clip.sourceFrameIndex(forTimelineFrame: 999, grid: grid, source: source) == 998)
    #expect(clip.sourceFrameIndex(forTimelineFrame: 1, grid: grid, source: source) == 0)
  }

  @Test func boundsOfTheSource() {
    let grid = FrameGrid(rate: .fps30)
    // A source whose first frame is at 0.5 s: before that, no frame qualifies.
    let late = ConstantRateSource(
      rate: .fps30, firstPresentationTime: Rational(1, 2)!, frameCount: 10)!
    let clip = ClipTiming(timelineStart: .zero, sourceStart: .zero)!
    #expect(clip.sourceFrameIndex(forTimelineFrame: 14, grid: grid, source: late) == nil)
    #expect(clip.sourceFrameIndex(forTimelineFrame: 15, grid: grid, source: late) == 0)
    // Past the last frame, the last frame is the greatest one not after the time.
    #expect(clip.sourceFrameIndex(forTimelineFrame: 500, grid: grid, source: late) == 9)
    #expect(ConstantRateSource(rate: .fps30, frameCount: 0)!.frameIndex(atOrBefore: .one) == nil)
    #expect(ConstantRateSource(rate: .fps30, frameCount: -1) == nil)
    #expect(late.presentationTime(ofFrame: 3) == Rational(3, 5)!)
  }

  @Test func variableFrameRateSourcesBySearch() {
    let times = [
      Rational(0), Rational(1, 30)!, Rational(1, 10)!, Rational(1, 10)!, Rational(1, 2)!,
    ]
    let pts = PresentationTimes(times)!
    #expect(pts.lastIndex(atOrBefore: Rational(-1, 100)!) == nil)
    #expect(pts.lastIndex(atOrBefore: .zero) == 0)
    #expect(pts.lastIndex(atOrBefore: Rational(1, 20)!) == 1)
    #expect(pts.lastIndex(atOrBefore: Rational(1, 10)!) == 3)  // the last of equal timestamps
    #expect(pts.lastIndex(atOrBefore: Rational(49, 100)!) == 3)
    #expect(pts.lastIndex(atOrBefore: Rational(9)) == 4)
    #expect(PresentationTimes([Rational(1), .zero]) == nil)
    #expect(PresentationTimes([])!.lastIndex(atOrBefore: .one) == nil)
    let fromStream = PresentationTimes(timestamps: [0, 512, 1024], timebase: Timebase(1, 12_800)!)!
    #expect(fromStream.times == [.zero, Rational(1, 25)!, Rational(2, 25)!])
    let clip = ClipTiming(timelineStart: Rational(1), sourceStart: Rational(1, 30)!)!
    #expect(
      clip.sourceFrameIndex(forTimelineFrame: 30, grid: FrameGrid(rate: .fps30), sourcePTS: pts)
        == 1)
    #expect(
      clip.sourceFrameIndex(forTimelineFrame: 29, grid: FrameGrid(rate: .fps30), sourcePTS: pts)
        == 0)
  }
}
