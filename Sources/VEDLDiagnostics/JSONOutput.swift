import Foundation

/// The one way VEDL writes JSON for programs to read — diagnostics (`--format json`), render
/// metadata (`OUT.json`), `vedl batch --plan` lines: `Codable` values through `JSONEncoder`.
///
/// Keys are sorted, because this Foundation's encoder otherwise writes them in hash order and
/// the same value would print differently from run to run. Slashes are not escaped (paths
/// stay readable). U+2028 and U+2029 are escaped: JSON allows them raw, but JavaScript and
/// some line readers (Python's `splitlines`) break lines there, and a JSON line must stay one
/// line. Everything else non-ASCII is written as UTF-8.
public struct JSONOutput {
  /// The layout of the text.
  public enum Style: Sendable {
    /// Compact, on one line: for JSON lines and one-record-per-line arrays.
    case line
    /// Two-space indentation, for files people read too.
    case document
  }

  private let encoder = JSONEncoder()

  /// An encoder for `style`.
  public init(_ style: Style) {
    encoder.outputFormatting =
      style == .line ? [.sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
  }

  /// The JSON text of `value`, without a trailing newline.
  ///
  /// The values VEDL writes hold only strings, integers, booleans and finite numbers (the types
  /// write `null` for a number that is not), which `JSONEncoder` cannot fail to encode.
  public func text<Value: Encodable>(of value: Value) -> String {
    let data: Data
    do {
      data = try encoder.encode(value)
    } catch {
      preconditionFailure("unencodable JSON value: \(error)")
    }
    let text = String(decoding: data, as: UTF8.self)
    // Outside strings the encoder writes only ASCII, so any U+2028/U+2029 is inside a string,
    // where its escape means the same character.
    guard text.unicodeScalars.contains(where: { $0 == "\u{2028}" || $0 == "\u{2029}" }) else { return text }
    var escaped = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\u{2028}": escaped.append(contentsOf: #"\u2028"#.unicodeScalars)
      case "\u{2029}": escaped.append(contentsOf: #"\u2029"#.unicodeScalars)
      default: escaped.append(scalar)
      }
    }
    return String(escaped)
  }
}
