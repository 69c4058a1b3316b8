/// A JSON value with object members in the order written, printed with two-space
/// indentation — the metadata file is read by people as much as by programs, so it keeps a
/// logical order (`hash` first, then the output's facts) and a stable layout.
indirect enum JSONText: Sendable, Hashable {
  case string(String)
  case integer(Int64)
  case number(Double)
  case array([JSONText])
  case object([Member])

  struct Member: Sendable, Hashable {
    var key: String
    var value: JSONText
  }

  /// The value as indented JSON text (no trailing newline).
  func printed(indent: Int = 0) -> String {
    let padding = String(repeating: "  ", count: indent)
    let inner = String(repeating: "  ", count: indent + 1)
    switch self {
    case .string(let text):
      return Self.quoted(text)
    case .integer(let value):
      return String(value)
    case .number(let value):
      if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
      return value.isFinite ? String(value) : "null"
    case .array(let elements):
      guard !elements.isEmpty else { return "[]" }
      return "[\n" + elements.map { inner + $0.printed(indent: indent + 1) }.joined(separator: ",\n") + "\n\(padding)]"
    case .object(let members):
      guard !members.isEmpty else { return "{}" }
      return "{\n"
        + members.map { inner + Self.quoted($0.key) + ": " + $0.value.printed(indent: indent + 1) }
        .joined(separator: ",\n") + "\n\(padding)}"
    }
  }

  /// `text` as a JSON string: `"` and `\` escaped, control characters (and U+2028/U+2029,
  /// line breaks to JavaScript and to some line readers) as escapes, the rest as UTF-8. The
  /// metadata and `vedl batch --plan`'s lines both use it.
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{00}"..."\u{1F}", "\u{2028}", "\u{2029}":
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default:
        out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}

extension JSONText: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
  init(stringLiteral value: String) { self = .string(value) }
  init(integerLiteral value: Int64) { self = .integer(value) }
}
