import VEDLMedia
import VEDLTime

/// The few conversions between exact time and libav's integer clocks that the native
/// renderer needs, done the way FFmpeg does them so that both backends agree, plus libav's
/// process-wide log set-up.
enum LibavSetup {
  /// Makes sure libav's log callback is VEDLMedia's (silent unless a program chose a
  /// configuration), so that decoders and encoders print nothing to stderr.
  static func ensureLogging() {
    LibavLog.configure(LibavLog.configuration)
  }

  /// `seconds` in microseconds (`AV_TIME_BASE`), rounded to the nearest, halves away from
  /// zero — what FFmpeg makes of the decimal seconds the lowering prints in filter options.
  static func microseconds(_ seconds: Rational) -> Int64 {
    let scaled = seconds * Rational(1_000_000)
    let twice = scaled * Rational(2)
    return twice.isNegative ? -((-twice).floor + 1) / 2 : (twice.floor + 1) / 2
  }

  /// A time option of a filter (given to FFmpeg as decimal seconds, parsed to microseconds)
  /// converted to ticks of the canvas grid with `av_rescale_q`, as `fade` and `xfade` convert
  /// their `start_time`, `duration` and `offset`.
  static func canvasTicks(ofSeconds seconds: Rational, rate: FrameRate) -> Int64 {
    let f = rate.framesPerSecond
    let tick = LibavRational(Int32(clamping: f.denominator), Int32(clamping: f.numerator))
    return LibavRational.rescale(microseconds(seconds), from: .microseconds, to: tick)
  }
}
