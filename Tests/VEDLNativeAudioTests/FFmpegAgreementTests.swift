import Foundation
import Testing
import VEDLSema
import VEDLTestSupport
import VEDLTime

@testable import VEDLNativeAudio

/// The native mix against the `ffmpeg` CLI running the audio half of the filter graph the
/// FFmpeg backend builds for the same edit (written out here by hand, as VEDLLowering prints
/// it: this test target cannot depend on VEDLLowering).
@Suite struct FFmpegAgreementTests {
  /// The edit, with `VIDEO` standing for the video file.
  static let script = """
    canvas 64x48 fps: 30
    let v = video("media/VIDEO")
    let m = audio("media/music.wav")
    track main {
      clip v trim: 0s..2s
      crossfade 500ms
      clip v trim: 2.5s..4.5s speed: 1.5x volume: -3dB { fade in: 200ms }
    }
    track audio { clip m trim: 1.7s..3.2s at: 0.7s volume: -6dB { fade out: 1s } }
    track audio "tone" { clip tone(880) at: 1s duration: 300ms { fade in: 50ms } }
    """

  /// The lowering's graph for `script`, without its picture: a 44.1 kHz mono video cut
  /// and crossfaded with a sped-up, louder part of itself (resampled, upmixed, read from a
  /// seek point), a 44.1 kHz stereo file placed at 0.7 s, a tone at 1 s; summed and cut to
  /// the 85 frames (136 000 samples) of the edit.
  static let graph = [
    "[0:a]atrim=start=0:end=2,asetpts=expr=PTS-STARTPTS,aresample=out_sample_rate=48000,"
      + "aformat=sample_fmts=fltp:channel_layouts=stereo,asetpts=expr=N,apad=whole_len=96000,"
      + "atrim=end_sample=96000[main0a]",
    "[1:a]atrim=start=2.5:end=4.5,asetpts=expr=PTS-STARTPTS,aresample=out_sample_rate=48000,"
      + "aformat=sample_fmts=fltp:channel_layouts=stereo,atempo=tempo=1.5,asetpts=expr=N,volume=volume=-3dB,"
      + "afade=type=in:start_sample=0:nb_samples=9600:curve=tri,apad=whole_len=64000,"
      + "atrim=end_sample=64000[main1a]",
    "[main0a][main1a]acrossfade=nb_samples=24000:curve1=tri:curve2=tri,asetpts=expr=N[mainmix1]",
    "[2:a]atrim=start=1.7:end=3.2,asetpts=expr=PTS-STARTPTS,aresample=out_sample_rate=48000,"
      + "aformat=sample_fmts=fltp:channel_layouts=stereo,asetpts=expr=N,volume=volume=-6dB,"
      + "afade=type=out:start_sample=24000:nb_samples=48000:curve=tri,apad=whole_len=72000,"
      + "atrim=end_sample=72000[t1i0a]",
    "sine=frequency=880:sample_rate=48000,pan=stereo|c0=c0|c1=c0,asetpts=expr=N,"
      + "afade=type=in:start_sample=0:nb_samples=2400:curve=tri,atrim=end_sample=14400[t2i0a]",
    "[t1i0a]adelay=delays=33600S:all=1[t1i0a_at]",
    "[t2i0a]adelay=delays=48000S:all=1[t2i0a_at]",
    "[mainmix1][t1i0a_at][t2i0a_at]amix=inputs=3:normalize=0:duration=longest[mix]",
    "[mix]aresample=out_sample_rate=48000,aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo,"
      + "asetpts=expr=N,apad=whole_len=136000,atrim=end_sample=136000[a]",
  ].joined(separator: ";")

  /// With `voice.mp4` (AAC) the two differ only by the AAC decoder's noise substitution,
  /// whose random state depends on the packet decoding started from — the CLI seeks on the
  /// video stream, VEDL's readers on the sound — measured above 90 dB. With `tones.mov`
  /// (PCM) every sample is the same.
  @Test(arguments: [(video: "voice.mp4", identical: false), (video: "tones.mov", identical: true)])
  func nativeMixMatchesTheFFmpegGraph(_ video: String, _ identical: Bool) throws {
    let media = try SoundMedia.get()
    let timeline = try MixHarness.timeline(Self.script.replacingOccurrences(of: "VIDEO", with: video))
    let mixer = try TimelineAudioMixer(timeline: timeline)
    #expect(mixer.totalSamples == 136_000)
    let native = try MixHarness.mix(mixer)
    let reference = try FFmpegCLI.floats([
      "-copyts", "-start_at_zero",
      "-t", "3", "-i", media.path(video),
      "-ss", "1.5", "-t", "4", "-i", media.path(video),
      "-ss", "0.7", "-t", "3.5", "-i", media.path("music.wav"),
      "-filter_complex", Self.graph, "-map", "[a]", "-c:a", "pcm_f32le", "-f", "f32le", "-",
    ])
    let left = stride(from: 0, to: reference.count, by: 2).map { reference[$0] }
    let right = stride(from: 1, to: reference.count, by: 2).map { reference[$0] }
    #expect(left.count == native.left.count)
    let snrLeft = MixHarness.snr(native.left, left)
    let snrRight = MixHarness.snr(native.right, right)
    #expect(snrLeft >= 40, "SNR \(snrLeft) dB on the left")
    #expect(snrRight >= 40, "SNR \(snrRight) dB on the right")
    if identical {
      #expect(MixHarness.firstDifference(native.left, left) == nil)
      #expect(MixHarness.firstDifference(native.right, right) == nil)
    }
  }
}
