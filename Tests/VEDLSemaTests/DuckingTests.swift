import Foundation
import Testing
import VEDLSource
import VEDLTime

@testable import VEDLSema

/// `duck under: by: ramp:` as the checker resolves it: the `volume` keys it means
/// (``Ducking``), merged voice intervals, partial ramps, jumps, the edit's start, the
/// combinations with `volume:` and `animate volume`.
@Suite struct DuckingTests {
  static func check(_ tracks: String) -> CheckResult {
    let text = """
      canvas 64x36 fps: 25
      track main { clip color(black) duration: 6s }
      \(tracks)
      """
    return Checker.check(SourceFile(path: "a.vedl", text: text), options: CheckOptions(baseDirectory: "/tmp"))
  }

  /// The music track's first clip's keys as (seconds, dB, easing) with exact values.
  static func keys(_ tracks: String) throws -> [(Rational, Rational, Easing)] {
    let result = check(tracks)
    let errors = result.diagnostics.filter { $0.severity == .error }.map(\.message)
    #expect(errors.isEmpty, "\(errors)")
    let timeline = try #require(result.timeline)
    let music = try #require(timeline.tracks.first { $0.name == "music" })
    let volume = try #require(music.items[0].animations.first { $0.property == .volume })
    #expect(volume.ducking != nil)
    return volume.keys.map { k in
      guard case .number(let v) = k.value else { return (k.time, .zero, k.easing) }
      return (k.time, v, k.easing)
    }
  }

  static func r(_ n: Int64, _ d: Int64 = 1) -> Rational { Rational(n, d)! }

  @Test func adjacentVoiceItemsMergeAndAShortPauseComesBackPartWay() throws {
    // Voice [1, 2) + [2, 2.48) touch: one interval. The pause 2.48 → 2.6 (120 ms) is shorter
    // than the 200 ms ramp: the weight goes back from 1 to 0.4, then up again for 80 ms
    // (to 0.8), then down to 0 over 160 ms. Volume −3 dB plus −12 dB × weight.
    let keys = try Self.keys(
      """
      track audio "voice" {
        clip tone(1000) at: 1s duration: 1s
        clip tone(1000) at: 2s duration: 0.48s
        clip tone(1000) at: 2.6s duration: 0.08s
      }
      track audio "music" {
        duck under: "voice" by: -12dB ramp: 200ms
        clip tone(440) at: 0s duration: 4s volume: -3dB
      }
      """)
    let expected: [(Rational, Rational)] = [
      (.zero, Self.r(-3)), (Self.r(1), Self.r(-3)), (Self.r(6, 5), Self.r(-15)), (Self.r(62, 25), Self.r(-15)),
      (Self.r(13, 5), Self.r(-39, 5)), (Self.r(67, 25), Self.r(-63, 5)), (Self.r(71, 25), Self.r(-3)),
      (Self.r(4), Self.r(-3)),
    ]
    #expect(keys.map(\.0) == expected.map(\.0))
    #expect(keys.map(\.1) == expected.map(\.1))
    #expect(keys.allSatisfy { $0.2 == .linear })
  }

  @Test func overlappingVoiceItemsOnTwoTracksOfOneName() throws {
    // Two tracks called "voice" whose items overlap: one interval [0.48, 3).
    let keys = try Self.keys(
      """
      track overlay "voice" { text "A" at: 480ms duration: 2s }
      track audio "voice" { clip tone(1000) at: 1s duration: 2s }
      track audio "music" { clip tone(440) at: 0s duration: 5s { duck under: "voice" by: -20dB ramp: 1s } }
      """)
    #expect(keys.map(\.0) == [.zero, Self.r(12, 25), Self.r(37, 25), Self.r(3), Self.r(4), Self.r(5)])
    #expect(keys.map(\.1) == [.zero, .zero, Self.r(-20), Self.r(-20), .zero, .zero])
  }

  @Test func aClipStartingInsideARampStartsPartWayDown() throws {
    // The voice starts at 0 s; the music clip starts at 0.1 s, half-way down the 200 ms ramp
    // (the ramp is not moved at the edit's start), and ends at 1 s inside the voice.
    let keys = try Self.keys(
      """
      track audio "voice" { clip tone(1000) at: 0s duration: 2s }
      track audio "music" { duck under: "voice" by: -10dB; clip tone(440) at: 0.12s duration: 0.88s }
      """)
    #expect(keys.map(\.0) == [.zero, Self.r(2, 25), Self.r(22, 25)])
    #expect(keys.map(\.1) == [Self.r(-6), Self.r(-10), Self.r(-10)])
  }

  @Test func aRampOfZeroJumpsWithHoldKeys() throws {
    let keys = try Self.keys(
      """
      track audio "voice" { clip tone(1000) at: 1s duration: 1s }
      track audio "music" { duck under: "voice" by: -6dB ramp: 0s; clip tone(440) at: 0s duration: 3s }
      """)
    #expect(keys.map(\.0) == [.zero, Self.r(1), Self.r(2), Self.r(3)])
    #expect(keys.map(\.1) == [.zero, Self.r(-6), .zero, .zero])
    #expect(keys.map(\.2) == [.linear, .hold, .hold, .linear])
    // The rule: the value jumps at the keys.
    let volume = Animation(
      property: .volume, keys: keys.map { Animation.Key(time: $0.0, value: .number($0.1), easing: $0.2) })
    #expect(volume.value(at: Self.r(99, 100)).0 == 0)
    #expect(volume.value(at: Self.r(1)).0 == -6)
    #expect(volume.value(at: Self.r(199, 100)).0 == -6)
    #expect(volume.value(at: Self.r(2)).0 == 0)
  }

  @Test func aClipsOwnAnimatedVolumeWinsOverItsTracksDuck() throws {
    let result = Self.check(
      """
      track audio "voice" { clip tone(1000) at: 1s duration: 1s }
      track audio "music" {
        duck under: "voice"
        clip tone(440) at: 0s duration: 3s { animate volume { key 0s 0dB; key 3s -6dB } }
        clip tone(440) at: 3s duration: 1s
      }
      """)
    let timeline = try #require(result.timeline)
    let music = try #require(timeline.tracks.first { $0.name == "music" })
    #expect(music.items[0].animations.count == 1)
    #expect(music.items[0].animations[0].ducking == nil)
    // The second clip is after the voice and its ramp: not lowered, no keys.
    #expect(music.items[1].animations.isEmpty)
  }

  @Test func mistakesAreLocatedDiagnostics() {
    let cases: [(String, String, String)] = [
      ("duck under: \"vocie\"", "E0440", "no track is called \"vocie\""),
      ("duck under: \"voice\" by: 6dB", "E0441", "ducking by 6dB does not lower the sound"),
      ("duck under: \"voice\" ramp: -1s", "E0441", "a ducking ramp of -1s is out of range"),
      ("duck under: \"music\"", "E0443", "a track cannot duck under itself"),
    ]
    for (duck, code, message) in cases {
      let result = Self.check(
        """
        track audio "voice" { clip tone(1000) at: 1s duration: 1s }
        track audio "music" {
          \(duck)
          clip tone(440) at: 0s duration: 3s
        }
        """)
      let found = result.diagnostics.first { $0.code.description == code }
      #expect(found?.message == message, "\(duck): \(result.diagnostics.map(\.message))")
      #expect(found.map { $0.file.text($0.span).isEmpty == false } == true)
      #expect(result.timeline == nil)
    }
  }
}
