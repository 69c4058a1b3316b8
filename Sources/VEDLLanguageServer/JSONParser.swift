/// Why a JSON text could not be parsed.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
  public let message: String
  /// Byte offset of the problem.
  public let offset: Int

  public var description: String { "\(message) at byte \(offset)" }
}

/// A strict RFC 8259 parser over UTF-8 bytes. Nesting is limited (``maximumDepth``) so that
/// hostile input cannot exhaust the stack; invalid UTF-8 and lone surrogates in strings become
/// U+FFFD rather than errors, because the text is what a client meant to send.
public struct JSONParser {
  /// Deepest nesting of arrays and objects accepted.
  public static let maximumDepth = 256

  private let bytes: [UInt8]
  private var i = 0
  private var depth = 0

  /// Parses one JSON value that fills all of `bytes` (surrounding whitespace allowed).
  public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSON {
    var parser = JSONParser(bytes: bytes)
    parser.skipWhitespace()
    let value = try parser.value()
    parser.skipWhitespace()
    guard parser.i == bytes.count else { throw parser.error("unexpected text after the JSON value") }
    return value
  }

  /// Parses a JSON text given as a string.
  public static func parse(_ text: String) throws(JSONParseError) -> JSON {
    try parse(Array(text.utf8))
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private func error(_ message: String) -> JSONParseError { JSONParseError(message: message, offset: i) }

  private mutating func skipWhitespace() {
    while i < bytes.count {
      switch bytes[i] {
      case 0x20, 0x09, 0x0A, 0x0D: i += 1
      default: return
      }
    }
  }

  private mutating func value() throws(JSONParseError) -> JSON {
    guard i < bytes.count else { throw error("unexpected end of input") }
    switch bytes[i] {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): try literal("true"); return .bool(true)
    case UInt8(ascii: "f"): try literal("false"); return .bool(false)
    case UInt8(ascii: "n"): try literal("null"); return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw error("unexpected character")
    }
  }

  private mutating func literal(_ word: String) throws(JSONParseError) {
    for expected in word.utf8 {
      guard i < bytes.count else { throw error("unexpected end of input") }
      guard bytes[i] == expected else { throw error("invalid literal") }
      i += 1
    }
  }

  private mutating func enter() throws(JSONParseError) {
    depth += 1
    if depth > JSONParser.maximumDepth { throw error("nesting deeper than \(JSONParser.maximumDepth)") }
  }

  private mutating func object() throws(JSONParseError) -> JSON {
    try enter()
    i += 1
    var members: [String: JSON] = [:]
    skipWhitespace()
    if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
      i += 1
      depth -= 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a member name") }
      let key = try string()
      skipWhitespace()
      guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected `:`") }
      i += 1
      skipWhitespace()
      members[key] = try value()
      skipWhitespace()
      guard i < bytes.count else { throw error("unexpected end of input") }
      if bytes[i] == UInt8(ascii: ",") {
        i += 1
        continue
      }
      guard bytes[i] == UInt8(ascii: "}") else { throw error("expected `,` or `}`") }
      i += 1
      depth -= 1
      return .object(members)
    }
  }

  private mutating func array() throws(JSONParseError) -> JSON {
    try enter()
    i += 1
    var elements: [JSON] = []
    skipWhitespace()
    if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
      i += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try value())
      skipWhitespace()
      guard i < bytes.count else { throw error("unexpected end of input") }
      if bytes[i] == UInt8(ascii: ",") {
        i += 1
        continue
      }
      guard bytes[i] == UInt8(ascii: "]") else { throw error("expected `,` or `]`") }
      i += 1
      depth -= 1
      return .array(elements)
    }
  }

  private mutating func number() throws(JSONParseError) -> JSON {
    let start = i
    if bytes[i] == UInt8(ascii: "-") { i += 1 }
    func digits() -> Int {
      let from = i
      while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
      return i - from
    }
    guard i < bytes.count else { throw error("unexpected end of input") }
    if bytes[i] == UInt8(ascii: "0") {
      i += 1
    } else if digits() == 0 {
      throw error("expected a digit")
    }
    var isInteger = true
    if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
      i += 1
      isInteger = false
      guard digits() > 0 else { throw error("expected a digit after `.`") }
    }
    if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
      i += 1
      isInteger = false
      if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
      guard digits() > 0 else { throw error("expected a digit in the exponent") }
    }
    let text = String(decoding: bytes[start..<i], as: UTF8.self)
    if isInteger, let value = Int(text) { return .integer(value) }
    guard let value = Double(text) else { throw error("invalid number") }
    return .double(value)
  }

  private mutating func hexQuad() throws(JSONParseError) -> UInt32 {
    guard i + 4 <= bytes.count else { throw error("unexpected end of input in `\\u` escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let b = bytes[i]
      let digit: UInt32
      switch b {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
      default: throw error("invalid hex digit in `\\u` escape")
      }
      value = value * 16 + digit
      i += 1
    }
    return value
  }

  private mutating func string() throws(JSONParseError) -> String {
    i += 1  // the opening quote
    var out: [UInt8] = []
    var runStart = i
    while true {
      guard i < bytes.count else { throw error("unterminated string") }
      let b = bytes[i]
      if b == UInt8(ascii: "\"") {
        out.append(contentsOf: bytes[runStart..<i])
        i += 1
        return String(decoding: out, as: UTF8.self)
      }
      if b < 0x20 { throw error("control character in string") }
      if b != UInt8(ascii: "\\") {
        i += 1
        continue
      }
      out.append(contentsOf: bytes[runStart..<i])
      i += 1
      guard i < bytes.count else { throw error("unterminated escape") }
      let e = bytes[i]
      i += 1
      switch e {
      case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
      case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
      case UInt8(ascii: "/"): out.append(UInt8(ascii: "/"))
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = try hexQuad()
        if scalar >= 0xD800, scalar < 0xDC00 {
          // A high surrogate: a low one must follow, else the pair is broken.
          if i + 6 <= bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
            let save = i
            i += 2
            let low = try hexQuad()
            if low >= 0xDC00, low < 0xE000 {
              scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else {
              i = save
              scalar = 0xFFFD
            }
          } else {
            scalar = 0xFFFD
          }
        } else if scalar >= 0xDC00, scalar < 0xE000 {
          scalar = 0xFFFD
        }
        out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8))
      default:
        throw error("invalid escape")
      }
      runStart = i
    }
  }
}
