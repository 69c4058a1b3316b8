import VEDLSource

@testable import VEDLSyntax

/// The formatter's invariants, as one reusable check: for a source that parses without
/// errors, formatting must keep the tree, the tokens and the comments, be idempotent, and
/// produce a clean canonical layout.
enum FormatterChecks {
  /// What checking one source found.
  enum Outcome: Equatable {
    /// The source has syntax errors; the formatter must refuse it (and did).
    case skipped
    /// Formatted; `problems` lists every broken invariant (empty when all hold).
    case checked(formatted: String, problems: [String])
  }

  /// Formats `source` and checks every invariant.
  static func check(_ source: String) -> Outcome {
    check(bytes: Array(source.utf8))
  }

  static func check(bytes: [UInt8]) -> Outcome {
    let original = Parser.parse(SourceFile(path: "input.vedl", bytes: bytes))
    guard !original.hasErrors else {
      if SourceFormatter.format(original) != nil {
        return .checked(formatted: "", problems: ["a source with syntax errors was formatted"])
      }
      return .skipped
    }
    guard let formatted = SourceFormatter.format(original) else {
      return .checked(formatted: "", problems: ["the formatter refused a source without errors"])
    }
    var problems: [String] = []
    let reparsed = Parser.parse(SourceFile(path: "formatted.vedl", text: formatted))
    if reparsed.hasErrors {
      let messages = reparsed.diagnostics.map { "\(reparsed.file.lines.location(of: $0.span.start)): \($0.message)" }
      problems.append("formatted text does not parse: \(messages.joined(separator: "; "))")
    }
    let dump = ASTDump(spans: false)
    if dump.dump(reparsed.syntax) != dump.dump(original.syntax) {
      problems.append("the tree changed")
    }
    if tokenTexts(original) != tokenTexts(reparsed) {
      problems.append("the tokens changed (other than line breaks and `;`)")
    }
    if commentTexts(original) != commentTexts(reparsed) {
      problems.append("comments changed: \(commentTexts(original)) became \(commentTexts(reparsed))")
    }
    if let again = SourceFormatter.format(reparsed), again != formatted {
      problems.append("not idempotent; second pass gave:\n\(again)")
    }
    problems += layoutProblems(formatted)
    return .checked(formatted: formatted, problems: problems)
  }

  /// Token texts in order, without line breaks, `;` and the end of file: formatting may only
  /// change the space between tokens and the statement separators.
  static func tokenTexts(_ result: ParseResult) -> [String] {
    result.tokens.compactMap { token in
      switch token.kind {
      case .newline, .endOfFile, .punctuation(.semicolon): nil
      default: result.file.text(token.span)
      }
    }
  }

  /// Comment texts, sorted, with the whitespace at the end of each line removed (the only
  /// change the formatter makes to a comment).
  static func commentTexts(_ result: ParseResult) -> [String] {
    // Works on bytes: as `Character`s, "\r\n" is one grapheme and would not split at "\n".
    result.comments.map { comment in
      let bytes = result.file.bytes[comment.span.start..<comment.span.end]
      let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
        var line = line
        while let last = line.last,
          last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") || last == UInt8(ascii: "\r")
        {
          line = line.dropLast()
        }
        return String(decoding: line, as: UTF8.self)
      }
      return lines.joined(separator: "\n")
    }.sorted()
  }

  /// Layout rules every formatted file follows.
  static func layoutProblems(_ text: String) -> [String] {
    var problems: [String] = []
    if text.isEmpty { return problems }
    if !text.hasSuffix("\n") { problems.append("does not end with a line break") }
    if text.hasSuffix("\n\n") { problems.append("ends with a blank line") }
    if text.hasPrefix("\n") { problems.append("starts with a blank line") }
    if text.contains("\r\n") { problems.append("contains CRLF") }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    var previous: Substring? = nil
    for (number, line) in lines.enumerated() {
      if let last = line.last, last == " " || last == "\t" {
        problems.append("trailing whitespace on line \(number + 1)")
      }
      if line.isEmpty, let previous {
        if previous.isEmpty { problems.append("two blank lines before line \(number + 1)") }
        if previous.hasSuffix("{") || previous.hasSuffix("(") {
          problems.append("blank line after an opening bracket at line \(number + 1)")
        }
      }
      let trimmed = line.drop { $0 == " " }
      if previous?.isEmpty == true, trimmed.hasPrefix("}") || trimmed.hasPrefix(")") {
        problems.append("blank line before a closing bracket at line \(number + 1)")
      }
      previous = line
    }
    return problems
  }
}
