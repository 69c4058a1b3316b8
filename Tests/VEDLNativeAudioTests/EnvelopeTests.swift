import Testing
import VEDLSema
import VEDLTestSupport
import VEDLTime

@testable import VEDLNativeAudio

/// Volume and fades.
@Suite struct EnvelopeTests {
  @Test func minusSixDecibelsHalvesTheAmplitude() throws {
    let mix = try MixHarness.mix(
      """
      canvas 64x48 fps: 30
      track main { clip color(black) duration: 2s }
      track audio { clip tone(1000) at: 0s duration: 500ms }
      track audio "quiet" { clip tone(1000) at: 1s duration: 500ms volume: -6dB }
      """)
    let loud = try #require(mix.left[0..<24_000].map(abs).max())
    let quiet = try #require(mix.left[48_000..<72_000].map(abs).max())
    #expect(loud > 0.1)
    #expect(abs(quiet / loud - 0.5) < 0.005, "ratio \(quiet / loud)")
    // Sample by sample: the tone times 10^(−6/20), rounded to float.
    let gain = Float(SoundEnvelope.linearGain(decibels: -6))
    let tone = MixHarness.tone(1000, count: 24_000)
    #expect(MixHarness.firstDifference(mix.left[48_000..<72_000], tone.map { $0 * gain }) == nil)
  }

  @Test func fadeOutIsLinearToZeroAtTheClipsEnd() throws {
    // `dc.mkv` sounds a constant 0.5: the fade is the envelope itself.
    let mix = try MixHarness.mix(
      """
      canvas 64x48 fps: 30
      let dc = video("media/dc.mkv")
      track main { clip color(black) duration: 2s }
      track audio { clip dc trim: 1s..2s at: 0s { fade out: 500ms } }
      """)
    #expect(mix.left[..<24_000].allSatisfy { $0 == 0.5 })
    for c in 24_000..<48_000 {
      // The gain goes from 1 at the fade's first sample down by 1/24000 per sample, and
      // would reach 0 at sample 48000, the first after the clip.
      let expected = Float(0.5 * Double(48_000 - c) / 24_000)
      if mix.left[c] != expected || mix.right[c] != expected {
        Issue.record("sample \(c): \(mix.left[c]), expected \(expected)")
        break
      }
    }
    #expect(mix.left[47_999] > 0)
    #expect(mix.left[48_000...].allSatisfy { $0 == 0 })
  }

  @Test func fadeInStartsFromZero() throws {
    let mix = try MixHarness.mix(
      """
      canvas 64x48 fps: 30
      let dc = video("media/quarter.mkv")
      track main { clip color(black) duration: 1s }
      track audio { clip dc trim: 0s..1s at: 0s { fade in: 100ms } }
      """)
    #expect(mix.left[0] == 0)
    #expect(mix.left[2400] == 0.125)
    #expect(mix.left[4800...].allSatisfy { $0 == 0.25 })
    let steps = (1..<4800).map { mix.left[$0] - mix.left[$0 - 1] }
    #expect(steps.allSatisfy { abs($0 - 0.25 / 4800) < 1e-7 })
  }

  @Test func toneFadesAreFFmpegsSixteenBitFades() throws {
    // Without `volume`, FFmpeg fades a tone on its 16-bit samples (each product truncated);
    // with one, in float.
    let mix = try MixHarness.mix(
      """
      canvas 64x48 fps: 30
      track main { clip color(black) duration: 1s }
      track audio { clip tone(1000) at: 0s duration: 500ms { fade in: 10ms out: 100ms } }
      track audio "b" { clip tone(300) at: 500ms duration: 500ms volume: 3dB { fade in: 10ms } }
      """)
    let plain = try FFmpegCLI.floats([
      "-f", "lavfi", "-i",
      "sine=frequency=1000:sample_rate=48000,pan=stereo|c0=c0|c1=c0,asetpts=expr=N,"
        + "afade=type=in:start_sample=0:nb_samples=480:curve=tri,"
        + "afade=type=out:start_sample=19200:nb_samples=4800:curve=tri,atrim=end_sample=24000",
      "-f", "f32le", "-c:a", "pcm_f32le", "-",
    ])
    let louder = try FFmpegCLI.floats([
      "-f", "lavfi", "-i",
      "sine=frequency=300:sample_rate=48000,pan=stereo|c0=c0|c1=c0,asetpts=expr=N,volume=volume=3dB,"
        + "afade=type=in:start_sample=0:nb_samples=480:curve=tri,atrim=end_sample=24000",
      "-f", "f32le", "-c:a", "pcm_f32le", "-",
    ])
    let expected =
      stride(from: 0, to: plain.count, by: 2).map { plain[$0] }
      + stride(from: 0, to: louder.count, by: 2).map { louder[$0] }
    #expect(expected.count == 48_000)
    #expect(MixHarness.firstDifference(mix.left, expected) == nil)
  }
}
