import Testing
import VEDLSema
import VEDLTime

@testable import VEDLNativeAudio

/// Where sounds land and how long the mix is.
@Suite struct PlacementTests {
  @Test func toneClipLandsExactlyOnItsSample() throws {
    let timeline = try MixHarness.timeline(
      """
      canvas 64x48 fps: 30
      track main { clip color(black) duration: 2s }
      track audio { clip tone(1000) at: 1500ms duration: 100ms }
      """)
    let mixer = try TimelineAudioMixer(timeline: timeline)
    #expect(mixer.hasSound)
    let mix = try MixHarness.mix(mixer)
    #expect(mix.left.count == 96_000)
    let tone = MixHarness.tone(1000, count: 4800)
    #expect(mix.left[..<72_000].allSatisfy { $0 == 0 })
    #expect(MixHarness.firstDifference(mix.left[72_000..<76_800], tone) == nil)
    #expect(mix.left[76_800...].allSatisfy { $0 == 0 })
    #expect(MixHarness.firstDifference(mix.right, mix.left) == nil)
    // FFmpeg's sine starts at phase 0, so its first non-zero sample is its second one.
    let firstSounding = try #require(mix.left.firstIndex { $0 != 0 })
    #expect(firstSounding == 72_000 + (tone.firstIndex { $0 != 0 } ?? 0))
    #expect(tone.firstIndex { $0 != 0 } == 1)
  }

  @Test func totalLengthIsTheDurationInSamples() throws {
    // 47 frames at 29.97 fps last 1.5682…s: 75 275 samples (and a fraction dropped).
    let timeline = try MixHarness.timeline(
      """
      canvas 64x48 fps: 29.97
      track main { clip color(black) duration: 47f }
      track audio { clip tone(500) at: 30f duration: 2s }
      """)
    let mixer = try TimelineAudioMixer(timeline: timeline)
    #expect(mixer.totalSamples == SampleGrid.standard.sampleFloor(at: timeline.duration))
    #expect(mixer.totalSamples == 75_275)
    let mix = try MixHarness.mix(mixer, chunk: 1000)
    #expect(mix.left.count == 75_275)
    #expect(try mixer.next(maxSamples: 1000) == nil)
    // The tone starts at frame 30 (1.001 s, sample 48 048) and is cut at the end.
    #expect(mix.left[..<48_048].allSatisfy { $0 == 0 })
    #expect(MixHarness.firstDifference(mix.left[48_048...], MixHarness.tone(500, count: 75_275 - 48_048)) == nil)
  }

  @Test func chunkSizesDoNotChangeTheSamples() throws {
    let script = """
      canvas 64x48 fps: 30
      let v = video("media/voice.mp4")
      let m = audio("media/music.wav")
      track main {
        clip v trim: 2s..3s
        crossfade 250ms
        clip v trim: 4s..5s speed: 1.5x
      }
      track audio { clip m trim: 1s..2s at: 0.2s { fade in: 300ms } }
      """
    let timeline = try MixHarness.timeline(script)
    let large = try MixHarness.mix(TimelineAudioMixer(timeline: timeline), chunk: 8192)
    let small = try MixHarness.mix(TimelineAudioMixer(timeline: timeline), chunk: 333)
    #expect(Int64(large.left.count) == SampleGrid.standard.sampleFloor(at: timeline.duration))
    #expect(large.left.contains { $0 != 0 })
    #expect(MixHarness.firstDifference(small.left, large.left) == nil)
    #expect(MixHarness.firstDifference(small.right, large.right) == nil)
  }

  @Test func aMissingFileIsAnErrorNamingIt() throws {
    let media = try SoundMedia.get()
    let timeline = try MixHarness.timeline(
      """
      canvas 64x48 fps: 30
      let m = audio("media/music.wav")
      track main { clip color(black) duration: 1s }
      track audio { clip m trim: 0s..1s at: 0s }
      """)
    var moved = timeline
    // The file checked is not there when the mix starts.
    let index = try #require(moved.sources.firstIndex { $0.kind == .audio })
    moved.sources[index].path = media.directory + "/media/gone.wav"
    // Files are opened when the mix reaches them, not before.
    let mixer = try TimelineAudioMixer(timeline: moved)
    do {
      _ = try mixer.next(maxSamples: 1024)
      Issue.record("mixing a missing file did not fail")
    } catch {
      #expect(error.path == media.directory + "/media/gone.wav")
      #expect(error.message.contains("does not exist"), "\(error.message)")
    }
  }
}
