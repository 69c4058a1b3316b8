/// Any JSON value: OTIO's `metadata` and `parameters` dictionaries hold whatever the tool that
/// wrote them put there, and an import keeps them to show in comments.
public enum OTIOAny: Codable, Hashable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([OTIOAny])
  case object([String: OTIOAny])

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let b = try? container.decode(Bool.self) {
      self = .bool(b)
    } else if let n = try? container.decode(Double.self) {
      self = .number(n)
    } else if let s = try? container.decode(String.self) {
      self = .string(s)
    } else if let a = try? container.decode([OTIOAny].self) {
      self = .array(a)
    } else {
      self = .object(try container.decode([String: OTIOAny].self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let b): try container.encode(b)
    case .number(let n): try container.encode(n)
    case .string(let s): try container.encode(s)
    case .array(let a): try container.encode(a)
    case .object(let o): try container.encode(o)
    }
  }

  /// The string, for a `.string`.
  public var string: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  /// The dictionary, for an `.object`.
  public var object: [String: OTIOAny]? {
    if case .object(let o) = self { return o }
    return nil
  }
}
