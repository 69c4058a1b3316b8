import Testing
import VEDLSema
import VEDLTime

@testable import VEDLNativeAudio

/// The main track's sound: crossfades, muted clips, silence.
@Suite struct MainTrackTests {
  @Test func crossfadeMixesBothClipsLinearly() throws {
    // 0.5 then 0.25, crossfaded over 0.5 s (24 000 samples) from sample 24 000.
    let mix = try MixHarness.mix(
      """
      canvas 64x48 fps: 30
      let a = video("media/dc.mkv")
      let b = video("media/quarter.mkv")
      track main {
        clip a trim: 0s..1s
        crossfade 500ms
        clip b trim: 0s..1s
      }
      """)
    #expect(mix.left.count == 72_000)
    #expect(mix.left[..<24_000].allSatisfy { $0 == 0.5 })
    #expect(mix.left[48_000...].allSatisfy { $0 == 0.25 })
    // FFmpeg's `acrossfade … curve=tri`: before·(n−1−i)/n + after·i/n.
    for i in 0..<24_000 {
      let expected = Float(0.5 * Double(23_999 - i) / 24_000 + 0.25 * Double(i) / 24_000)
      if mix.left[24_000 + i] != expected {
        Issue.record("sample \(24_000 + i): \(mix.left[24_000 + i]), expected \(expected)")
        break
      }
    }
    // Half way, both halves are there in equal parts.
    #expect(abs(mix.left[36_000] - 0.375) < 1e-4)
    #expect(MixHarness.firstDifference(mix.right, mix.left) == nil)
  }

  @Test func mutedClipsAreSilent() throws {
    let mix = try MixHarness.mix(
      """
      canvas 64x48 fps: 30
      let a = video("media/dc.mkv")
      let b = video("media/quarter.mkv")
      track main {
        clip a trim: 0s..1s muted
        clip b trim: 0s..1s
      }
      track overlay { clip a trim: 2s..3s at: 0s duration: 1s muted }
      track audio { clip a trim: 0s..1s at: 1s muted }
      """)
    #expect(mix.left.count == 96_000)
    #expect(mix.left[..<48_000].allSatisfy { $0 == 0 })
    #expect(mix.left[48_000...].allSatisfy { $0 == 0.25 })
  }

  @Test func aTimelineWithoutSoundHasNone() throws {
    // Like the FFmpeg backend, which then writes no audio stream.
    let timeline = try MixHarness.timeline(
      """
      canvas 64x48 fps: 30
      let a = video("media/dc.mkv")
      track main {
        clip a trim: 0s..1s muted
        clip color(red) duration: 1s
      }
      track audio { clip tone(440) at: 0s duration: 1s muted }
      """)
    let mixer = try TimelineAudioMixer(timeline: timeline)
    #expect(!mixer.hasSound)
    #expect(mixer.totalSamples == 96_000)
    let mix = try MixHarness.mix(mixer)
    #expect(mix.left.count == 96_000)
    #expect(mix.left.allSatisfy { $0 == 0 } && mix.right.allSatisfy { $0 == 0 })
  }

  @Test func gapsAndPicturesWithoutSoundAreSilenceInTheMainTrack() throws {
    let mix = try MixHarness.mix(
      """
      canvas 64x48 fps: 30
      let b = video("media/quarter.mkv")
      track main {
        clip color(red) duration: 500ms
        gap 500ms
        clip b trim: 0s..1s
      }
      """)
    #expect(mix.left[..<48_000].allSatisfy { $0 == 0 })
    #expect(mix.left[48_000...].allSatisfy { $0 == 0.25 })
  }
}
