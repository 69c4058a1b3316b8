/// A JSON value with object keys kept in insertion order, so that output is stable and
/// reads in a logical order (`file`, `severity`, `code`, … rather than alphabetical).
/// Serialization escapes exactly what RFC 8259 requires plus nothing else, so non-ASCII
/// text stays readable UTF-8.
enum JSONValue: Sendable, Hashable {
  case string(String)
  case integer(Int)
  case array([JSONValue])
  case object([(key: String, value: JSONValue)])

  static func == (a: JSONValue, b: JSONValue) -> Bool { a.serialized() == b.serialized() }
  func hash(into hasher: inout Hasher) { hasher.combine(serialized()) }

  /// Compact JSON text (no insignificant whitespace).
  func serialized() -> String {
    var out = ""
    write(to: &out)
    return out
  }

  /// Appends the compact JSON text of the value to `out`.
  func write(to out: inout String) {
    switch self {
    case .string(let text):
      JSONValue.writeString(text, to: &out)
    case .integer(let number):
      out += String(number)
    case .array(let elements):
      out += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { out += "," }
        element.write(to: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { out += "," }
        JSONValue.writeString(member.key, to: &out)
        out += ":"
        member.value.write(to: &out)
      }
      out += "}"
    }
  }

  /// Writes `text` as a JSON string literal: `"` and `\` escaped, control characters as
  /// `\n`, `\t`, … or `\u00XX`, everything else as UTF-8.
  static func writeString(_ text: String, to out: inout String) {
    out += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      case "\u{00}"..."\u{1F}":
        let hex = String(scalar.value, radix: 16, uppercase: false)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default:
        out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}
