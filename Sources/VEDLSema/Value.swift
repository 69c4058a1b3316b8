import VEDLTime

/// A checked value of the language. Times are exact seconds; frames and timecodes have
/// already been converted at the canvas rate.
public enum Value: Hashable, Sendable {
  case number(Rational)
  /// Seconds.
  case duration(Rational)
  /// Half-open `[start, end)` in seconds.
  case range(Rational, Rational)
  case ratio(Int64, Int64)
  case size(Int64, Int64)
  /// Decibels.
  case gain(Rational)
  case speed(Rational)
  /// Degrees, clockwise.
  case angle(Rational)
  /// 0xRRGGBBAA.
  case color(UInt32)
  case string(String)
  case bool(Bool)
  /// An index into the timeline's source table.
  case source(Int)
  /// A bare word accepted by an enumeration (`horizontal`) or naming an item (`loop`).
  case word(String)
  /// `dynamic(maximumTracks: 2)`.
  case call(String, [String: Value])

  /// The type's name for messages: "Duration", "Number", …
  public var typeName: String {
    switch self {
    case .number: "Number"
    case .duration: "Duration"
    case .range: "Range"
    case .ratio: "Ratio"
    case .size: "Size"
    case .gain: "Gain"
    case .speed: "Speed"
    case .angle: "Angle"
    case .color: "Color"
    case .string: "String"
    case .bool: "Bool"
    case .source: "Source"
    case .word(let w): "`\(w)`"
    case .call(let name, _): "\(name)(…)"
    }
  }

  /// Text used when the value is interpolated into a string (`"\(n)"`).
  public var interpolationText: String {
    switch self {
    case .number(let r): r.exactDecimal ?? String(r.doubleValue)
    case .duration(let r): r.secondsDescription
    case .range(let a, let b): "\(a.secondsDescription)..\(b.secondsDescription)"
    case .ratio(let a, let b): "\(a):\(b)"
    case .size(let w, let h): "\(w)x\(h)"
    case .gain(let r): (r.exactDecimal ?? String(r.doubleValue)) + "dB"
    case .speed(let r): (r.exactDecimal ?? String(r.doubleValue)) + "x"
    case .angle(let r): (r.exactDecimal ?? String(r.doubleValue)) + "deg"
    case .color(let c): ColorNames.hex(c)
    case .string(let s): s
    case .bool(let b): b ? "true" : "false"
    case .source(let i): "source #\(i)"
    case .word(let w): w
    case .call(let name, _): name
    }
  }
}

/// CSS basic colour names, accepted wherever a colour is expected.
public enum ColorNames {
  public static let table: [String: UInt32] = [
    "black": 0x0000_00FF, "white": 0xFFFF_FFFF, "red": 0xFF00_00FF, "green": 0x0080_00FF, "lime": 0x00FF_00FF,
    "blue": 0x0000_FFFF, "yellow": 0xFFFF_00FF, "cyan": 0x00FF_FFFF, "aqua": 0x00FF_FFFF, "magenta": 0xFF00_FFFF,
    "fuchsia": 0xFF00_FFFF, "gray": 0x8080_80FF, "grey": 0x8080_80FF, "silver": 0xC0C0_C0FF, "maroon": 0x8000_00FF,
    "olive": 0x8080_00FF, "navy": 0x0000_80FF, "purple": 0x8000_80FF, "teal": 0x0080_80FF, "orange": 0xFFA5_00FF,
    "transparent": 0x0000_0000,
  ]

  /// `#RRGGBBAA`.
  public static func hex(_ c: UInt32) -> String {
    let s = String(c, radix: 16, uppercase: true)
    return "#" + String(repeating: "0", count: max(0, 8 - s.count)) + s
  }
}
