/// Serializes ``JSON`` compactly. Object members are written in sorted key order, so the
/// same value always gives the same bytes (tests compare them); strings escape exactly what
/// RFC 8259 requires, and non-finite numbers become `null`.
public enum JSONWriter {
  /// The compact UTF-8 text of `value`.
  public static func bytes(_ value: JSON) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(256)
    write(value, to: &out)
    return out
  }

  /// The compact text of `value`.
  public static func string(_ value: JSON) -> String {
    String(decoding: bytes(value), as: UTF8.self)
  }

  private static func write(_ value: JSON, to out: inout [UInt8]) {
    switch value {
    case .null: out.append(contentsOf: "null".utf8)
    case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
    case .integer(let n): out.append(contentsOf: String(n).utf8)
    case .double(let d):
      if !d.isFinite {
        out.append(contentsOf: "null".utf8)
      } else if d.rounded() == d, abs(d) < 1e15 {
        out.append(contentsOf: String(Int(d)).utf8)
      } else {
        out.append(contentsOf: "\(d)".utf8)
      }
    case .string(let s): writeString(s, to: &out)
    case .array(let elements):
      out.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        write(element, to: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      out.append(UInt8(ascii: "{"))
      for (index, key) in members.keys.sorted().enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        writeString(key, to: &out)
        out.append(UInt8(ascii: ":"))
        write(members[key]!, to: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  private static func writeString(_ s: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for b in s.utf8 {
      switch b {
      case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
      case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case 0..<0x20:
        out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
        out.append(hexDigits[Int(b >> 4)])
        out.append(hexDigits[Int(b & 0xF)])
      default: out.append(b)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
