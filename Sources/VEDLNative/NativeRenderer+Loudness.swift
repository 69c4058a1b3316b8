import VEDLNativeAudio
import VEDLSema

extension NativeRenderer {
  /// The sound the render encodes: the timeline's mix, loudness-corrected when the export
  /// asks for it (`loudness:`) with ``loudnessCorrection`` — VEDLRender's `RenderPlan`
  /// measures it (the mix, then the encoded sound) for both backends; a renderer used on
  /// its own without it runs the mix-only pass of ``LoudnessNormaliser``.
  func mixedSound() throws(AudioMixError) -> any MixedSound {
    let mixer = try TimelineAudioMixer(timeline: timeline, sampleRate: Self.sampleRate)
    guard mixer.hasSound, let target = export?.loudness else { return mixer }
    let correction: LoudnessCorrection?
    if let known = loudnessCorrection {
      correction = known
    } else {
      correction = try LoudnessNormaliser.correction(for: timeline, target: target, sampleRate: Self.sampleRate)?
        .correction
    }
    guard let correction else { return mixer }
    return try LoudnessStage(mixer, correction: correction, sampleRate: Self.sampleRate)
  }
}
