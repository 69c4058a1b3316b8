import CFFmpeg
import VEDLTime

/// The exact value of an `AVRational`, or `nil` for FFmpeg's "unknown" (`0/0`, `x/0`) and,
/// where `zeroIsUnknown`, for `0/1` (how FFmpeg spells an unknown frame rate).
func rational(_ value: AVRational, zeroIsUnknown: Bool = false) -> Rational? {
  guard value.den != 0 else { return nil }
  if zeroIsUnknown && value.num == 0 { return nil }
  return Rational(Int64(value.num), Int64(value.den))
}

/// `timestamp × timeBase` in seconds, exactly; `nil` for `AV_NOPTS_VALUE`, an invalid time
/// base, or a product too large for `Rational`.
func timestamp(_ timestamp: Int64, in timeBase: AVRational) -> Rational? {
  guard timestamp != vedl_av_nopts_value(), let base = rational(timeBase), !base.isZero else {
    return nil
  }
  return Rational(timestamp).checkedMultiplying(base)
}
