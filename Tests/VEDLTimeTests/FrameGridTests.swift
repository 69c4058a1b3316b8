import Testing
import VEDLTime

@Suite struct FrameGridTests {
  let grid30 = FrameGrid(rate: .fps30)
  let ntsc = FrameGrid(rate: .ntsc)
  let film = FrameGrid(rate: .ntscFilm)

  @Test func framesAreInstantsKOverF() {
    #expect(grid30.time(ofFrame: 45) == Rational(3, 2)!)
    #expect(ntsc.time(ofFrame: 30) == Rational(1001, 1000)!)
    #expect(film.time(ofFrame: 24) == Rational(1001, 1000)!)
    #expect(ntsc.time(ofFrame: -3) == Rational(-3003, 30000)!)
    #expect(ntsc.checkedTime(ofFrame: .max) == nil)
  }

  @Test func frameFloorAndCeiling() {
    #expect(grid30.frameFloor(at: Rational(1)) == 30)
    #expect(grid30.frameFloor(at: Rational(1, 31)!) == 0)
    #expect(grid30.frameCeiling(at: Rational(1, 31)!) == 1)
    #expect(grid30.frameFloor(at: Rational(-1, 31)!) == -1)
    #expect(grid30.frameCeiling(at: Rational(-1, 31)!) == 0)
    // 1 s at 29.97 is 29.97 frames: frame 29 is showing, frame 30 comes after.
    #expect(ntsc.frameFloor(at: Rational(1)) == 29)
    #expect(ntsc.frameCeiling(at: Rational(1)) == 30)
    #expect(ntsc.frameFloor(at: Rational(1001, 1000)!) == 30)
    #expect(film.frameFloor(at: Rational(10)) == 239)  // 239.76 frames
    // An hour at 29.97 is 107892.107… frames.
    #expect(ntsc.frameFloor(at: Rational(3600)) == 107_892)
    #expect(grid30.checkedFrameFloor(at: Rational(Int64.max)) == nil)
    // t · F has no 64-bit form, yet its floor is small and exact.
    let awkward = Rational(Int64.max - 2, Int64.max)!
    #expect(ntsc.checkedFrameFloor(at: awkward) == 29)
  }

  @Test func snappingAndGridMembership() {
    #expect(grid30.isOnGrid(Rational(1, 10)!))
    #expect(!grid30.isOnGrid(Rational(1, 60)!))
    #expect(grid30.snapDown(Rational(1, 60)!) == .zero)
    #expect(grid30.snapDown(Rational(-1, 60)!) == Rational(-1, 30)!)
    #expect(ntsc.isOnGrid(Rational(1001, 1000)!))
    #expect(!ntsc.isOnGrid(Rational(1)))
    #expect(ntsc.snapDown(Rational(1)) == Rational(29 * 1001, 30000)!)
    #expect(ntsc.isOnGrid(.zero))
  }

  @Test func frameCountOfHalfOpenRanges() {
    let second = TimeRange(start: .zero, end: .one)!
    #expect(grid30.frameCount(in: second) == 30)
    #expect(grid30.frames(in: second) == 0..<30)
    #expect(ntsc.frameCount(in: second) == 30)  // 0 … 29 (29·1001/30000 < 1)
    #expect(film.frameCount(in: TimeRange(start: .zero, end: Rational(10))!) == 240)
    // [1/60, 1/30) contains no frame of the 30 fps grid; [1/30, 1/30) is empty.
    #expect(grid30.frameCount(in: TimeRange(start: Rational(1, 60)!, end: Rational(1, 30)!)!) == 0)
    #expect(grid30.frameCount(in: TimeRange(start: Rational(1, 30)!, end: Rational(1, 30)!)!) == 0)
    // The language's 2s..6s trim at 30 fps: 120 frames, frames 60 ..< 180.
    let trim = TimeRange(start: Rational(2), end: Rational(6))!
    #expect(grid30.frames(in: trim) == 60..<180)
    // Back-to-back ranges partition frames at 29.97.
    let a = TimeRange(start: .zero, end: Rational(7, 3)!)!
    let b = TimeRange(start: Rational(7, 3)!, end: Rational(5))!
    let whole = TimeRange(start: .zero, end: Rational(5))!
    #expect(ntsc.frameCount(in: a) + ntsc.frameCount(in: b) == ntsc.frameCount(in: whole))
    #expect(ntsc.frameCount(in: whole) == 150)  // ⌈5 · 29.97⌉ = ⌈149.85⌉
  }
}

@Suite struct SampleGridAndTimebaseTests {
  @Test func samplesAt48k() {
    let grid = SampleGrid.standard
    #expect(grid.samplesPerSecond == 48_000)
    #expect(grid.sampleFloor(at: Rational(1, 30)!) == 1600)
    #expect(grid.sampleFloor(at: Rational(1001, 30000)!) == 1601)  // 1601.6
    #expect(grid.sampleCeiling(at: Rational(1001, 30000)!) == 1602)
    #expect(grid.time(ofSample: 24_000) == Rational(1, 2)!)
    #expect(grid.sampleCount(in: TimeRange(start: .zero, end: Rational(3, 2)!)!) == 72_000)
    #expect(
      grid.samples(in: TimeRange(start: Rational(1, 3)!, end: Rational(2, 3)!)!) == 16_000..<32_000)
    #expect(grid.isOnGrid(Rational(1, 48_000)!) && !grid.isOnGrid(Rational(1, 96_000)!))
    #expect(grid.sampleDuration == Rational(1, 48_000)!)
    #expect(SampleGrid(samplesPerSecond: 0) == nil)
    #expect(SampleGrid(samplesPerSecond: 44_100)!.sampleFloor(at: Rational(1, 30)!) == 1470)
  }

  @Test func timestampsInATimebase() {
    let tb = Timebase(1, 12_800)!
    #expect(tb.time(ofTimestamp: 512) == Rational(1, 25)!)
    #expect(tb.timestampFloor(at: Rational(1001, 30000)!) == 427)  // 427.093…
    #expect(tb.timestampCeiling(at: Rational(1001, 30000)!) == 428)
    #expect(tb.isRepresentable(Rational(1, 25)!) && !tb.isRepresentable(Rational(1, 30)!))
    let ntscTB = Timebase(1001, 30000)!
    #expect(ntscTB.time(ofTimestamp: 30) == Rational(1001, 1000)!)
    #expect(Timebase(0, 1) == nil && Timebase(-1, 90_000) == nil)
    #expect(tb.description == "1/12800")
  }

  @Test func timeRanges() {
    let r = TimeRange(start: Rational(2), end: Rational(6))!
    #expect(r.duration == Rational(4))
    #expect(r.contains(Rational(2)) && !r.contains(Rational(6)))
    #expect(r.description == "2s..6s")
    #expect(TimeRange(start: Rational(6), end: Rational(2)) == nil)
    // The length does not fit.
    #expect(TimeRange(start: Rational(Int64.min), end: Rational(Int64.max)) == nil)
    #expect(TimeRange(start: .one, duration: Rational(-1)) == nil)
    let next = TimeRange(start: Rational(6), duration: Rational(1, 30)!)!
    #expect(!r.overlaps(next) && next.description == "6s..181/30s")
    #expect(r.overlaps(TimeRange(start: Rational(5), end: Rational(7))!))
    #expect(!r.overlaps(TimeRange(start: Rational(3), end: Rational(3))!))
  }
}
