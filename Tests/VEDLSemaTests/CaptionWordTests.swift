import Testing
import VEDLCaptions
import VEDLTime

@testable import VEDLSema

/// When each word of a cue is spoken (ANIMATION.md §4): from inline timestamps, or spread over
/// the cue by length.
@Suite struct CaptionWordTests {
  static func cue(_ text: String, _ start: Int64, _ end: Int64, stamps: [(Int, Rational)] = []) -> Captions.Cue {
    Captions.Cue(
      start: Rational(start), end: Rational(end), startFrame: start * 10, endFrame: end * 10, text: text, file: nil,
      path: nil, timestamps: stamps.map { CaptionCue.Timestamp(utf8Offset: $0.0, time: $0.1) })
  }

  @Test func wordsWithoutTimestampsShareTheCueByLength() {
    // 2 + 4 + 2 = 8 characters over 4 s: half a second per character.
    let words = Self.cue("on  four\nab", 0, 4).words
    #expect(words.map(\.text) == ["on", "four", "ab"])
    #expect(words.map(\.characterOffset) == [0, 4, 9])
    #expect(words.map(\.start) == [Rational(0), Rational(1), Rational(3)])
    #expect(words.map(\.end) == [Rational(1), Rational(3), Rational(4)])
  }

  @Test func timestampsGovernTheWordsAfterThem() {
    // "a b c d": a timestamp at "b" (2 s) and at "d" (3 s); "a" starts with the cue, "b" and
    // "c" light up together until "d".
    let words = Self.cue("a b c d", 1, 5, stamps: [(2, Rational(2)), (6, Rational(3))]).words
    #expect(words.map(\.start) == [Rational(1), Rational(2), Rational(2), Rational(3)])
    #expect(words.map(\.end) == [Rational(2), Rational(3), Rational(3), Rational(5)])
  }

  @Test func highlightIsAStyleColour() throws {
    let timeline = try CaptionAndWatermarkOptionTests.timeline(
      #"captions { cue 0s..1s "Hi there"; style highlight: #FFD700 }"#)
    #expect(timeline.captions.style.highlight == 0xFFD7_00FF)
  }
}
