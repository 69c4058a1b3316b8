import Foundation
import Testing
import VEDLSource
import VEDLTestSupport

@testable import VEDLDiagnostics

/// Diagnostics on lines wider than ``DisplayLine/maximumWidth``: the line is clipped to a
/// window around the span with `…` for each side cut off, carets still under the right
/// characters, and the work per diagnostic does not grow with the line.
@Suite struct LongLineTests {
  let renderer = TextRenderer()

  func repeated(_ text: String, _ count: Int) -> String { String(repeating: text, count: count) }

  /// The plain rendering of an unlabelled-but-messaged error on `token` in `text`.
  func rendered(_ text: String, _ token: String, fixIts: [FixIt] = [], labels: [(String, String)] = []) -> String {
    let file = SourceFile(path: "long.vedl", text: text + "\n")
    let span = TestText.span(of: token, in: file)
    return renderer.render(
      Diagnostic(
        .unexpectedToken, "unexpected token", file: file, span: span,
        labels: [Label(span: span, message: "here")]
          + labels.map { Label(span: TestText.span(of: $0.0, in: file), message: $0.1) }, fixIts: fixIts))
  }

  @Test func aSpanInTheMiddleIsShownWithItsSurroundings() {
    // 118 columns between the marks: 57 before the span, 58 after.
    #expect(
      rendered(repeated("a", 500) + "BAD" + repeated("b", 500), "BAD") == """
        error[E0202]: unexpected token
         --> long.vedl:1:501
          |
        1 | …\(repeated("a", 57))BAD\(repeated("b", 58))…
          | \(repeated(" ", 58))^^^ here

        """)
  }

  @Test func aSpanAtTheStartOrEndKeepsThatEnd() {
    #expect(
      rendered("BAD" + repeated("b", 1000), "BAD") == """
        error[E0202]: unexpected token
         --> long.vedl:1:1
          |
        1 | BAD\(repeated("b", 115))…
          | ^^^ here

        """)
    #expect(
      rendered(repeated("a", 1000) + "BAD", "BAD") == """
        error[E0202]: unexpected token
         --> long.vedl:1:1001
          |
        1 | …\(repeated("a", 115))BAD
          | \(repeated(" ", 116))^^^ here

        """)
  }

  @Test func multibyteAndTabsCountAsTheirColumns() {
    // Two-byte and three-byte scalars are one column each, as in the header's column.
    #expect(
      rendered(repeated("é", 500) + "BAD" + repeated("世", 500), "BAD") == """
        error[E0202]: unexpected token
         --> long.vedl:1:501
          |
        1 | …\(repeated("é", 57))BAD\(repeated("世", 58))…
          | \(repeated(" ", 58))^^^ here

        """)
    // A tab is four columns: 14 tabs and a space fill the 57 columns before the span.
    #expect(
      rendered(repeated("\t", 300) + " BAD" + repeated("b", 300), "BAD") == """
        error[E0202]: unexpected token
         --> long.vedl:1:302
          |
        1 | …\(repeated(" ", 57))BAD\(repeated("b", 58))…
          | \(repeated(" ", 58))^^^ here

        """)
  }

  @Test func aLabelOutsideTheWindowPointsAtTheMark() {
    #expect(
      rendered(
        "LABEL" + repeated("a", 1000) + "BAD" + repeated("b", 1000), "BAD", labels: [("LABEL", "first")])
          == """
          error[E0202]: unexpected token
           --> long.vedl:1:1006
            |
          1 | …\(repeated("a", 57))BAD\(repeated("b", 58))…
            | -\(repeated(" ", 57))^^^ here
            | |
            | first

          """)
  }

  @Test func aFixItPreviewIsClippedAroundTheEdit() {
    let text = repeated("a", 500) + "BAD" + repeated("b", 500)
    let bad = TestText.span(of: "BAD", in: SourceFile(path: "long.vedl", text: text + "\n"))
    #expect(
      rendered(text, "BAD", fixIts: [FixIt(span: bad, replacement: "GOOD", message: "write GOOD")]) == """
        error[E0202]: unexpected token
         --> long.vedl:1:501
          |
        1 | …\(repeated("a", 57))BAD\(repeated("b", 58))…
          | \(repeated(" ", 58))^^^ here
          |
        help: write GOOD
          |
        1 | …\(repeated("a", 57))GOOD\(repeated("b", 57))…
          | \(repeated(" ", 58))~~~~

        """)
  }

  @Test func aLineThatFitsIsNotClipped() {
    let line = repeated("a", 57) + "BAD" + repeated("b", 60)  // exactly 120 columns
    #expect(rendered(line, "BAD").contains("1 | \(line)\n"))
    #expect(rendered(line + "b", "BAD").contains("1 | \(line.prefix(118))…\n"))
  }

  /// Invalid UTF-8 with no position the layout can start from falls back to the line's start
  /// and still clips, with carets under the span.
  @Test func invalidBytesStillClip() {
    var bytes = [UInt8](repeating: 0xE0, count: 3000)
    bytes += Array("BAD".utf8) + [UInt8](repeating: 0x62, count: 300) + [0x0A]
    let file = SourceFile(path: "bad.vedl", bytes: bytes)
    let text = renderer.render(
      Diagnostic(.unexpectedToken, "unexpected token", file: file, span: Span(start: 3000, end: 3003)))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let source = lines[3].dropFirst(4)
    let caret = lines[4].dropFirst(4)
    #expect(source.hasPrefix("…") && source.hasSuffix("…") && source.unicodeScalars.count == 120, "\(source)")
    let column: Int = caret.firstIndex(of: "^").map { caret.distance(from: caret.startIndex, to: $0) } ?? 0
    let scalars: [String] = source.unicodeScalars.map { String($0) }
    let underBAD: String = scalars[column..<(column + 3)].joined()
    #expect(underBAD == "BAD", "\(text)")
  }

  /// A 16 KB line with an error every 4 bytes (a minified or binary file): each diagnostic
  /// costs its window, about what one on a 120-column line costs (laying out the whole line
  /// for each made it over a hundred times that, and minutes in all). The two kinds are
  /// rendered in turn so that a busy machine slows both alike.
  @Test func thousandsOfDiagnosticsOnOneLongLineRenderQuickly() {
    let long = SourceFile(path: "big.vedl", text: repeated("@", 16_384) + "\n")
    let short = SourceFile(path: "small.vedl", text: repeated("@", 120) + "\n")
    let clock = ContinuousClock()
    var (onLong, onShort) = (Duration.zero, Duration.zero)
    var total = 0
    for offset in stride(from: 0, to: 16_384, by: 4) {
      let diagnostic = Diagnostic(
        .unexpectedToken, "unexpected character `@`", file: long, span: Span(start: offset, end: offset + 1))
      let reference = Diagnostic(
        .unexpectedToken, "unexpected character `@`", file: short,
        span: Span(start: offset % 120, end: offset % 120 + 1))
      onLong += clock.measure { total += renderer.render(diagnostic).utf8.count }
      onShort += clock.measure { _ = renderer.render(reference) }
    }
    #expect(onLong < onShort * 10, "\(onLong) for 4096 diagnostics on a 16 KB line, \(onShort) on a short one")
    #expect(onLong < .seconds(60), "\(onLong)")
    // Each is a few hundred bytes, not the line's 16 KB.
    #expect(total < 4096 * 500, "\(total)")
  }
}
