import VEDLSema
import VEDLTime

/// The sound a `waveform(audio: SOURCE, …)` draws (docs/language.md, Waveforms): `SOURCE`
/// from its start at 48 kHz, its channels mixed to mono — the mean of its channels: a
/// tone's one channel as it is; a file's first audio stream decoded and converted as a clip
/// of it is (without trim, speed, volume or fades), the mean of the stereo it becomes, and
/// a mono file at its own level (its −3 dB in each channel undone). Both backends draw from these
/// samples: the native renderer directly, the FFmpeg backend through the envelope image
/// VEDLRender writes before lowering.
public enum WaveformSound {
  /// The first `count` mono samples of `source` (an `audio(…)` or `tone(…)` source);
  /// fewer when a file's sound ends sooner.
  public static func samples(of source: SourceInfo, count: Int) throws(AudioMixError) -> [Float] {
    guard count > 0 else { return [] }
    switch source.kind {
    case .tone:
      var signal = ToneSignal(
        frequency: FilterOptionNumber.double(source.frequency ?? Rational(440)), sampleRate: Int(48_000))
      return signal.nextFloats(count)
    case .audio:
      guard let path = source.path else { throw AudioMixError("an audio source has no path") }
      // The whole needed length, plus a second, in microseconds (as `atrim` reads it).
      let end = (Int64(count) / 48_000 + 2) * 1_000_000
      let sound = try FileSound(
        ClipSound.FileSource(
          path: path, seek: nil, trimStartMicroseconds: 0, trimEndMicroseconds: end, tempoFactors: []),
        sampleRate: 48_000)
      var left: [Float] = []
      var right: [Float] = []
      left.reserveCapacity(count)
      right.reserveCapacity(count)
      try sound.read(count, into: &left, &right)
      // A mono file reaches both channels of the mix at −3 dB (swresample's matrix for a
      // centre channel); drawn as its own samples, undone here.
      let scale: Float = try isMono(path) ? Float(2).squareRoot() / 2 : 0.5
      return zip(left, right).map { ($0 + $1) * scale }
    default:
      throw AudioMixError("a waveform draws an `audio(…)` or `tone(…)` source, not \(source.kind.rawValue)")
    }
  }

  /// Whether the first audio stream of `path` has one channel (by its first decoded block).
  static func isMono(_ path: String) throws(AudioMixError) -> Bool {
    let decoder = try AudioFileDecoder(path: path, seek: nil)
    return try decoder.nextFrame()?.channelCount == 1
  }
}
