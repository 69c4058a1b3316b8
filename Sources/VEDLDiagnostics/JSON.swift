import Foundation

/// Any JSON value, for the parts of a document whose shape is not fixed: the dynamic part of
/// the language server's messages (params, results), OpenTimelineIO's `metadata` and
/// `parameters` (whatever the tool that wrote them put there), the rows of a batch's JSON
/// data file. Integers stay integers (request ids, positions: an OTIO file's integers are
/// written back as integers) and `true` is never confused with `1`. Read and written by
/// Foundation's `JSONDecoder`/`JSONEncoder` (`Codable`), which parse strictly and bound the
/// nesting of untrusted input.
public enum JSON: Sendable, Hashable {
  case null
  case bool(Bool)
  /// A number written without fraction or exponent that fits in `Int`.
  case integer(Int)
  /// Any other number.
  case double(Double)
  case string(String)
  case array([JSON])
  case object([String: JSON])

  /// The member `key` of an object; `nil` for a missing member or a non-object.
  public subscript(key: String) -> JSON? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  /// The string, if this is one.
  public var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  /// The integer, if this is a number with an integral value that fits in `Int`.
  public var integerValue: Int? {
    switch self {
    case .integer(let i): return i
    case .double(let d):
      guard d.rounded() == d, d >= -9.0e18, d <= 9.0e18 else { return nil }
      return Int(d)
    default: return nil
    }
  }

  /// The Boolean, if this is one.
  public var boolValue: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }

  /// The elements, if this is an array.
  public var arrayValue: [JSON]? {
    if case .array(let a) = self { return a }
    return nil
  }

  /// The members, if this is an object.
  public var objectValue: [String: JSON]? {
    if case .object(let o) = self { return o }
    return nil
  }

  /// Whether this is `null`.
  public var isNull: Bool { self == .null }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int) { self = .integer(value) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(arrayLiteral elements: JSON...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, JSON)...) {
    var members: [String: JSON] = [:]
    for (key, value) in elements { members[key] = value }
    self = .object(members)
  }
}

extension JSON: Codable {
  /// Reads any JSON value. Integral numbers that fit in `Int` become `.integer` (exactly, as
  /// `JSONDecoder` reads integers digit by digit), other numbers `.double`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let b = try? container.decode(Bool.self) {
      self = .bool(b)
    } else if let i = try? container.decode(Int.self) {
      self = .integer(i)
    } else if let d = try? container.decode(Double.self) {
      self = .double(d)
    } else if let s = try? container.decode(String.self) {
      self = .string(s)
    } else if let a = try? container.decode([JSON].self) {
      self = .array(a)
    } else {
      self = .object(try container.decode([String: JSON].self))
    }
  }

  /// Writes the value; a non-finite number, which JSON cannot spell, becomes `null`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let b): try container.encode(b)
    case .integer(let i): try container.encode(i)
    case .double(let d): if d.isFinite { try container.encode(d) } else { try container.encodeNil() }
    case .string(let s): try container.encode(s)
    case .array(let a): try container.encode(a)
    case .object(let o): try container.encode(o)
    }
  }
}

/// Why a text is not one JSON value (the decoder's own explanation).
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
  public let message: String
  public var description: String { message }
}

extension JSON {
  /// Parses one JSON text that fills all of `bytes` (surrounding whitespace allowed).
  public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSON {
    do {
      return try JSONDecoder().decode(JSON.self, from: Data(bytes))
    } catch let DecodingError.dataCorrupted(context) {
      throw JSONParseError(message: (context.underlyingError as? NSError)?.debugDescription ?? context.debugDescription)
    } catch {
      throw JSONParseError(message: "not a JSON value: \(error)")
    }
  }

  /// Parses a JSON text given as a string.
  public static func parse(_ text: String) throws(JSONParseError) -> JSON {
    try parse(Array(text.utf8))
  }

  /// The compact text of the value, on one line (``JSONOutput``): members in sorted key
  /// order, so the same value always gives the same text (tests compare them). Encoding a
  /// JSON value cannot fail: every case has a JSON spelling.
  public var text: String { JSONOutput(.line).text(of: self) }

  /// ``text`` as UTF-8 bytes.
  public var bytes: [UInt8] { Array(text.utf8) }

  /// The JSON value `JSONEncoder` writes for `value`: a document's `Codable` form (the
  /// resolved timeline's) as a dynamic value to send in a message.
  public init(encoding value: some Encodable) throws {
    self = try JSONDecoder().decode(JSON.self, from: JSONEncoder().encode(value))
  }
}
