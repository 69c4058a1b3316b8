import VEDLSema

extension ValueType {
  /// Whether a bare word `name` written where this type is expected is a word of the type
  /// (an enumeration case, a new or existing item id) rather than a reference to a name.
  /// The checker reads bare words the same way.
  func admitsWord(_ name: String) -> Bool {
    switch self {
    case .enumeration(let e): e.cases.contains(name)
    case .newIdentifier, .itemIdentifier: true
    case .oneOf(let types): types.contains { $0.admitsWord(name) }
    default: false
    }
  }

  /// Every enumeration case the type accepts, in schema order.
  var enumerationCases: [String] {
    switch self {
    case .enumeration(let e): e.cases
    case .oneOf(let types): types.flatMap(\.enumerationCases)
    default: []
    }
  }

  /// Whether the type accepts a colour (and so colour names).
  var admitsColor: Bool {
    switch self {
    case .color: true
    case .oneOf(let types): types.contains { $0.admitsColor }
    default: false
    }
  }

  /// The call shapes the type accepts (`dynamic(maximumTracks:)`, …).
  var callShapes: [CallShape] {
    switch self {
    case .call(let shapes): shapes
    case .oneOf(let types): types.flatMap(\.callShapes)
    default: []
    }
  }

  /// Whether `self` is `type` or a union containing it.
  func includes(_ type: ValueType) -> Bool {
    if self == type { return true }
    if case .oneOf(let types) = self { return types.contains { $0.includes(type) } }
    return false
  }
}
