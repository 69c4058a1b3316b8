import Foundation
import VEDLDiagnostics
import VEDLSource

/// Decodes an `.otio` file with `JSONDecoder`, turning every failure into one located
/// diagnostic: not JSON (E0901, at the line and column the parser names), a missing or
/// mistyped field (E0902), an unsupported schema (E0903) or a value out of range (E0904),
/// each naming the field by its coding path.
enum OTIODecoding {
  /// A decoded timeline, or the diagnostic saying why there is none.
  enum Outcome {
    case success(OTIOTimeline)
    case failure(Diagnostic)
  }

  static func decode(_ file: SourceFile) -> Outcome {
    let data = Data(file.bytes)
    // The top object's schema first: a file holding another OTIO type says so plainly.
    do {
      return .success(try JSONDecoder().decode(OTIOTimeline.self, from: data))
    } catch let error as OTIOReadError {
      let code: DiagnosticCode =
        error.kind == .unsupportedSchema ? .interchangeUnsupportedSchema : .interchangeValueOutOfRange
      return .failure(diagnostic(code, error.message, path: error.codingPath, file: file))
    } catch let error as DecodingError {
      return .failure(diagnostic(for: error, file: file))
    } catch {
      return .failure(Diagnostic(.interchangeMalformed, "cannot read the file: \(error)", file: file, span: .point(0)))
    }
  }

  static func diagnostic(for error: DecodingError, file: SourceFile) -> Diagnostic {
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      return notJSON(context, file: file)
    case .dataCorrupted(let context):
      return diagnostic(.interchangeMalformed, context.debugDescription, path: context.codingPath, file: file)
    case .keyNotFound(let key, let context):
      return diagnostic(
        .interchangeMalformed, "missing field `\(key.stringValue)`", path: context.codingPath, file: file)
    case .typeMismatch(let type, let context):
      return diagnostic(
        .interchangeMalformed, "expected \(describe(type))", path: context.codingPath, file: file)
    case .valueNotFound(let type, let context):
      return diagnostic(
        .interchangeMalformed, "expected \(describe(type)), found null", path: context.codingPath, file: file)
    @unknown default:
      return Diagnostic(.interchangeMalformed, "cannot read the file: \(error)", file: file, span: .point(0))
    }
  }

  /// E0901 at the position the JSON parser reports. `JSONDecoder` on Linux does not say
  /// where; `JSONSerialization` does ("around line 3, column 7" or "around character 14"),
  /// so the text is parsed again for the position only.
  private static func notJSON(_ context: DecodingError.Context, file: SourceFile) -> Diagnostic {
    var texts = [context.debugDescription]
    if let underlying = context.underlyingError { texts.append("\(underlying)") }
    do {
      _ = try JSONSerialization.jsonObject(with: Data(file.bytes), options: [.fragmentsAllowed])
    } catch let error as NSError {
      texts += error.userInfo.values.map { "\($0)" }
    }
    var offset = 0
    for text in texts {
      if let (line, column) = lineAndColumn(in: text) {
        offset = file.offset(line: line, column: column)
        break
      }
      if let character = number(after: "character ", in: text) {
        offset = min(max(0, character), file.bytes.count)
        break
      }
    }
    return Diagnostic(
      .interchangeNotJSON, file.bytes.isEmpty ? "not a JSON file: the file is empty" : "not a JSON file",
      file: file, span: Span(start: offset, end: min(offset + 1, file.bytes.count)),
      help: "`vedl import` reads OpenTimelineIO's JSON form (`.otio`)")
  }

  private static func number(after word: String, in text: String) -> Int? {
    guard let range = text.range(of: word) else { return nil }
    return Int(text[range.upperBound...].prefix { $0.isNumber })
  }

  /// `line N, column M` in a message.
  private static func lineAndColumn(in text: String) -> (Int, Int)? {
    guard let lineRange = text.range(of: "line ") else { return nil }
    let afterLine = text[lineRange.upperBound...]
    let lineDigits = afterLine.prefix { $0.isNumber }
    guard let line = Int(lineDigits), let columnRange = afterLine.range(of: "column ") else { return nil }
    let columnDigits = afterLine[columnRange.upperBound...].prefix { $0.isNumber }
    guard let column = Int(columnDigits) else { return nil }
    return (line, column)
  }

  /// A diagnostic naming the field at `path`, located at the field's key when that key's
  /// spelling occurs once in the file (many keys, such as `rate`, occur too often to tell).
  static func diagnostic(_ code: DiagnosticCode, _ message: String, path: [any CodingKey], file: SourceFile)
    -> Diagnostic
  {
    let field = pathText(path)
    var span = Span.point(0)
    if let key = path.last(where: { $0.intValue == nil }) {
      let needle = Array("\"\(key.stringValue)\"".utf8)
      let hits = occurrences(of: needle, in: file.bytes, limit: 2)
      if hits.count == 1 { span = Span(start: hits[0], end: hits[0] + needle.count) }
    }
    let full = field.isEmpty ? message : "\(message) at `\(field)`"
    return Diagnostic(code, full, file: file, span: span)
  }

  /// `tracks.children[0].source_range`.
  static func pathText(_ path: [any CodingKey]) -> String {
    var text = ""
    for key in path {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return text
  }

  private static func occurrences(of needle: [UInt8], in bytes: [UInt8], limit: Int) -> [Int] {
    guard !needle.isEmpty, bytes.count >= needle.count else { return [] }
    var hits: [Int] = []
    var i = 0
    while i <= bytes.count - needle.count, hits.count < limit {
      if bytes[i] == needle[0], Array(bytes[i..<(i + needle.count)]) == needle { hits.append(i) }
      i += 1
    }
    return hits
  }

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Double.Type, is Int.Type: "a number"
    case is Bool.Type: "a boolean"
    default:
      "\(type)".hasPrefix("Array") ? "an array" : ("\(type)".hasPrefix("Dictionary") ? "an object" : "an object")
    }
  }
}

extension SourceFile {
  /// The byte offset of a 1-based line and column (columns counted in characters), clamped
  /// to the file.
  func offset(line: Int, column: Int) -> Int {
    var currentLine = 1
    var i = 0
    while currentLine < line, i < bytes.count {
      if bytes[i] == UInt8(ascii: "\n") { currentLine += 1 }
      i += 1
    }
    var remaining = max(0, column - 1)
    while remaining > 0, i < bytes.count, bytes[i] != UInt8(ascii: "\n") {
      i += 1
      // Continuation bytes belong to the character already counted.
      while i < bytes.count, bytes[i] & 0xC0 == 0x80 { i += 1 }
      remaining -= 1
    }
    return min(i, bytes.count)
  }
}
