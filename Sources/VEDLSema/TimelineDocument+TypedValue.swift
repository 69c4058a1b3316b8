import VEDLTime

extension TimelineDocument {
  /// A checked ``Value`` in the typed JSON form `{"type": …, …}` (docs/ir.md), exact values
  /// as strings: `{"type": "duration", "exact": "3/2", "value": 1.5}`, `{"type": "range",
  /// "start": {…}, "end": {…}}`, `{"type": "ratio", "width": 9, "height": 16}`,
  /// `{"type": "color", "value": "#FF0000FF"}`, `{"type": "call", "name": …, "arguments": {…}}`.
  public enum TypedValue: Codable, Sendable, Hashable {
    case number(ExactNumber)
    case duration(ExactNumber)
    case range(start: ExactNumber, end: ExactNumber)
    case ratio(width: Int64, height: Int64)
    case size(width: Int64, height: Int64)
    case gain(ExactNumber)
    case speed(ExactNumber)
    case angle(ExactNumber)
    /// `#RRGGBBAA`.
    case color(String)
    case string(String)
    case bool(Bool)
    case source(Int)
    case word(String)
    case call(name: String, arguments: [String: TypedValue])

    /// The form of `value`.
    public init(_ value: Value) {
      switch value {
      case .number(let x): self = .number(ExactNumber(x))
      case .duration(let x): self = .duration(ExactNumber(x))
      case .range(let a, let b): self = .range(start: ExactNumber(a), end: ExactNumber(b))
      case .ratio(let a, let b): self = .ratio(width: a, height: b)
      case .size(let w, let h): self = .size(width: w, height: h)
      case .gain(let x): self = .gain(ExactNumber(x))
      case .speed(let x): self = .speed(ExactNumber(x))
      case .angle(let x): self = .angle(ExactNumber(x))
      case .color(let c): self = .color(ColorNames.hex(c))
      case .string(let s): self = .string(s)
      case .bool(let b): self = .bool(b)
      case .source(let i): self = .source(i)
      case .word(let w): self = .word(w)
      case .call(let name, let arguments): self = .call(name: name, arguments: arguments.mapValues(TypedValue.init))
      }
    }

    private enum CodingKeys: String, CodingKey {
      case type, exact, value, start, end, width, height, name, arguments
    }

    /// The `type` member of each case.
    private enum Kind: String, Codable {
      case number, duration, range, ratio, size, gain, speed, angle, color, string, bool, source, word, call
    }

    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      // The number kinds hold `exact` and `value` beside `type`.
      func number() throws -> ExactNumber { try ExactNumber(from: decoder) }
      switch try c.decode(Kind.self, forKey: .type) {
      case .number: self = .number(try number())
      case .duration: self = .duration(try number())
      case .gain: self = .gain(try number())
      case .speed: self = .speed(try number())
      case .angle: self = .angle(try number())
      case .range:
        self = .range(
          start: try c.decode(ExactNumber.self, forKey: .start), end: try c.decode(ExactNumber.self, forKey: .end))
      case .ratio:
        self = .ratio(
          width: try c.decode(Int64.self, forKey: .width), height: try c.decode(Int64.self, forKey: .height))
      case .size:
        self = .size(width: try c.decode(Int64.self, forKey: .width), height: try c.decode(Int64.self, forKey: .height))
      case .color: self = .color(try c.decode(String.self, forKey: .value))
      case .string: self = .string(try c.decode(String.self, forKey: .value))
      case .bool: self = .bool(try c.decode(Bool.self, forKey: .value))
      case .source: self = .source(try c.decode(Int.self, forKey: .value))
      case .word: self = .word(try c.decode(String.self, forKey: .value))
      case .call:
        self = .call(
          name: try c.decode(String.self, forKey: .name),
          arguments: try c.decode([String: TypedValue].self, forKey: .arguments))
      }
    }

    public func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      func number(_ kind: Kind, _ x: ExactNumber) throws {
        try c.encode(kind, forKey: .type)
        try c.encode(x.exact, forKey: .exact)
        try c.encode(x.value, forKey: .value)
      }
      func text(_ kind: Kind, _ s: String) throws {
        try c.encode(kind, forKey: .type)
        try c.encode(s, forKey: .value)
      }
      func sides(_ kind: Kind, _ width: Int64, _ height: Int64) throws {
        try c.encode(kind, forKey: .type)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
      }
      switch self {
      case .number(let x): try number(.number, x)
      case .duration(let x): try number(.duration, x)
      case .gain(let x): try number(.gain, x)
      case .speed(let x): try number(.speed, x)
      case .angle(let x): try number(.angle, x)
      case .range(let a, let b):
        try c.encode(Kind.range, forKey: .type)
        try c.encode(a, forKey: .start)
        try c.encode(b, forKey: .end)
      case .ratio(let w, let h): try sides(.ratio, w, h)
      case .size(let w, let h): try sides(.size, w, h)
      case .color(let s): try text(.color, s)
      case .string(let s): try text(.string, s)
      case .word(let s): try text(.word, s)
      case .bool(let b):
        try c.encode(Kind.bool, forKey: .type)
        try c.encode(b, forKey: .value)
      case .source(let i):
        try c.encode(Kind.source, forKey: .type)
        try c.encode(i, forKey: .value)
      case .call(let name, let arguments):
        try c.encode(Kind.call, forKey: .type)
        try c.encode(name, forKey: .name)
        try c.encode(arguments, forKey: .arguments)
      }
    }
  }
}
