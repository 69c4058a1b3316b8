import Testing
import VEDLSource
import VEDLTestSupport

@testable import VEDLDiagnostics

/// Golden tests of ``TextRenderer``: each expected string is the complete plain-text output.
@Suite struct TextRendererTests {
  let renderer = TextRenderer()

  @Test func unterminatedStringWithLabelNoteAndHelp() {
    let file = SourceFile(
      path: "path/file.vedl", text: "vedl 1\ncanvas 1080x1920\n  text \"Hello at: 0s\n")
    let start = TestText.span(of: "\"Hello", in: file).start
    let span = Span(start: start, end: file.lines.lineSpan(2).end)
    let diagnostic = Diagnostic(
      .unterminatedString, "unterminated string literal", file: file, span: span,
      labels: [Label(span: span, message: "string starts here")],
      notes: ["strings cannot span lines"], help: "close the string with `\"`")
    #expect(
      renderer.render(diagnostic) == """
        error[E0101]: unterminated string literal
         --> path/file.vedl:3:8
          |
        3 |   text "Hello at: 0s
          |        ^^^^^^^^^^^^^ string starts here
          |
          = note: strings cannot span lines
        help: close the string with `"`

        """)
  }

  @Test func nonASCIITextAlignsByScalarCount() {
    let file = SourceFile(path: "u.vedl", text: "text \"héllo 世界 😀\" bad\n")
    let diagnostic = Diagnostic(
      .unexpectedToken, "unexpected token `bad`", file: file,
      span: TestText.span(of: "bad", in: file),
      labels: [Label(span: TestText.span(of: "世界", in: file), message: "two scalars")])
    #expect(
      renderer.render(diagnostic) == """
        error[E0202]: unexpected token `bad`
         --> u.vedl:1:19
          |
        1 | text "héllo 世界 😀" bad
          |             --    ^^^
          |             |
          |             two scalars

        """)
  }

  @Test func tabsExpandAndCaretsFollow() {
    let file = SourceFile(path: "t.vedl", text: "\tclip\tintro\n")
    let diagnostic = Diagnostic(
      .unexpectedToken, "unexpected token", file: file,
      span: TestText.span(of: "intro", in: file),
      labels: [
        Label(span: TestText.span(of: "\t", in: file, occurrence: 1), message: "a tab")
      ])
    // The header counts a tab as one column (7); the snippet expands it to four spaces.
    #expect(
      renderer.render(diagnostic) == """
        error[E0202]: unexpected token
         --> t.vedl:1:7
          |
        1 |     clip    intro
          |         ----^^^^^
          |         |
          |         a tab

        """)
    let wide = TextRenderer(tabWidth: 2)
    #expect(wide.render(diagnostic).contains("1 |   clip  intro\n  |       --^^^^^\n"))
  }

  @Test func labelInAnotherFileGetsItsOwnHeaderAndSharedGutter() {
    let main = SourceFile(path: "main.vedl", text: "vedl 1\ncaptions \"subs.srt\"\n")
    let subtitles = SourceFile(
      path: "subs.srt",
      text:
        "1\n00:00:00,000 --> 00:00:01,000\nA\n\n2\n00:00:01,000 --> 00:00:02,000\nB\n\n3\n00:00:02,000 --> 00:00:03,000\nC\n\n4\n00:00:01,000 --> 00:00:00,500\nD\n"
    )
    let diagnostic = Diagnostic(
      DiagnosticCode("E0606"), "caption ends before it starts", file: main,
      span: TestText.span(of: "\"subs.srt\"", in: main),
      labels: [
        Label(
          span: TestText.span(of: "00:00:00,500", in: subtitles), message: "ends here",
          file: subtitles)
      ])
    #expect(
      renderer.render(diagnostic) == """
        error[E0606]: caption ends before it starts
          --> main.vedl:2:10
           |
        2  | captions "subs.srt"
           |          ^^^^^^^^^^
           |
          ::: subs.srt:14:18
           |
        14 | 00:00:01,000 --> 00:00:00,500
           |                  ------------ ends here

        """)
  }

  @Test func labelThatNamesTheOwnFileStaysInTheMainSnippet() {
    let file = SourceFile(path: "a.vedl", text: "let x = 1\nlet x = 2\n")
    let diagnostic = Diagnostic(
      DiagnosticCode("E0301"), "`x` is declared twice", file: file,
      span: TestText.span(of: "x", in: file, occurrence: 1),
      labels: [
        Label(
          span: TestText.span(of: "x", in: file), message: "first declared here", file: file)
      ])
    #expect(
      renderer.render(diagnostic) == """
        error[E0301]: `x` is declared twice
         --> a.vedl:2:5
          |
        1 | let x = 1
          |     - first declared here
        2 | let x = 2
          |     ^

        """)
  }

  @Test func zeroWidthSpanAtEndOfFile() {
    let file = SourceFile(path: "a.vedl", text: "canvas 1080x1920 {")
    let diagnostic = Diagnostic(
      .unclosedDelimiter, "unclosed delimiter", file: file, span: .point(file.bytes.count),
      labels: [Label(span: TestText.span(of: "{", in: file), message: "opened here")])
    #expect(
      renderer.render(diagnostic) == """
        error[E0203]: unclosed delimiter
         --> a.vedl:1:19
          |
        1 | canvas 1080x1920 {
          |                  -^
          |                  |
          |                  opened here

        """)
  }

  @Test func zeroWidthSpanAfterFinalNewlineIsOnTheEmptyLastLine() {
    let file = SourceFile(path: "a.vedl", text: "track {\n")
    let diagnostic = Diagnostic(
      .unclosedDelimiter, "unclosed delimiter", file: file, span: .point(file.bytes.count))
    #expect(
      renderer.render(diagnostic) == """
        error[E0203]: unclosed delimiter
         --> a.vedl:2:1
          |
        2 |
          | ^

        """)
  }

  @Test func emptyFile() {
    let file = SourceFile(path: "empty.vedl", text: "")
    let diagnostic = Diagnostic(
      .expectedExpression, "expected expression", file: file, span: .point(0))
    #expect(
      renderer.render(diagnostic) == """
        error[E0201]: expected expression
         --> empty.vedl:1:1
          |
        1 |
          | ^

        """)
  }

  @Test func spanOnLineContainingOnlyCRLF() {
    let file = SourceFile(path: "crlf.vedl", text: "vedl 1\r\n\r\ncanvas 1x1\r\n")
    let lineStart = file.lines.starts[1]
    for end in [lineStart, lineStart + 1, lineStart + 2] {
      let diagnostic = Diagnostic(
        .unexpectedToken, "blank line", file: file, span: Span(start: lineStart, end: end),
        labels: [Label(span: TestText.span(of: "1", in: file), message: "after this")])
      #expect(
        renderer.render(diagnostic) == """
          error[E0202]: blank line
           --> crlf.vedl:2:1
            |
          1 | vedl 1
            |      - after this
          2 |
            | ^

          """, "span end \(end)")
    }
  }

  @Test func multiLineSpanIsUnderlinedToTheEndOfItsFirstLine() {
    let file = SourceFile(path: "m.vedl", text: "track main {\n  clip a\n}\ncanvas 1x1\n")
    let start = TestText.span(of: "track", in: file).start
    let end = TestText.span(of: "}", in: file).end
    let diagnostic = Diagnostic(
      DiagnosticCode("W0301"), "track `main` is never used", file: file,
      span: Span(start: start, end: end))
    #expect(
      renderer.render(diagnostic) == """
        warning[W0301]: track `main` is never used
         --> m.vedl:1:1
          |
        1 | track main {
          | ^^^^^^^^^^^^ continues to line 3

        """)
    // A span that ends just after a line break covers only the line it starts on.
    let lineWithBreak = Span(start: start, end: file.lines.starts[1])
    let single = Diagnostic(.unexpectedToken, "unexpected line", file: file, span: lineWithBreak)
    #expect(renderer.render(single).hasSuffix("1 | track main {\n  | ^^^^^^^^^^^^\n"))
    // A labelled multi-line span keeps its label and says where it ends.
    let labelled = Diagnostic(
      .unexpectedToken, "unexpected block", file: file, span: Span(start: start, end: end),
      labels: [Label(span: Span(start: start, end: end), message: "this block")])
    #expect(
      renderer.render(labelled).contains("  | ^^^^^^^^^^^^ this block (continues to line 3)\n"))
  }

  @Test func severalAnnotationsOnOneLineHangTheirMessages() {
    let file = SourceFile(path: "a.vedl", text: "let x = foo(bar)\n")
    let bar = TestText.span(of: "bar", in: file)
    let diagnostic = Diagnostic(
      DiagnosticCode("E0302"), "unknown name `bar`", file: file, span: bar,
      labels: [
        Label(span: TestText.span(of: "x", in: file), message: ""),
        Label(span: TestText.span(of: "foo", in: file), message: "called here"),
        Label(span: TestText.span(of: "let", in: file), message: "in this declaration"),
        Label(span: bar, message: "not found"),
      ])
    #expect(
      renderer.render(diagnostic) == """
        error[E0302]: unknown name `bar`
         --> a.vedl:1:13
          |
        1 | let x = foo(bar)
          | --- -   --- ^^^ not found
          | |       |
          | |       called here
          | in this declaration

        """)
  }

  @Test func linesBetweenAnnotationsAreShownOrElided() {
    let text = "one\ntwo\nthree\nfour\nfive\nsix\n"
    let file = SourceFile(path: "g.vedl", text: text)
    let gapOfOne = Diagnostic(
      .unexpectedToken, "x", file: file, span: TestText.span(of: "three", in: file),
      labels: [Label(span: TestText.span(of: "one", in: file), message: "a")])
    #expect(
      renderer.render(gapOfOne).hasSuffix(
        """
        1 | one
          | --- a
        2 | two
        3 | three
          | ^^^^^

        """))
    let longGap = Diagnostic(
      .unexpectedToken, "x", file: file, span: TestText.span(of: "six", in: file),
      labels: [Label(span: TestText.span(of: "two", in: file), message: "b")])
    #expect(
      renderer.render(longGap).hasSuffix(
        """
        2 | two
          | --- b
        ...
        6 | six
          | ^^^

        """))
  }

  @Test func fixItsShowTheEditedSource() {
    let file = SourceFile(
      path: "f.vedl", text: "vedl 1\nvedl 1\ngap 12q\ntext \"Hello at: 0s\ncanvas 1080x1920 }\n")
    let unit = TestText.span(of: "q", in: file)
    let hello = TestText.span(of: "Hello", in: file)
    let brace = TestText.span(of: " }", in: file)
    let duplicate = Span(start: file.lines.starts[1], end: file.lines.starts[2])
    let diagnostic = Diagnostic(
      .unknownUnit, "unknown unit `q`", file: file, span: unit,
      fixIts: [
        FixIt(span: unit, replacement: "s", message: "use seconds"),
        FixIt(span: .point(hello.end), replacement: "\"", message: "close the string"),
        FixIt(span: brace, replacement: "", message: "remove the extra `}`"),
        FixIt(span: duplicate, replacement: "", message: "remove the duplicate"),
        FixIt(span: unit, replacement: "s\n", message: ""),
      ])
    #expect(
      renderer.render(diagnostic) == """
        error[E0103]: unknown unit `q`
         --> f.vedl:3:7
          |
        3 | gap 12q
          |       ^
          |
        help: use seconds
          |
        3 | gap 12s
          |       ~
        help: close the string
          |
        4 | text "Hello" at: 0s
          |            +
        help: remove the extra `}`
          |
        5 - canvas 1080x1920 }
        5 + canvas 1080x1920
          |
        help: remove the duplicate
          |
        2 - vedl 1
          |
        help: replace with `s\\n`
          |
        3 | gap 12s
          |       ~
        4 |

        """)
  }

  @Test func multiLineNotesAndHelpAreIndented() {
    let file = SourceFile(path: "h.vedl", text: "gap 12q\n")
    let diagnostic = Diagnostic(
      .unknownUnit, "unknown unit `q`", file: file, span: TestText.span(of: "q", in: file),
      notes: ["units are `s`, `ms`, `f`", "see\nthe reference"], help: "write `12s`\nor `12f`")
    #expect(
      renderer.render(diagnostic).hasSuffix(
        """
          |       ^
          |
          = note: units are `s`, `ms`, `f`
          = note: see
                  the reference
        help: write `12s`
              or `12f`

        """))
  }

  @Test func invalidUTF8AndControlCharactersAreMadeVisible() {
    var bytes = Array("ab".utf8)
    bytes += [0xFF]
    bytes += Array("cd \u{1B}[31m \"é\"\n".utf8)
    let file = SourceFile(path: "bad.vedl", bytes: bytes)
    let diagnostic = Diagnostic(
      .invalidUTF8, "invalid UTF-8 \u{1B}[0m", file: file, span: Span(start: 3, end: 4),
      labels: [Label(span: TestText.span(of: "é", in: file), message: "a\u{7}b")])
    let text = renderer.render(diagnostic)
    #expect(!text.contains("\u{1B}"))
    #expect(!text.contains("\u{7}"))
    #expect(
      text == """
        error[E0105]: invalid UTF-8 ␛[0m
         --> bad.vedl:1:4
          |
        1 | ab�cd ␛[31m "é"
          |    ^         - a␇b

        """)
  }

  @Test func spansOutsideTheFileAreClamped() {
    let file = SourceFile(path: "c.vedl", text: "abc")
    let diagnostic = Diagnostic(
      .unexpectedToken, "far away", file: file, span: Span(start: 10, end: 20),
      labels: [Label(span: Span(start: -5, end: 1), message: "before")],
      fixIts: [FixIt(span: Span(start: 2, end: 99), replacement: "Z", message: "clamp")])
    #expect(
      renderer.render(diagnostic) == """
        error[E0202]: far away
         --> c.vedl:1:4
          |
        1 | abc
          | -  ^
          | |
          | before
          |
        help: clamp
          |
        1 | abZ
          |   ~

        """)
  }

  @Test func warningsAndNotesUseTheirSeverityName() {
    let file = SourceFile(path: "w.vedl", text: "x\n")
    let warning = Diagnostic(
      DiagnosticCode("W0601"), "cue numbers skip", file: file, span: Span(start: 0, end: 1))
    let note = Diagnostic(
      DiagnosticCode("E0101"), "see the other file", file: file, span: Span(start: 0, end: 1),
      severity: .note)
    #expect(renderer.render(warning).hasPrefix("warning[W0601]: cue numbers skip\n"))
    #expect(renderer.render(note).hasPrefix("note[E0101]: see the other file\n"))
  }

  @Test func severalDiagnosticsAreSeparatedByBlankLines() {
    let file = SourceFile(path: "s.vedl", text: "a b\n")
    let first = Diagnostic(.unexpectedToken, "first", file: file, span: Span(start: 0, end: 1))
    let second = Diagnostic(.unexpectedToken, "second", file: file, span: Span(start: 2, end: 3))
    #expect(
      renderer.render([first, second]) == renderer.render(first) + "\n" + renderer.render(second)
        + "\n")
    #expect(renderer.render([]) == "")
  }

  @Test func summaryCountsErrorsAndWarnings() {
    let file = SourceFile(path: "s.vedl", text: "a\n")
    let error = Diagnostic(DiagnosticCode("E0202"), "e", file: file, span: .point(0))
    let warning = Diagnostic(DiagnosticCode("W0601"), "w", file: file, span: .point(0))
    let note = Diagnostic(
      DiagnosticCode("E0202"), "n", file: file, span: .point(0), severity: .note)
    #expect(
      renderer.summary(of: [error, error, warning]) == "error: 2 errors and 1 warning emitted\n")
    #expect(renderer.summary(of: [error, note]) == "error: 1 error emitted\n")
    #expect(renderer.summary(of: [warning, warning, note]) == "warning: 2 warnings emitted\n")
    #expect(renderer.summary(of: [note]) == nil)
    #expect(renderer.summary(of: []) == nil)
    let coloured = TextRenderer(coloring: .ansi).summary(of: [warning])
    #expect(coloured == "\u{1B}[1;33mwarning\u{1B}[0m\u{1B}[1m: 1 warning emitted\u{1B}[0m\n")
  }

  @Test func ansiColouringWrapsTheRolesAndPlainHasNoEscapes() {
    let file = SourceFile(path: "c.vedl", text: "gap 12q\n")
    let unit = TestText.span(of: "q", in: file)
    let diagnostic = Diagnostic(
      .unknownUnit, "unknown unit", file: file, span: unit,
      labels: [Label(span: TestText.span(of: "12", in: file), message: "number")],
      notes: ["n"], help: "h")
    let coloured = TextRenderer(coloring: .ansi).render(diagnostic)
    let red = "\u{1B}[1;31m"
    let blue = "\u{1B}[1;34m"
    let reset = "\u{1B}[0m"
    #expect(coloured.hasPrefix("\(red)error[E0103]\(reset)\u{1B}[1m: unknown unit\(reset)\n"))
    #expect(coloured.contains(" \(blue)-->\(reset) c.vedl:1:7\n"))
    #expect(coloured.contains("\(blue)1\(reset) \(blue)|\(reset) gap 12q\n"))
    #expect(coloured.contains("\(blue)--\(reset)\(red)^\(reset)"))
    #expect(coloured.contains("\u{1B}[1;36mhelp\(reset): h\n"))
    #expect(coloured.contains("\(blue)=\(reset) \u{1B}[1mnote\(reset): n\n"))
    // Removing the escapes gives exactly the plain rendering.
    #expect(strippingEscapes(coloured) == renderer.render(diagnostic))
    #expect(!renderer.render(diagnostic).contains("\u{1B}"))
  }

  /// `text` without ANSI SGR sequences.
  private func strippingEscapes(_ text: String) -> String {
    var out = ""
    var inEscape = false
    for scalar in text.unicodeScalars {
      if inEscape {
        if scalar == "m" { inEscape = false }
      } else if scalar == "\u{1B}" {
        inEscape = true
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
