import VEDLSource
import VEDLSyntax

/// Formats every input that parses without errors and checks the formatter's promises
/// (`Sources/VEDLSyntax/Formatter.swift`):
///
/// - a file without errors is always formatted (``SourceFormatter/format(_:)-swift.type.method``
///   returns text);
/// - the formatted text parses without errors, to the same tree (`ASTDump(spans: false)`);
/// - every comment survives, in order, with its text unchanged except whitespace at the end of
///   its lines;
/// - no line has trailing whitespace and a non-empty result ends with one line break;
/// - formatting the formatted text changes nothing (idempotence).
struct FormatRoundTripStage: FuzzStage {
  func run(_ result: ParseResult) {
    guard !result.hasErrors else { return }
    let input = result.file.text
    guard let formatted = SourceFormatter.format(result) else {
      FuzzInvariant.fail("a file without errors was not formatted", details: FuzzInvariant.excerpt(input))
    }
    func details() -> String {
      "--- input ---\n\(FuzzInvariant.excerpt(input))\n--- formatted ---\n\(FuzzInvariant.excerpt(formatted))"
    }

    let reparsed = Parser.parse(SourceFile(path: "fuzz-formatted.vedl", text: formatted))
    if reparsed.hasErrors {
      let first = reparsed.diagnostics.first { $0.severity == .error }.map { "\($0.code.id) \($0.message)" } ?? ""
      FuzzInvariant.fail("the formatted text has errors: \(first)", details: details())
    }

    let dump = ASTDump(spans: false)
    let before = dump.dump(result.syntax)
    let after = dump.dump(reparsed.syntax)
    FuzzInvariant.require(
      before.utf8.elementsEqual(after.utf8), "formatting changed the syntax tree",
      details: details() + "\n--- tree before ---\n\(FuzzInvariant.excerpt(before))"
        + "\n--- tree after ---\n\(FuzzInvariant.excerpt(after))")

    let commentsBefore = result.comments.map { Self.normalized(result.file.bytes[$0.span.start..<$0.span.end]) }
    let commentsAfter = reparsed.comments.map { Self.normalized(reparsed.file.bytes[$0.span.start..<$0.span.end]) }
    FuzzInvariant.require(
      commentsBefore == commentsAfter, "formatting changed the comments",
      details: details() + "\n--- comments before ---\n\(commentsBefore.map(Self.text))"
        + "\n--- comments after ---\n\(commentsAfter.map(Self.text))")

    let formattedBytes = reparsed.file.bytes
    FuzzInvariant.require(
      formattedBytes.isEmpty || formattedBytes.last == UInt8(ascii: "\n"),
      "the formatted text does not end with a line break", details: details())
    FuzzInvariant.require(
      !formattedBytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        .contains { $0.last.map(Self.isLineEndWhitespace) ?? false },
      "the formatted text has a line with trailing whitespace", details: details())

    let again = SourceFormatter.format(reparsed)
    FuzzInvariant.require(
      again.map { $0.utf8.elementsEqual(formatted.utf8) } ?? false, "formatting is not idempotent",
      details: details() + "\n--- formatted twice ---\n\(FuzzInvariant.excerpt(again ?? "nil"))")
  }

  /// A comment's bytes as the formatter promises to keep them: without whitespace (space,
  /// tab, carriage return) at the end of each line. Works on bytes, not `Character`s, because
  /// `"\r\n"` is a single `Character` and would hide the line break.
  static func normalized(_ comment: ArraySlice<UInt8>) -> [[UInt8]] {
    comment.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
      var line = line
      while let last = line.last, isLineEndWhitespace(last) { line = line.dropLast() }
      return Array(line)
    }
  }

  /// Whether `byte` is whitespace the formatter removes at the end of a line.
  static func isLineEndWhitespace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
  }

  /// A normalized comment as readable text, for failure reports.
  static func text(_ lines: [[UInt8]]) -> String {
    lines.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
  }
}
