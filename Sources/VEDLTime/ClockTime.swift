/// Wall-clock timecodes `HH:MM:SS.fff…`: exact seconds, any number of fractional digits
/// (`00:01:02.500` is exactly 62.5 s). Unlike `Timecode` these do not depend on a frame rate.
public enum ClockTime {
  /// Parses `HH:MM:SS` or `HH:MM:SS.f…` (hours one or more digits, minutes and seconds exactly
  /// two, minutes and seconds below 60). A comma may stand for the point, as SubRip writes it.
  public static func parse(_ text: some StringProtocol) -> Result<Rational, TimecodeError> {
    let string = String(text)
    let shape = "HH:MM:SS.fff"
    let groups = string.split(separator: ":", omittingEmptySubsequences: false)
    guard groups.count == 3, groups[1].count == 2 else {
      return .failure(.malformed(text: string, expected: shape))
    }
    let last = groups[2]
    let separator = last.firstIndex(where: { $0 == "." || $0 == "," })
    let secondsText = separator.map { last[..<$0] } ?? last
    let fractionText = separator.map { last[last.index(after: $0)...] } ?? Substring()
    guard secondsText.count == 2, separator == nil || !fractionText.isEmpty else {
      return .failure(.malformed(text: string, expected: shape))
    }
    let wholeGroups = [groups[0], groups[1], secondsText]
    var values: [Int64] = []
    for group in wholeGroups {
      guard !group.isEmpty, group.allSatisfy({ Rational.digitValue($0) != nil }) else {
        return .failure(.malformed(text: string, expected: shape))
      }
      guard let value = Rational.parseInteger(group, allowingMinus: false) else {
        return .failure(.valueTooLarge)
      }
      values.append(value)
    }
    guard fractionText.allSatisfy({ Rational.digitValue($0) != nil }) else {
      return .failure(.malformed(text: string, expected: shape))
    }
    let (hours, minutes, seconds) = (values[0], values[1], values[2])
    guard minutes < 60 else { return .failure(.minutesOutOfRange(minutes)) }
    guard seconds < 60 else { return .failure(.secondsOutOfRange(seconds)) }
    let (h, o1) = hours.multipliedReportingOverflow(by: 3600)
    let (total, o2) = h.addingReportingOverflow(minutes * 60 + seconds)
    guard !o1, !o2, let fraction = Rational.decimalFraction(fractionText),
      let value = Rational(total).checkedAdding(fraction)
    else { return .failure(.valueTooLarge) }
    return .success(value)
  }

  /// `t` as `HH:MM:SS.fff` with `fractionDigits` places (clamped to 0…18; no separator when 0),
  /// rounded by `rule` — by default down, like the frame grid, so a time never displays later
  /// than it is. Negative times get a leading `-`. Hours widen past two digits as needed.
  public static func format(
    _ t: Rational, fractionDigits: Int = 3, rounding rule: FloatingPointRoundingRule = .down,
    decimalSeparator: Character = "."
  ) -> String {
    let r = t.roundedDecimal(fractionDigits: fractionDigits, rounding: rule)
    var text = (r.isNegative ? "-" : "") + clock(wholeSeconds: r.whole)
    if r.fractionDigits > 0 { text += String(decimalSeparator) + r.paddedFraction }
    return text
  }

  /// `t` as `HH:MM:SS` followed by as many fractional digits as its exact value needs
  /// (`00:00:01.5`, `00:00:02`), or `nil` when it has no finite decimal expansion (`1/30`).
  public static func formatExact(_ t: Rational) -> String? {
    guard var decimal = t.exactDecimal else { return nil }
    let negative = decimal.hasPrefix("-")
    if negative { decimal.removeFirst() }
    let parts = decimal.split(separator: ".", maxSplits: 1)
    guard let whole = UInt64(parts[0]) else { return nil }
    var text = (negative ? "-" : "") + clock(wholeSeconds: whole)
    if parts.count == 2 { text += "." + parts[1] }
    return text
  }

  /// `HH:MM:SS` of a whole number of seconds.
  private static func clock(wholeSeconds: UInt64) -> String {
    let h = wholeSeconds / 3600
    let m = wholeSeconds % 3600 / 60
    let s = wholeSeconds % 60
    return "\(Timecode.pad(h, 2)):\(Timecode.pad(m, 2)):\(Timecode.pad(s, 2))"
  }
}
