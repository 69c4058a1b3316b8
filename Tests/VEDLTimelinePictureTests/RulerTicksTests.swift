import Testing
import VEDLTime
import VEDLTimelinePicture

/// The ruler is marked at round timecodes, as densely as its labels allow.
@Suite struct RulerTicksTests {
  static let width = TimelinePictureMetrics.timeWidth

  static func ticks(seconds: Int64, rate: FrameRate) -> (RulerTicks, extent: Int64) {
    let extent = FrameGrid(rate: rate).frameFloor(at: Rational(seconds))
    return (RulerTicks(rate: rate, pixelsPerFrame: width / Double(extent)), extent)
  }

  @Test func aSixSecondEditIsMarkedEverySecond() {
    let (ticks, extent) = Self.ticks(seconds: 6, rate: .fps30)
    #expect(ticks.majorStep == 30)
    #expect(ticks.minorStep == 3)
    #expect(ticks.majorFrames(through: extent) == [0, 30, 60, 90, 120, 150, 180])
    #expect(ticks.minorFrames(through: extent).allSatisfy { $0 % 3 == 0 && $0 % 30 != 0 })
  }

  @Test func aOneSecondEditIsMarkedInFrames() {
    let (ticks, _) = Self.ticks(seconds: 1, rate: .pal)
    // 25 frames over 1000 px: 40 px a frame, so every 5 frames (200 px) is the first step ≥ 90 px.
    #expect(ticks.majorStep == 5)
    #expect(ticks.minorStep == 1)
  }

  @Test func anHourIsMarkedEveryTenMinutes() {
    let (ticks, extent) = Self.ticks(seconds: 3600, rate: .fps30)
    #expect(ticks.majorStep == 600 * 30)
    #expect(ticks.majorFrames(through: extent).count == 7)
  }

  @Test func ntscTicksFallOnWholeTimecodeSeconds() {
    // At 29.97 a timecode second is 30 frames (00:00:01:00 is frame 30, 1.001 s).
    let (ticks, extent) = Self.ticks(seconds: 20, rate: .ntsc)
    #expect(ticks.majorStep % 30 == 0)
    for frame in ticks.majorFrames(through: extent) {
      let text = try? Timecode.format(FrameGrid(rate: .ntsc).time(ofFrame: frame), rate: .ntsc).get()
      #expect(text?.hasSuffix(":00") == true, "\(frame): \(text ?? "-")")
    }
  }

  @Test(arguments: [FrameRate.ntscFilm, .film, .pal, .ntsc, .fps30, .fps50, .ntscDouble, .fps60, .fps120])
  func labelsNeverCrowdAndNeverThinOutNeedlessly(_ rate: FrameRate) {
    for seconds: Int64 in [1, 2, 3, 7, 12, 30, 61, 300, 1000, 7200] {
      let (ticks, extent) = Self.ticks(seconds: seconds, rate: rate)
      let spacing = Double(ticks.majorStep) * Self.width / Double(extent)
      #expect(spacing >= TimelinePictureMetrics.minimumMajorTickSpacing, "\(seconds)s at \(rate): \(spacing) px")
      // Fewer than ~4 labels would mean a smaller step was skipped: every step is at most 5×
      // the one before, and the smallest one that fits was taken.
      #expect(ticks.majorFrames(through: extent).count >= 2, "\(seconds)s at \(rate)")
      if let minor = ticks.minorStep {
        #expect(ticks.majorStep % minor == 0)
        #expect(Double(minor) * Self.width / Double(extent) >= TimelinePictureMetrics.minimumMinorTickSpacing)
      }
    }
  }
}
