import Testing

@testable import VEDLMedia

/// The CLI's video sync stage, reproduced: which pictures are encoded, repeated or dropped.
@Suite struct VideoFrameSyncTests {
  typealias Slot = VideoFrameSync.Slot

  @Test func picturesOnTheGridPassUnchanged() {
    var sync = VideoFrameSync(mode: .constant)
    for k in 0..<5 {
      #expect(sync.plan(time: Double(k), duration: 1) == [Slot(repeatsPrevious: false, pts: Int64(k))])
    }
    #expect(sync.framesPlanned == 5)
    #expect(sync.planEnd().isEmpty)
  }

  @Test func constantRateFillsAGapWithThePreviousAndTheNewPicture() {
    var sync = VideoFrameSync(mode: .constant)
    _ = sync.plan(time: 0, duration: 1)
    // The next picture arrives at 3: slot 1 repeats the previous one (nb0_frames = 1), then
    // the new one fills slots 2 and 3, as `do_video_out` does.
    #expect(
      sync.plan(time: 3, duration: 1) == [
        Slot(repeatsPrevious: true, pts: 1), Slot(repeatsPrevious: false, pts: 2), Slot(repeatsPrevious: false, pts: 3),
      ])
  }

  @Test func constantRateDropsAPictureThatComesTooLate() {
    var sync = VideoFrameSync(mode: .constant)
    for k in 0..<3 { _ = sync.plan(time: Double(k), duration: 1) }
    #expect(sync.plan(time: 0, duration: 1).isEmpty)
    // Slightly early still takes the next slot (the clip of -0.6 < delta0 < 0).
    #expect(sync.plan(time: 2.7, duration: 1) == [Slot(repeatsPrevious: false, pts: 3)])
  }

  @Test func variableRateKeepsThePicturesOwnTime() {
    var sync = VideoFrameSync(mode: .variable)
    #expect(sync.plan(time: 0, duration: 1) == [Slot(repeatsPrevious: false, pts: 0)])
    #expect(sync.plan(time: 5, duration: 1) == [Slot(repeatsPrevious: false, pts: 5)])
    #expect(sync.plan(time: 2, duration: 1).isEmpty)
  }

  @Test func maximumFramesCapsEveryPlan() {
    var sync = VideoFrameSync(mode: .constant, maximumFrames: 3)
    _ = sync.plan(time: 0, duration: 1)
    #expect(sync.plan(time: 5, duration: 1).count == 2)
    #expect(sync.isFull)
    #expect(sync.plan(time: 6, duration: 1).isEmpty)
  }

  @Test func copiedTimestampsKeepALateFirstPicturesTime() {
    var sync = VideoFrameSync(mode: .constantFromFirst)
    #expect(sync.plan(time: 45, duration: 1) == [Slot(repeatsPrevious: false, pts: 45)])
    #expect(sync.plan(time: 46, duration: 1) == [Slot(repeatsPrevious: false, pts: 46)])
    var constant = VideoFrameSync(mode: .constant)
    #expect(constant.plan(time: 3, duration: 1).count == 4)
  }
}
