import VEDLDiagnostics
import VEDLSource
import VEDLSyntax
import VEDLTime

extension CheckRun {
  /// `loudness:` and `truePeak:` of an export: the target, or `nil` when there is none or
  /// something is wrong (reported).
  func evaluateLoudness(_ args: BoundArguments, format: Export.Format) -> LoudnessTarget? {
    let peakArgument = args.labelled["truePeak"]
    guard let loudnessArgument = args.labelled["loudness"] else {
      if let peakArgument {
        report(
          .truePeakOutOfRange, "`truePeak:` needs `loudness:`", peakArgument.span,
          notes: ["the ceiling is kept by the limiter of the loudness normalisation"],
          help: "add e.g. `loudness: -14dB`, or remove `truePeak:`")
      }
      return nil
    }
    if format == .png {
      report(
        .loudnessOnStill, "a `.png` still has no sound to normalise", loudnessArgument.span,
        help: "remove `loudness:`")
      return nil
    }
    var target: LoudnessTarget
    let type = ValueType.oneOf([.gain, .enumeration(Enumerations.loudnessPreset)])
    switch evaluate(loudnessArgument.value, expected: type) {
    case .gain(let g)?:
      guard g >= LoudnessTarget.quietest && g <= LoudnessTarget.loudest else {
        report(
          .loudnessOutOfRange, "a loudness of \(g.exactDecimal ?? g.description) LUFS is out of range",
          loudnessArgument.value.span,
          notes: [
            "targets go from \(LoudnessTarget.quietest)dB to \(LoudnessTarget.loudest)dB (LUFS); platforms use -14dB, broadcast -23dB"
          ],
          help: g.isPositive ? "loudness targets are negative, e.g. `-\(g.exactDecimal ?? g.description)dB`" : nil)
        return nil
      }
      target = LoudnessTarget(integrated: g, truePeak: Rational(-1))
    case .word(let w)?:
      guard let preset = LoudnessTarget.presets.first(where: { $0.name == w }) else { return nil }
      target = LoudnessTarget(integrated: preset.integrated, truePeak: preset.truePeak, preset: w)
    default:
      return nil
    }
    if let peakArgument {
      guard case .gain(let p)? = evaluate(peakArgument.value, expected: .gain) else { return nil }
      guard p >= LoudnessTarget.lowestCeiling && p <= LoudnessTarget.highestCeiling else {
        report(
          .truePeakOutOfRange, "a true-peak ceiling of \(p.exactDecimal ?? p.description) dBTP is out of range",
          peakArgument.value.span,
          notes: ["ceilings go from \(LoudnessTarget.lowestCeiling)dB to 0dB (full scale); -1dB is usual"])
        return nil
      }
      target.truePeak = p
    }
    target.span = loudnessArgument.span
    if !editMayHaveSound {
      report(
        .loudnessWithoutSound, "nothing in this edit makes sound; `loudness:` does nothing", loudnessArgument.span,
        help: "remove `loudness:`, or add sound")
    }
    return target
  }

  /// Whether some clip may sound: a clip of sound, or of a video whose facts are unknown or
  /// say it has a sound stream, not muted.
  private var editMayHaveSound: Bool {
    tracks.contains { track in
      track.kind != nil
        && track.items.contains { item in
          guard item.kind == .clip, !item.muted, let index = item.source else { return false }
          let source = sources[index]
          return source.hasSound || (source.kind == .video && source.facts == nil)
        }
    }
  }
}
