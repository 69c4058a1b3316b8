/// A problem found while decoding an OTIO file that `DecodingError` has no case for: a schema
/// this reader does not know or a value no timeline can hold. Thrown from the `Codable`
/// initialisers, so it carries the decoder's coding path to name the field.
struct OTIOReadError: Error {
  enum Kind {
    /// `OTIO_SCHEMA` names a type or version this reader does not support where it must.
    case unsupportedSchema
    /// A time, rate or number that is not finite or beyond what a timeline can hold.
    case outOfRange
  }

  var kind: Kind
  var codingPath: [any CodingKey]
  var message: String
}

/// The `"OTIO_SCHEMA"` key every OTIO object has, `"Name.Version"`.
struct OTIOSchemaKey: CodingKey {
  var stringValue: String { "OTIO_SCHEMA" }
  var intValue: Int? { nil }
  init() {}
  init?(stringValue: String) { guard stringValue == "OTIO_SCHEMA" else { return nil } }
  init?(intValue: Int) { nil }
}

/// `"Clip.2"` split into its type name and version.
struct OTIOSchemaName: Equatable, CustomStringConvertible {
  var name: String
  var version: Int

  init(name: String, version: Int) {
    self.name = name
    self.version = version
  }

  init?(_ text: String) {
    guard let dot = text.lastIndex(of: "."), let v = Int(text[text.index(after: dot)...]) else { return nil }
    name = String(text[..<dot])
    version = v
  }

  var description: String { "\(name).\(version)" }

  /// Reads the object's schema name; a missing key is the decoder's `keyNotFound`.
  static func read(from decoder: any Decoder) throws -> OTIOSchemaName {
    let container = try decoder.container(keyedBy: OTIOSchemaKey.self)
    let text = try container.decode(String.self, forKey: OTIOSchemaKey())
    guard let schema = OTIOSchemaName(text) else {
      throw OTIOReadError(
        kind: .unsupportedSchema, codingPath: decoder.codingPath + [OTIOSchemaKey()],
        message: "`OTIO_SCHEMA` `\(text)` is not of the form `Name.Version`")
    }
    return schema
  }

  /// Reads the schema name and requires it to be `name` in one of `versions`.
  @discardableResult
  static func expect(_ name: String, versions: ClosedRange<Int>, in decoder: any Decoder) throws -> OTIOSchemaName {
    let schema = try read(from: decoder)
    guard schema.name == name, versions.contains(schema.version) else {
      let supported =
        versions.count == 1
        ? "\(name).\(versions.lowerBound)" : "\(name).\(versions.lowerBound)–\(versions.upperBound)"
      throw OTIOReadError(
        kind: .unsupportedSchema, codingPath: decoder.codingPath + [OTIOSchemaKey()],
        message: "expected `\(supported)`, found `\(schema)`")
    }
    return schema
  }

  /// Writes `"OTIO_SCHEMA": "Name.Version"`.
  static func write(_ text: String, to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: OTIOSchemaKey.self)
    try container.encode(text, forKey: OTIOSchemaKey())
  }
}
