import VEDLTime

/// Spells times the way caption files write them: `HH:MM:SS,mmm` (SRT) and `HH:MM:SS.mmm`
/// (WebVTT).
///
/// Caption formats have millisecond resolution while VEDL times are exact rationals, so
/// writing a time rounds it down (floors) to a whole millisecond: a cue never appears
/// earlier than the timeline says, and `1/3 s` becomes `00:00:00,333`.
enum CaptionTimestampText {
  /// `floor(seconds × 1000)`, clamped to `0...` (caption files cannot express negative
  /// times) and to `Int64.max` when the value is too large to convert.
  static func flooredMilliseconds(_ seconds: Rational) -> Int64 {
    guard seconds.isPositive else { return 0 }
    if let scaled = seconds.checkedMultiplying(Rational(1000)) { return scaled.floor }
    // Too large to scale directly: split into whole seconds and the remainder.
    let whole = seconds.floor
    let remainder = seconds.checkedSubtracting(Rational(whole)) ?? .zero
    let fraction = remainder.checkedMultiplying(Rational(1000))?.floor ?? 0
    let (ms, o1) = whole.multipliedReportingOverflow(by: 1000)
    let (sum, o2) = ms.addingReportingOverflow(fraction)
    return (o1 || o2) ? Int64.max : sum
  }

  /// The time in whole milliseconds when it has no finer part, otherwise `nil`.
  static func exactMilliseconds(_ seconds: Rational) -> Int64? {
    guard !seconds.isNegative, let scaled = seconds.checkedMultiplying(Rational(1000)), scaled.isInteger else {
      return nil
    }
    return scaled.numerator
  }

  /// Formats `milliseconds` (≥ 0) as a timestamp. Hours get at least two digits; with
  /// `includeHours: false` (WebVTT only, times under an hour) they are left out.
  static func format(milliseconds: Int64, format: CaptionFormat, includeHours: Bool = true) -> String {
    let ms = max(0, milliseconds)
    let hours = ms / 3_600_000
    let minutes = ms / 60_000 % 60
    let seconds = ms / 1000 % 60
    let millis = ms % 1000
    let separator = format == .srt ? "," : "."
    let tail = "\(pad(minutes, 2)):\(pad(seconds, 2))\(separator)\(pad(millis, 3))"
    if !includeHours, format == .vtt, hours == 0 { return tail }
    return "\(pad(hours, 2)):" + tail
  }

  private static func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
  }
}
