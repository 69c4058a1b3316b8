import Testing
import VEDLTime

@Suite struct FrameRateTests {
  @Test(arguments: [
    ("30", Rational(30)), ("25", Rational(25)), ("29.97", Rational(30000, 1001)!),
    ("23.976", Rational(24000, 1001)!), ("23.98", Rational(24000, 1001)!),
    ("59.94", Rational(60000, 1001)!),
    ("24000/1001", Rational(24000, 1001)!), ("30000/1001", Rational(30000, 1001)!),
    ("12.5", Rational(25, 2)!),
    ("29.970", Rational(30000, 1001)!), ("119.88", Rational(120000, 1001)!),
    ("47.952", Rational(48000, 1001)!),
    ("ntsc", Rational(30000, 1001)!), ("pal", Rational(25)), ("film", Rational(24)),
    ("ntsc-film", Rational(24000, 1001)!),
    ("30.0", Rational(30)), ("60/2", Rational(30)),
  ])
  func parsesWhatUsersWrite(text: String, expected: Rational) {
    #expect(FrameRate(parsing: text)?.framesPerSecond == expected, "\(text)")
  }

  @Test func decimalsThatAreNotNTSCStayExact() {
    // 29.9 is not 29.97 rounded; 23.97 is not 23.976 rounded (that is 23.98).
    #expect(FrameRate(parsing: "29.9")?.framesPerSecond == Rational(299, 10)!)
    #expect(FrameRate(parsing: "23.97")?.framesPerSecond == Rational(2397, 100)!)
    // One fractional digit is not enough to name an NTSC rate.
    #expect(FrameRate(parsing: "59.9")?.framesPerSecond == Rational(599, 10)!)
    #expect(FrameRate(parsing: "29.96")?.framesPerSecond == Rational(749, 25)!)
  }

  @Test func rejectsNonRates() {
    for text in ["0", "-30", "0/1001", "30/0", "", "fast", "30fps", " 30", "1e2"] {
      #expect(FrameRate(parsing: text) == nil, "\(text)")
    }
    #expect(FrameRate(.zero) == nil)
    #expect(FrameRate(framesPerSecond: -1) == nil)
    #expect(FrameRate(30000, 0) == nil)
  }

  @Test func frameDurationAndNominalRate() {
    #expect(FrameRate.ntsc.frameDuration == Rational(1001, 30000)!)
    #expect(FrameRate.fps30.frameDuration == Rational(1, 30)!)
    #expect(FrameRate.ntsc.nominalFramesPerSecond == 30)
    #expect(FrameRate.ntscFilm.nominalFramesPerSecond == 24)
    #expect(FrameRate.ntscDouble.nominalFramesPerSecond == 60)
    #expect(FrameRate.pal.nominalFramesPerSecond == 25)
    #expect(FrameRate(parsing: "12.5")!.nominalFramesPerSecond == 13)
    #expect(FrameRate.ntsc.isNTSC && FrameRate.ntscFilm.isNTSC && !FrameRate.fps30.isNTSC)
  }

  @Test func describesExactlyAndDisplaysConventionally() {
    #expect(FrameRate.fps30.description == "30")
    #expect(FrameRate.ntsc.description == "30000/1001")
    #expect(FrameRate.ntsc.displayName == "29.97")
    #expect(FrameRate.ntscFilm.displayName == "23.976")
    #expect(FrameRate(parsing: "12.5")!.displayName == "12.5")
    #expect(FrameRate(7, 3)!.displayName == "7/3")
    for entry in FrameRate.common {
      #expect(FrameRate(parsing: entry.name) == entry.rate, "\(entry.name)")
      #expect(FrameRate(parsing: entry.rate.description) == entry.rate, "\(entry.rate)")
    }
    #expect(FrameRate.common.map(\.rate) == FrameRate.common.map(\.rate).sorted())
  }
}
