/// A JSON value, as JSON-RPC carries it. The server's own type rather than Foundation's
/// `JSONSerialization`, so that integers stay integers (request ids, positions), `true` is
/// never confused with `1`, and parsing is strict and bounded on untrusted input.
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
