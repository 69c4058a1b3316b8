import VEDLTime

/// How exact values are written into filter options and expressions. This is the one place
/// where rationals leave the exact world: as decimal seconds (FFmpeg parses durations to the
/// microsecond) or as exact `(n/d)` terms inside expressions, which FFmpeg evaluates in
/// double precision.
enum OptionText {
  /// Seconds as decimal text: exact when the value has at most six decimal places, otherwise
  /// rounded to the nearest microsecond (FFmpeg's duration resolution).
  static func seconds(_ r: Rational) -> String {
    if let exact = r.exactDecimal, exact.split(separator: ".").dropFirst().first.map({ $0.count <= 6 }) ?? true {
      return exact
    }
    return trimmed(r.decimalText(fractionDigits: 6))
  }

  /// A plain number for options FFmpeg reads as a double: exact when it has at most six
  /// decimal places, else rounded to six.
  static func number(_ r: Rational) -> String { seconds(r) }

  /// A number for an FFmpeg expression: `n` when whole, `(n/d)` otherwise — exact up to the
  /// double arithmetic of the evaluator.
  static func expression(_ r: Rational) -> String {
    if r.isInteger { return r.numerator < 0 ? "(\(r.numerator))" : String(r.numerator) }
    return "(\(r.numerator)/\(r.denominator))"
  }

  /// A frame rate as FFmpeg parses it exactly: `30`, `30000/1001`.
  static func rate(_ rate: FrameRate) -> String { rate.description }

  /// The time base `1/F` as an expression for `settb`: `1/30`, `1001/30000`.
  static func timeBase(_ rate: FrameRate) -> String {
    let f = rate.framesPerSecond
    return "\(f.denominator)/\(f.numerator)"
  }

  /// A colour `0xRRGGBBAA` as `av_parse_color` reads it.
  static func color(_ rgba: UInt32) -> String {
    let hex = String(rgba, radix: 16, uppercase: true)
    return "0x" + String(repeating: "0", count: max(0, 8 - hex.count)) + hex
  }

  /// An opaque colour: `rgba` composed over black (the canvas has no alpha).
  static func opaque(_ rgba: UInt32) -> UInt32 {
    let a = rgba & 0xFF
    guard a != 0xFF else { return rgba }
    func channel(_ shift: UInt32) -> UInt32 { (((rgba >> shift) & 0xFF) * a + 127) / 255 }
    return (channel(24) << 24) | (channel(16) << 16) | (channel(8) << 8) | 0xFF
  }

  /// The red, green, blue and alpha components of `0xRRGGBBAA`, 0…255.
  static func components(_ rgba: UInt32) -> (r: Int, g: Int, b: Int, a: Int) {
    (Int((rgba >> 24) & 0xFF), Int((rgba >> 16) & 0xFF), Int((rgba >> 8) & 0xFF), Int(rgba & 0xFF))
  }

  private static func trimmed(_ text: String) -> String {
    guard text.contains(".") else { return text }
    var t = Substring(text)
    while t.hasSuffix("0") { t = t.dropLast() }
    if t.hasSuffix(".") { t = t.dropLast() }
    return t == "-0" ? "0" : String(t)
  }
}
