import CFFmpeg
import VEDLTime

/// libav's integer ratio (`AVRational`) — a time base, a frame rate, an aspect ratio — as a
/// Swift value. Unlike `Rational` it may be `0/0` or `x/0` ("unknown"), as libav stores them.
public struct LibavRational: Hashable, Sendable {
  public var numerator: Int32
  public var denominator: Int32

  public init(_ numerator: Int32, _ denominator: Int32) {
    self.numerator = numerator
    self.denominator = denominator
  }

  init(_ value: AVRational) { self.init(value.num, value.den) }

  var avRational: AVRational { AVRational(num: numerator, den: denominator) }

  /// libav's microsecond clock (`AV_TIME_BASE_Q`).
  public static var microseconds: LibavRational { LibavRational(vedl_av_time_base_q()) }

  /// The exact value; `nil` when the denominator is 0.
  public var exactValue: Rational? { Rational(Int64(numerator), Int64(denominator)) }

  /// `value` ticks of `from` in ticks of `to`, rounded to the nearest (`av_rescale_q`).
  public static func rescale(_ value: Int64, from: LibavRational, to: LibavRational) -> Int64 {
    av_rescale_q(value, from.avRational, to.avRational)
  }
}
