import Foundation
import VEDLSema
import VEDLSyntax
import VEDLTime

/// How the import writes values as VEDL source: exact, and as a person would write them
/// (`2.5s` rather than `75f` when seconds are exact, frames when they are not).
struct ScriptText {
  var rate: FrameRate

  var grid: FrameGrid { FrameGrid(rate: rate) }

  /// A time or duration: `2s`, `0.5s`, `37f`, or exact seconds off the grid (`(1001s / 24000)`).
  func time(_ t: Rational) -> String {
    if grid.isOnGrid(t) {
      let frames = grid.frameFloor(at: t)
      if let decimal = t.exactDecimal, decimal.split(separator: ".").dropFirst().first.map({ $0.count <= 3 }) ?? true {
        return decimal + "s"
      }
      return "\(frames)f"
    }
    if let decimal = t.exactDecimal { return decimal + "s" }
    return "(\(t.numerator)s / \(t.denominator))"
  }

  /// A half-open range of source time.
  func range(_ a: Rational, _ b: Rational) -> String {
    let (ta, tb) = (time(a), time(b))
    // One unit for both ends: `10f..30f` rather than `10f..1.25s`.
    if ta.hasSuffix("f") != tb.hasSuffix("f"), grid.isOnGrid(a), grid.isOnGrid(b) {
      return "\(grid.frameFloor(at: a))f..\(grid.frameFloor(at: b))f"
    }
    return "\(ta)..\(tb)"
  }

  /// A speed: `2x`, `0.5x`; `nil` when no decimal is exact.
  static func speed(_ v: Rational) -> String? { v.exactDecimal.map { $0 + "x" } }

  /// The canvas rate as the language reads it (`23.976` is 24000/1001).
  static func rate(_ r: FrameRate) -> String {
    let f = r.framesPerSecond
    switch (f.numerator, f.denominator) {
    case (24000, 1001): return "23.976"
    case (30000, 1001): return "29.97"
    case (60000, 1001): return "59.94"
    default: return f.exactDecimal ?? "\(f.numerator) / \(f.denominator)"
    }
  }

  /// A string literal: quotes, backslashes and control characters escaped, so that no
  /// `\(` interpolation can appear.
  static func string(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// Text for a comment line: one line, and no `*/` to end an enclosing block comment.
  static func comment(_ s: String) -> String {
    String(s.map { $0.isNewline ? " " : $0 })
  }

  /// Words a name must not take: the keywords, the statement and source names, `end` and
  /// `main`, and the colour names (a value wherever a colour is expected).
  static let reservedNames: Set<String> = Set(Keyword.allCases.map(\.rawValue)).union([
    "end", "main", "track", "clip", "text", "shape", "gap", "crossfade", "fade", "wipe", "slide", "transition",
    "video", "image",
    "audio", "color", "testpattern", "tone", "canvas", "captions", "export", "editor", "overlay", "at", "duration",
    "until", "trim", "speed", "id",
  ]).union(ColorNames.table.keys)

  /// Whether `name` is an identifier that may name a clip or a source.
  static func isUsableName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, name.count <= 64 else { return false }
    func isLetter(_ c: Unicode.Scalar) -> Bool { (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c == "_" }
    guard isLetter(first), name.unicodeScalars.allSatisfy({ isLetter($0) || ($0 >= "0" && $0 <= "9") }) else {
      return false
    }
    return !reservedNames.contains(name)
  }

  /// An identifier made from `text` (a file's base name): other characters become `_`, a
  /// leading digit gets a prefix.
  static func identifier(from text: String) -> String {
    var name = String(
      text.unicodeScalars.map { c -> Character in
        (c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c))) ? Character(c) : "_"
      })
    while name.contains("__") { name = name.replacingOccurrences(of: "__", with: "_") }
    name = String(name.drop { $0 == "_" })
    while name.hasSuffix("_") { name.removeLast() }
    if name.isEmpty { return "media" }
    if name.first!.isNumber { name = "m" + name }
    if reservedNames.contains(name) { name += "_media" }
    return String(name.prefix(48))
  }
}
