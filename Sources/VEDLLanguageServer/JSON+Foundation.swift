import Foundation

extension JSON {
  /// Converts the `[String: Any]` values the compiler's JSON documents are built from
  /// (`Timeline.jsonObject`): Swift strings, Booleans, integers, doubles, arrays and
  /// dictionaries, or their Foundation bridges. Anything else becomes `null`.
  public init(foundation value: Any) {
    switch value {
    case let b as Bool where type(of: value) == Bool.self: self = .bool(b)
    case let n as Int: self = .integer(n)
    case let n as Int64: self = .integer(Int(n))
    case let n as Int32: self = .integer(Int(n))
    case let d as Double: self = .double(d)
    case let s as String: self = .string(s)
    case let n as NSNumber:
      let d = n.doubleValue
      self = d.rounded() == d && abs(d) < 9e15 ? .integer(Int(d)) : .double(d)
    case let a as [Any]: self = .array(a.map(JSON.init(foundation:)))
    case let o as [String: Any]: self = .object(o.mapValues(JSON.init(foundation:)))
    default: self = .null
    }
  }
}
