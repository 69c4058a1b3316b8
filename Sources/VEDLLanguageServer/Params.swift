import VEDLDiagnostics

/// Typed access to request parameters. Every accessor throws `InvalidParams` naming the
/// member that is missing or of the wrong type, so a malformed request gets a precise error
/// instead of a crash or a silent default.
struct Params {
  let json: JSON
  /// Where `json` sits in the request, for messages (`params.textDocument`).
  let path: String

  init(_ json: JSON?, path: String = "params") throws(ResponseError) {
    guard let json, case .object = json else {
      throw .invalidParams("`\(path)` must be an object")
    }
    self.json = json
    self.path = path
  }

  private func member(_ key: String) throws(ResponseError) -> JSON {
    guard let value = json[key], !value.isNull else { throw .invalidParams("`\(path).\(key)` is missing") }
    return value
  }

  func object(_ key: String) throws(ResponseError) -> Params {
    try Params(try member(key), path: "\(path).\(key)")
  }

  func optionalObject(_ key: String) throws(ResponseError) -> Params? {
    guard let value = json[key], !value.isNull else { return nil }
    return try Params(value, path: "\(path).\(key)")
  }

  func string(_ key: String) throws(ResponseError) -> String {
    guard case .string(let s) = try member(key) else { throw .invalidParams("`\(path).\(key)` must be a string") }
    return s
  }

  func optionalString(_ key: String) throws(ResponseError) -> String? {
    guard let value = json[key], !value.isNull else { return nil }
    guard case .string(let s) = value else { throw .invalidParams("`\(path).\(key)` must be a string") }
    return s
  }

  func integer(_ key: String) throws(ResponseError) -> Int {
    guard let n = try member(key).integerValue else { throw .invalidParams("`\(path).\(key)` must be an integer") }
    return n
  }

  func optionalInteger(_ key: String) throws(ResponseError) -> Int? {
    guard let value = json[key], !value.isNull else { return nil }
    guard let n = value.integerValue else { throw .invalidParams("`\(path).\(key)` must be an integer") }
    return n
  }

  func optionalBool(_ key: String) throws(ResponseError) -> Bool? {
    guard let value = json[key], !value.isNull else { return nil }
    guard case .bool(let b) = value else { throw .invalidParams("`\(path).\(key)` must be a Boolean") }
    return b
  }

  func array(_ key: String) throws(ResponseError) -> [JSON] {
    guard case .array(let a) = try member(key) else { throw .invalidParams("`\(path).\(key)` must be an array") }
    return a
  }

  func position(_ key: String) throws(ResponseError) -> Position {
    let p = try object(key)
    let line = try p.integer("line")
    let character = try p.integer("character")
    guard line >= 0, character >= 0 else { throw .invalidParams("`\(path).\(key)` must not be negative") }
    return Position(line: line, character: character)
  }

  func range(_ key: String) throws(ResponseError) -> TextRange {
    let r = try object(key)
    return TextRange(start: try r.position("start"), end: try r.position("end"))
  }

  /// `textDocument.uri`.
  func documentURI() throws(ResponseError) -> String {
    try object("textDocument").string("uri")
  }
}
