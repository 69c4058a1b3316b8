import Testing
import VEDLTime

@Suite struct TimecodeTests {
  @Test func parsesAndResolvesAtWholeRates() throws {
    let tc = try Timecode.parse("00:00:04:15").get()
    #expect((tc.hours, tc.minutes, tc.seconds, tc.frames) == (0, 0, 4, 15))
    #expect(try tc.frameIndex(at: .fps30).get() == 135)
    #expect(try tc.time(at: .fps30).get() == Rational(9, 2)!)
    #expect(try tc.time(at: .pal).get() == Rational(23, 5)!)
    #expect(try Timecode.parse("01:02:03:04").get().frameIndex(at: .fps30).get() == (3723 * 30 + 4))
    #expect(try Timecode.parse("100:00:00:00").get().hours == 100)
  }

  @Test func countsNonDropFrameAtNTSCRates() throws {
    // 00:00:01:00 at 29.97 is frame 30, 1.001 s: NDF labels run slow against the clock.
    let oneSecond = try Timecode.parse("00:00:01:00").get()
    #expect(try oneSecond.frameIndex(at: .ntsc).get() == 30)
    #expect(try oneSecond.time(at: .ntsc).get() == Rational(1001, 1000)!)
    #expect(try oneSecond.time(at: .ntscFilm).get() == Rational(1001, 1000)!)
    #expect(try Timecode.parse("00:00:00:29").get().frameIndex(at: .ntsc).get() == 29)
    #expect(try Timecode.parse("00:01:00:00").get().frameIndex(at: .ntscDouble).get() == 3600)
    #expect(
      Timecode.parse("00:00:00:30").flatMap { $0.frameIndex(at: .ntsc) }
        == .failure(.framesOutOfRange(frames: 30, framesPerSecond: 30)))
    #expect(
      Timecode.parse("00:00:00:24").flatMap { $0.frameIndex(at: .ntscFilm) }
        == .failure(.framesOutOfRange(frames: 24, framesPerSecond: 24)))
  }

  @Test func reportsInvalidFieldsAsTypedErrors() {
    #expect(Timecode.parse("00:60:00:00") == .failure(.minutesOutOfRange(60)))
    #expect(Timecode.parse("00:00:75:00") == .failure(.secondsOutOfRange(75)))
    #expect(Timecode.parse("00:00:01;00") == .failure(.dropFrameNotSupported(text: "00:00:01;00")))
    #expect(Timecode.parse("99999999999999999999:00:00:00") == .failure(.valueTooLarge))
    #expect(
      Timecode.parse("2562047788015216:00:00:00").flatMap { $0.frameIndex(at: .fps30) }
        == .failure(.valueTooLarge))
    for text in [
      "00:00:04", "0:0:4:15", "00:00:04:", "aa:00:00:00", "00:00:04:15:01", "00:-1:00:00", "",
      "00:00:04.5:00",
    ] {
      guard case .failure(.malformed) = Timecode.parse(text) else {
        Issue.record("\(text) should be malformed")
        continue
      }
    }
    #expect(
      Timecode.validated(hours: 0, minutes: 0, seconds: 60, frames: 0)
        == .failure(.secondsOutOfRange(60)))
    #expect(Timecode.frameIndex(wholeSeconds: 4, frames: 15, rate: .fps30) == .success(135))
    #expect(
      Timecode.frameIndex(wholeSeconds: 4, frames: -1, rate: .fps30)
        == .failure(.framesOutOfRange(frames: -1, framesPerSecond: 30)))
    #expect(
      TimecodeError.minutesOutOfRange(61).description
        == "timecode minutes must be below 60, found 61")
  }

  @Test func formatsTimesRoundedDownToTheFrame() {
    #expect(Timecode.format(Rational(9, 2)!, rate: .fps30) == .success("00:00:04:15"))
    #expect(Timecode.format(Rational(3723), rate: .fps30) == .success("01:02:03:00"))
    // 1 s at 29.97 shows frame 29; 1.001 s is frame 30 = 00:00:01:00.
    #expect(Timecode.format(Rational(1), rate: .ntsc) == .success("00:00:00:29"))
    #expect(Timecode.format(Rational(1001, 1000)!, rate: .ntsc) == .success("00:00:01:00"))
    #expect(Timecode.format(Rational(1, 31)!, rate: .fps30) == .success("00:00:00:00"))
    #expect(Timecode.format(Rational(119, 120)!, rate: .fps120) == .success("00:00:00:119"))
    #expect(Timecode.format(.zero, rate: .fps120) == .success("00:00:00:000"))
    #expect(
      Timecode.format(Rational(-1, 30)!, rate: .fps30) == .failure(.negativeTime(Rational(-1, 30)!))
    )
    #expect(
      Timecode.of(frameIndex: 30 * 3600 * 101, rate: .fps30).map(\.description)
        == .success("101:00:00:00"))
  }

  @Test func formatAndParseRoundTripEveryFrame() throws {
    for rate in [FrameRate.fps30, .ntsc, .ntscFilm, .pal, .ntscDouble, FrameRate(25, 2)!] {
      for k in Array(0..<200) + [107_892, 2_589_410] {
        let t = FrameGrid(rate: rate).time(ofFrame: Int64(k))
        let text = try Timecode.format(t, rate: rate).get()
        #expect(
          try Timecode.parse(text).get().frameIndex(at: rate).get() == Int64(k),
          "\(rate) \(k) \(text)")
      }
    }
  }
}

@Suite struct ClockTimeTests {
  @Test func parsesExactSeconds() {
    #expect(ClockTime.parse("00:01:02.500") == .success(Rational(125, 2)!))
    #expect(ClockTime.parse("00:01:02") == .success(Rational(62)))
    #expect(ClockTime.parse("01:00:00,25") == .success(Rational(14401, 4)!))
    #expect(ClockTime.parse("00:00:00.0333333333333333333333") == .failure(.valueTooLarge))
    #expect(ClockTime.parse("00:00:00.001") == .success(Rational(1, 1000)!))
    #expect(ClockTime.parse("123:00:00.5") == .success(Rational(885_601, 2)!))
    #expect(ClockTime.parse("00:61:00.000") == .failure(.minutesOutOfRange(61)))
    #expect(ClockTime.parse("00:00:60.000") == .failure(.secondsOutOfRange(60)))
    for text in [
      "00:00:4.5", "00:00:04.", "00:00:04.5x", "00:00", "00:00:00:00", "0a:00:00", "00:00:00.5.5",
      "",
    ] {
      guard case .failure(.malformed) = ClockTime.parse(text) else {
        Issue.record("\(text) should be malformed")
        continue
      }
    }
  }

  @Test func formatsWithFixedOrExactPrecision() {
    #expect(ClockTime.format(Rational(125, 2)!) == "00:01:02.500")
    #expect(ClockTime.format(Rational(1, 30)!) == "00:00:00.033")
    #expect(ClockTime.format(Rational(2, 3)!) == "00:00:00.666")  // down by default
    #expect(ClockTime.format(Rational(2, 3)!, rounding: .toNearestOrAwayFromZero) == "00:00:00.667")
    #expect(
      ClockTime.format(Rational(35_999_999, 10000)!, rounding: .toNearestOrAwayFromZero)
        == "01:00:00.000")
    #expect(ClockTime.format(Rational(3, 2)!, decimalSeparator: ",") == "00:00:01,500")
    #expect(ClockTime.format(Rational(7), fractionDigits: 0) == "00:00:07")
    #expect(ClockTime.format(Rational(-3, 2)!) == "-00:00:01.500")
    #expect(ClockTime.format(Rational(360_000)) == "100:00:00.000")
    #expect(ClockTime.formatExact(Rational(3, 2)!) == "00:00:01.5")
    #expect(ClockTime.formatExact(Rational(3661)) == "01:01:01")
    #expect(ClockTime.formatExact(Rational(1, 30)!) == nil)
    #expect(ClockTime.formatExact(Rational(-1, 8)!) == "-00:00:00.125")
  }

  @Test func exactFormatRoundTrips() {
    var rng = PropertySeed.generator(salt: 20)
    for _ in 0..<500 {
      let t = Rational(
        rng.int64(in: 0...100_000_000), [1, 2, 4, 8, 1000, 1024, 3125].randomElement(using: &rng)!)!
      let text = ClockTime.formatExact(t)!
      #expect(ClockTime.parse(text) == .success(t), "\(PropertySeed.replay) t=\(t) text=\(text)")
    }
  }
}
