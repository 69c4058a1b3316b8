import Foundation
import VEDLSema

/// A clip's volume and fades, applied sample by sample with the arithmetic of the FFmpeg
/// filters the backend uses, so the native mix matches it to the bit:
/// - `volume=GdB`: the gain `10^(G/20)` (computed as FFmpeg does, `exp2(G/20 · log₂10)`),
///   rounded to `Float`, multiplies each sample in `Float`;
/// - `afade … curve=tri` (linear): sample `c` of a fade-in over `[s, s+n)` is multiplied by
///   `clip((c − s)/n, 0, 1)`, of a fade-out by `clip((s + n − c)/n, 0, 1)` — so a fade-out
///   reaches 0 at `s + n`, one past its last sample — in `Double`, stored back as `Float`;
/// - a tone without volume fades in 16-bit integers (truncated toward zero), as FFmpeg's
///   format negotiation leaves `afade` on `sine`'s 16-bit samples there.
struct SoundEnvelope {
  /// One `afade`: its first sample and its length (`start_sample`, `nb_samples`).
  struct Ramp {
    var start: Int64
    var length: Int64
  }

  /// The linear gain of `volume`, or `nil` when the clip has none (0 dB: no `volume` filter).
  var gain: Float?
  /// An animated volume (instead of `gain`), evaluated at every sample in double precision, as
  /// the FFmpeg backend's `aeval` does.
  var animatedVolume: Animation.SampledVolume? = nil
  var fadeIn: Ramp?
  var fadeOut: Ramp?
  /// The fades work on 16-bit samples.
  var isSixteenBit: Bool

  /// FFmpeg's `ff_exp10(dB / 20)`: the linear factor of a gain in decibels.
  static func linearGain(decibels: Double) -> Double {
    exp2(3.32192809488736234787 * (decibels / 20))
  }

  /// The fade-in factor at sample `c`.
  static func fadeInFactor(_ ramp: Ramp, at c: Int64) -> Double {
    min(max(Double(c - ramp.start) / Double(ramp.length), 0), 1)
  }

  /// The fade-out factor at sample `c`.
  static func fadeOutFactor(_ ramp: Ramp, at c: Int64) -> Double {
    min(max(Double(ramp.start + ramp.length - c) / Double(ramp.length), 0), 1)
  }

  /// Applies the envelope to `left`/`right`, whose first sample is the clip's sample `first`.
  ///
  /// Samples a fade leaves at full level are not touched (multiplying by 1 changes nothing,
  /// in either number format), so the work is one pass for the volume and one over each fade.
  func apply(to left: inout [Float], _ right: inout [Float], first: Int64) {
    if let gain {
      for i in left.indices {
        left[i] *= gain
        right[i] *= gain
      }
    } else if let animatedVolume {
      for i in left.indices {
        let factor = Self.linearGain(decibels: animatedVolume.decibels(atSample: first + Int64(i)))
        left[i] = Float(Double(left[i]) * factor)
        right[i] = Float(Double(right[i]) * factor)
      }
    }
    let end = first + Int64(left.count)
    if let fadeIn, first < min(end, fadeIn.start + fadeIn.length) {
      // Below full level up to the fade's end (silent before its start).
      for c in first..<min(end, fadeIn.start + fadeIn.length) {
        let i = Int(c - first)
        let factor = Self.fadeInFactor(fadeIn, at: c)
        left[i] = scale(left[i], by: factor)
        right[i] = scale(right[i], by: factor)
      }
    }
    if let fadeOut, max(first, fadeOut.start) < end {
      // Below full level from the fade's start on (silent after its end).
      for c in max(first, fadeOut.start)..<end {
        let i = Int(c - first)
        let factor = Self.fadeOutFactor(fadeOut, at: c)
        left[i] = scale(left[i], by: factor)
        right[i] = scale(right[i], by: factor)
      }
    }
  }

  /// One sample through one fade: in `Double`, stored as `Float`, or in 16-bit integers
  /// truncated toward zero.
  private func scale(_ sample: Float, by factor: Double) -> Float {
    if isSixteenBit {
      let value = Int16(clamping: Int(sample * 32768))
      return Float(Int16(Double(value) * factor)) / 32768
    }
    return Float(Double(sample) * factor)
  }
}
