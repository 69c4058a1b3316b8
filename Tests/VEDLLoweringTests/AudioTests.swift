import Foundation
import Testing
import VEDLSema
import VEDLTestSupport
import VEDLTime

@testable import VEDLLowering

/// Sound: exact lengths, placement to the sample, speed without pitch change, mixing by sum.
@Suite struct AudioTests {
  /// The first stereo frame whose left sample reaches a quarter of the loudest one.
  func onset(_ samples: [Int16]) -> Int? {
    let left = stride(from: 0, to: samples.count, by: 2).map { Int(samples[$0]) }
    guard let peak = left.map(abs).max(), peak > 100 else { return nil }
    return left.firstIndex { abs($0) * 4 >= peak }
  }

  @Test func toneClipStartsAtItsSample() throws {
    let (path, _, _) = try Harness.render(
      """
      canvas 64x48 fps: 30
      track main { clip color(black) duration: 2s }
      track audio { clip tone(1000) at: 1500ms duration: 100ms }
      """)
    let samples = try FFmpegCLI.int16Samples(path)
    #expect(abs(samples.count / 2 - 96000) <= 1024)
    let start = try #require(onset(samples))
    // ±1 ms; the sine starts at zero, so its first quarter-peak sample comes a few later.
    #expect(abs(start - 72000) <= 48, "onset at sample \(start)")
  }

  @Test(arguments: ["250ms..1250ms", "2250ms..3250ms"])
  func trimmedAudioFileLandsAtTheRightSample(_ trim: String) throws {
    // A burst starts 0.25 s into either trim (the second needs a seek into the file);
    // placed at 1 s, it sounds at 1.25 s (sample 60000).
    let (path, _, graph) = try Harness.render(
      """
      canvas 64x48 fps: 30
      let music = audio("media/burst.wav")
      track main { clip color(black) duration: 2s }
      track audio { clip music trim: \(trim) at: 1s }
      """)
    #expect(graph.inputs.first?.seek == (trim.hasPrefix("2250") ? Rational(5, 4)! : nil))
    let start = try #require(onset(try FFmpegCLI.int16Samples(path)))
    #expect(abs(start - 60000) <= 48, "onset at sample \(start)")
  }

  @Test func mainTrackSoundFollowsItsClips() throws {
    // Muted first clip, then the video's 1 kHz sound: silence, then tone from 1 s.
    let (path, _, _) = try Harness.render(
      """
      canvas 64x48 fps: 30
      let src = video("media/index30.mp4")
      track main {
        clip src trim: 0s..1s muted: true
        clip src trim: 2s..3s
      }
      """)
    let samples = try FFmpegCLI.int16Samples(path)
    #expect(abs(samples.count / 2 - 96000) <= 1024)
    let start = try #require(onset(samples))
    #expect(abs(start - 48000) <= 96, "onset at sample \(start)")
  }

  @Test func lengthsMatchThePictureWithTransitionsAndSpeed() throws {
    let (path, timeline, _) = try Harness.render(
      """
      canvas 64x48 fps: 30
      let src = video("media/index30.mp4")
      track main {
        clip src trim: 0s..1s
        crossfade 500ms
        clip src trim: 1s..3s speed: 2x
        fade 100ms
        clip src trim: 3s..3.5s speed: 0.5x
      }
      """)
    let expected = Int(SampleGrid.standard.sampleFloor(at: timeline.duration))
    let count = try FFmpegCLI.int16Samples(path).count / 2
    #expect(abs(count - expected) <= 1024, "\(count) samples, expected \(expected)")
  }

  @Test func mixingSumsWithoutNormalising() throws {
    // Two identical tones on two tracks at −12 dB add up to twice one tone's amplitude.
    func peak(_ tracks: Int) throws -> Int {
      let lines = (0..<tracks).map { "track audio \"t\($0)\" { clip tone(500) at: 0s duration: 1s volume: -12dB }" }
      let (path, _, _) = try Harness.render(
        "canvas 64x48 fps: 30\ntrack main { clip color(black) duration: 1s }\n" + lines.joined(separator: "\n"))
      let samples = try FFmpegCLI.int16Samples(path)
      return samples[9600..<38400].map { abs(Int($0)) }.max() ?? 0
    }
    let one = try peak(1)
    let two = try peak(2)
    #expect(one > 500)
    #expect(abs(Double(two) / Double(one) - 2) < 0.1, "one \(one), two \(two)")
  }

  @Test func atempoChainsCoverAnySpeed() {
    func product(_ v: Rational) -> Rational { AtempoChain.factors(for: v).reduce(.one, *) }
    for v in [
      Rational(1, 10)!, Rational(1, 3)!, Rational(1, 2)!, Rational(3, 2)!, Rational(2), Rational(5), Rational(16),
    ] {
      let steps = AtempoChain.factors(for: v)
      #expect(product(v) == v)
      #expect(steps.allSatisfy { $0 >= .half && $0 <= Rational(2) })
    }
    #expect(AtempoChain.factors(for: .one).isEmpty)
    #expect(AtempoChain.factors(for: Rational(5)) == [Rational(2), Rational(2), Rational(5, 4)!])
  }
}
