import Testing
import VEDLSource

@testable import VEDLSyntax

/// Formats `text`, or `nil` when it has syntax errors.
private func format(_ text: String) -> String? {
  SourceFormatter.format(SourceFile(path: "t.vedl", text: text))
}

/// Expects `input` to format to exactly `expected` and every formatter invariant to hold.
private func expectFormat(
  _ input: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  let output = format(input)
  #expect(output == expected, sourceLocation: sourceLocation)
  if case .checked(_, let problems) = FormatterChecks.check(input) {
    #expect(problems.isEmpty, "\(problems)", sourceLocation: sourceLocation)
  } else {
    Issue.record("input has syntax errors", sourceLocation: sourceLocation)
  }
}

/// The canonical layout, rule by rule (docs/formatting.md).
@Suite struct FormatterTests {
  // MARK: Spacing

  @Test func statementSpacing() {
    expectFormat("clip   intro  trim:2s..6s   id :opening\n", "clip intro trim: 2s..6s id: opening\n")
    expectFormat("clip\tintro\ttrim:\t2s\t..\t6s", "clip intro trim: 2s..6s\n")
    expectFormat("canvas 1080x1920 fps:30 background:#000000", "canvas 1080x1920 fps: 30 background: #000000\n")
  }

  @Test func operators() {
    expectFormat("let x=a+b*c-d/e", "let x = a + b * c - d / e\n")
    expectFormat("text t at:opening.start+1s duration:2s", "text t at: opening.start + 1s duration: 2s\n")
    expectFormat("clip a trim: opening . start + 1s .. opening . end", "clip a trim: opening.start + 1s..opening.end\n")
  }

  @Test func unaryMinusIsGlued() {
    expectFormat("clip bed volume: - 12dB", "clip bed volume: -12dB\n")
    expectFormat("rotate - 15deg", "rotate -15deg\n")
    expectFormat("let y = - ( a + b ) * - - c", "let y = -(a + b) * --c\n")
    expectFormat("foo 1 ( - 2 )", "foo 1 (-2)\n")
    // A sign-like `-` starts a new argument (grammar note S5); a spaced or attached one
    // subtracts, and is spaced as a subtraction.
    expectFormat("foo 1 -2", "foo 1 -2\n")
    expectFormat("foo 1-2", "foo 1 - 2\n")
    expectFormat("key 4s -20dB easing: linear", "key 4s -20dB easing: linear\n")
    expectFormat("f(1 -2)", "f (1 - 2)\n")
    expectFormat("let x = 1 -2", "let x = 1 - 2\n")
    expectFormat("let r = -1s..-2s", "let r = -1s..-2s\n")
    expectFormat("let c = f( -1 , a: -x )", "let c = f(-1, a: -x)\n")
  }

  @Test func callsAndParentheses() {
    expectFormat("let a = video( \"a.mp4\" )", "let a = video(\"a.mp4\")\n")
    expectFormat("height dynamic( maximumTracks : 2 )", "height dynamic(maximumTracks: 2)\n")
    expectFormat("let p = testpattern( )", "let p = testpattern()\n")
    expectFormat("let s = f(a,b,g(c,d:1))", "let s = f(a, b, g(c, d: 1))\n")
    expectFormat("let t = f(a, b, )", "let t = f(a, b,)\n")
    expectFormat("let u = ( ( a + b ) )", "let u = ((a + b))\n")
    // `foo (x)` is a name and a parenthesised argument, not a call: the space stays.
    expectFormat("foo bar (x)", "foo bar (x)\n")
    expectFormat("clip(a)", "clip (a)\n")
    expectFormat("foo a.b(c)", "foo a.b (c)\n")
  }

  @Test func literalsAndStringsAreCopiedExactly() {
    let literals =
      "1m30s #ff6600 #FFF #FFFFFF80 00:00:04:15 00:01:02.500 9:16 1080x1920 80% 0.5x 90deg 48f 2s500ms 12dB 3 0.50"
    expectFormat("foo   " + literals, "foo " + literals + "\n")
    let strings = #""a\"b\\c\n\t\u{1F600}" "\(title) — \(n + 1)" "\(  a+b  )" "a\(f("x"))b" "ünï 🎬""#
    expectFormat("text  " + strings, "text " + strings + "\n")
  }

  @Test func sizeLiteralKeepsItsSpaceBeforeADot() {
    // `1080x1920.width` and `1x2..3x4` would be malformed literals.
    expectFormat("foo 1080x1920 . width", "foo 1080x1920 .width\n")
    expectFormat("foo 1x2 ..3x4", "foo 1x2 .. 3x4\n")
  }

  @Test func declarations() {
    expectFormat(
      "vedl  1\nparam  title :String=\"x\"\nparam accent:Color\nlet  a=video(\"a.mp4\")",
      "vedl 1\nparam title: String = \"x\"\nparam accent: Color\nlet a = video(\"a.mp4\")\n")
  }

  // MARK: Lines and blocks

  @Test func multiLineBlocks() {
    expectFormat(
      "track main {\nclip a {\n      crop 9:16\n}\n    crossfade 1s\n}",
      "track main {\n  clip a {\n    crop 9:16\n  }\n  crossfade 1s\n}\n")
  }

  @Test func semicolonsSplitStatementsOfMultiLineBlocks() {
    expectFormat("a; b ;c", "a\nb\nc\n")
    expectFormat("track main {\n  a; b\n  ;;c;\n}", "track main {\n  a\n  b\n  c\n}\n")
  }

  @Test func oneLineBlocksStayOnOneLine() {
    expectFormat("leading {timecode;spacer}", "leading { timecode; spacer }\n")
    expectFormat("leading {  ; timecode ;; spacer ; }", "leading { timecode; spacer }\n")
    expectFormat(
      "editor {\n  header {\n    leading  { timecode; spacer }\n    center   { playPause }\n  }\n}",
      "editor {\n  header {\n    leading { timecode; spacer }\n    center { playPause }\n  }\n}\n")
    expectFormat(
      "header { leading { timecode; spacer }; center { playPause } }",
      "header { leading { timecode; spacer }; center { playPause } }\n")
    expectFormat("clip a { crop 9:16 { x } }; b", "clip a { crop 9:16 { x } }\nb\n")
  }

  @Test func emptyBlocks() {
    expectFormat("a {}", "a {}\n")
    expectFormat("a {   }", "a {}\n")
    expectFormat("a {\n\n}", "a {}\n")
    expectFormat("a { ; ; }", "a {}\n")
  }

  @Test func oneLineBlockMustFitInOneHundredColumns() {
    // "a { b " + string + " }" is exactly 100 columns when the string is 92 long.
    let fits = "\"" + String(repeating: "x", count: 90) + "\""
    expectFormat("a { b \(fits) }", "a { b \(fits) }\n")
    #expect(("a { b \(fits) }").count == 100)
    let tooWide = "\"" + String(repeating: "x", count: 91) + "\""
    expectFormat("a { b \(tooWide) }", "a {\n  b \(tooWide)\n}\n")
    // Columns count characters, not bytes.
    let wide = "\"" + String(repeating: "é", count: 90) + "\""
    expectFormat("a { b \(wide) }", "a { b \(wide) }\n")
    // Indentation counts.
    expectFormat("x {\n  a { b \(fits) }\n}", "x {\n  a {\n    b \(fits)\n  }\n}\n")
  }

  @Test func tooWideOuterBlockSplitsButInnerBlocksMayStay() {
    let long = String(repeating: "word ", count: 16)
    expectFormat(
      "editor { header { leading { timecode; spacer } }; addClip { camera; library title: \"\(long)\" } }",
      """
      editor {
        header { leading { timecode; spacer } }
        addClip {
          camera
          library title: "\(long)"
        }
      }

      """)
  }

  @Test func blankLines() {
    expectFormat("\n\n\nvedl 1\n\n\n\nlet a = 1\nlet b = 2\n\n\n", "vedl 1\n\nlet a = 1\nlet b = 2\n")
    expectFormat("a {\n\n\n  b\n\n  c\n\n}\n", "a {\n  b\n\n  c\n}\n")
    expectFormat("a;\n\nb", "a\n\nb\n")
  }

  @Test func lineEndingsAndTabs() {
    expectFormat(
      "vedl 1\r\n\r\ntrack main {\r\n\tclip a // note\r\n}\r\n", "vedl 1\n\ntrack main {\n  clip a // note\n}\n")
    expectFormat("a {\n\t\tb\n\t}", "a {\n  b\n}\n")
  }

  @Test func emptyAndCommentOnlyFiles() {
    #expect(format("") == "")
    #expect(format("\n\n  \n") == "")
    #expect(format(";;\n;") == "")
    expectFormat("\n\n// only a comment   \n\n", "// only a comment\n")
    expectFormat("/* a */\n\n\n/* b */", "/* a */\n\n/* b */\n")
  }

  // MARK: Parentheses over several lines

  @Test func joinedWhenNoLineBreakInside() {
    expectFormat("let a = f( x ,  y: 2 )", "let a = f(x, y: 2)\n")
  }

  @Test func oneArgumentPerLineWhenTheSourceBrokeALine() {
    expectFormat(
      "let a = f(\n      x,\n   y: 2\n)",
      "let a = f(\n  x,\n  y: 2\n)\n")
    expectFormat(
      "let a = f(x,\n          y)",
      "let a = f(\n  x,\n  y\n)\n")
    expectFormat(
      "height dynamic(\n  maximumTracks: 2\n)",
      "height dynamic(\n  maximumTracks: 2\n)\n")
    expectFormat(
      "track main {\n  clip video(\n\"a.mp4\"\n) trim: (\n 1s..2s\n)\n}",
      "track main {\n  clip video(\n    \"a.mp4\"\n  ) trim: (\n    1s..2s\n  )\n}\n")
  }

  @Test func nestedGroupsExpandIndependently() {
    expectFormat(
      "let a = f(g(\nx), h(y))",
      "let a = f(g(\n  x\n), h(y))\n")
    expectFormat(
      "let a = f(\ng(\nx), h(y))",
      "let a = f(\n  g(\n    x\n  ),\n  h(y)\n)\n")
  }

  @Test func emptyParenthesesAcrossLines() {
    expectFormat("let a = f(\n\n)", "let a = f()\n")
  }

  // MARK: Comments

  @Test func ownLineComments() {
    expectFormat(
      """
      // file header

        /* block */
      vedl 1
      track main {
          // before clip
        clip a
            /* before the brace */
      }
      // end of file
      """,
      """
      // file header

      /* block */
      vedl 1
      track main {
        // before clip
        clip a
        /* before the brace */
      }
      // end of file

      """)
  }

  @Test func trailingComments() {
    expectFormat(
      "vedl 1    // version\nclip a {    // opens\n  b   /* t */\n}   // closes\n",
      "vedl 1 // version\nclip a { // opens\n  b /* t */\n} // closes\n")
    expectFormat("a; // after a\nb; /* after b */", "a // after a\nb /* after b */\n")
    expectFormat("a {\n  b; /* x */; c\n}", "a {\n  b /* x */\n  c\n}\n")
  }

  @Test func commentsInsideStatementsStayInPlace() {
    expectFormat("clip   /* source */   a    trim:/* t */2s..6s", "clip /* source */ a trim: /* t */ 2s..6s\n")
    expectFormat("let a = f(/* none */)", "let a = f(/* none */)\n")
    expectFormat("let a = f( /* first */ x , y /* last */ )", "let a = f(/* first */ x, y /* last */)\n")
    expectFormat("let b = - /* minus */ 1", "let b = - /* minus */ 1\n")
  }

  @Test func commentBeforeAnItemOnTheSameLine() {
    expectFormat("a; /* lead */ b", "a\n/* lead */ b\n")
    expectFormat("/* lead */ a", "/* lead */ a\n")
    expectFormat("x {\n  /* lead */ a\n}", "x {\n  /* lead */ a\n}\n")
    expectFormat("x { /* lead */ a }", "x {\n  /* lead */ a\n}\n")
  }

  @Test func commentsMakeABlockMultiLine() {
    expectFormat("leading { timecode /* t */; spacer }", "leading {\n  timecode /* t */\n  spacer\n}\n")
    expectFormat("s { /* only */ }", "s { /* only */\n}\n")
  }

  @Test func multiLineBlockCommentsAreVerbatim() {
    expectFormat(
      "track main {\n      /* first\n         second   \n    third */\n  clip a /* x\ny */ b\n}",
      "track main {\n  /* first\n         second\n    third */\n  clip a /* x\ny */ b\n}\n")
  }

  @Test func lineCommentsInCalls() {
    expectFormat(
      "let w = f(\n  a, // first\n  b // second\n)",
      "let w = f(\n  a, // first\n  b // second\n)\n")
    // A comma after a line comment moves in front of it.
    expectFormat("let v = g(a // about a\n  , b)", "let v = g(\n  a, // about a\n  b\n)\n")
    expectFormat("let u = g( // opening\n a)", "let u = g( // opening\n  a\n)\n")
    expectFormat("let v = g(a // about a\n  , /* b */ b)", "let v = g(\n  a, // about a\n  /* b */ b\n)\n")
    expectFormat("let t = g(a,\n  // about b\n  b)", "let t = g(\n  a,\n  // about b\n  b\n)\n")
  }

  @Test func aLineCommentNeverSwallowsCode() {
    expectFormat("a /* x */ // y\nb", "a /* x */ // y\nb\n")
    expectFormat("a {// y\nb}", "a { // y\n  b\n}\n")
    expectFormat("let a = (// y\n1)", "let a = ( // y\n  1\n)\n")
  }

  @Test func trailingWhitespaceInCommentsIsRemoved() {
    expectFormat("// note   \t\na", "// note\na\n")
  }

  // MARK: The example of the language contract

  @Test func languageExample() {
    let input = """
      vedl 1

      // Parameters turn the file into a template
      param title: String = "Hello VEDL"
      let city  = video("media/b.mp4")

      track main {
        clip intro trim: 2s..6s id: opening {
          crop 9:16
        }
        crossfade 1s
      }

      editor {
        header {
          leading  { timecode; spacer }
          trailing { loop; spacer; toggleExpanded }
        }
        addClip  { camera; library title: "Media"; photoRoll; custom "my.package.timeline.addClip.stock" title: "Stock Footage" icon: "film.stack" }
        addAudio { music; voiceover }
        height dynamic(maximumTracks: 2)
      }

      """
    let expected = """
      vedl 1

      // Parameters turn the file into a template
      param title: String = "Hello VEDL"
      let city = video("media/b.mp4")

      track main {
        clip intro trim: 2s..6s id: opening {
          crop 9:16
        }
        crossfade 1s
      }

      editor {
        header {
          leading { timecode; spacer }
          trailing { loop; spacer; toggleExpanded }
        }
        addClip {
          camera
          library title: "Media"
          photoRoll
          custom "my.package.timeline.addClip.stock" title: "Stock Footage" icon: "film.stack"
        }
        addAudio { music; voiceover }
        height dynamic(maximumTracks: 2)
      }

      """
    expectFormat(input, expected)
  }

  /// The example at the top of docs/formatting.md.
  @Test func documentationExample() {
    expectFormat(
      """
      vedl  1
      param accent:Color=#FF6600   // brand colour
      let city  = video( "media/b.mp4" )
      track main {clip city trim:1s..5s speed:2x { mirror horizontal }
        crossfade 1s ; gap 2s


      }
      editor { header { leading  { timecode; spacer } } }
      """,
      """
      vedl 1
      param accent: Color = #FF6600 // brand colour
      let city = video("media/b.mp4")
      track main {
        clip city trim: 1s..5s speed: 2x { mirror horizontal }
        crossfade 1s
        gap 2s
      }
      editor { header { leading { timecode; spacer } } }

      """)
  }

  // MARK: Refusal

  @Test func filesWithSyntaxErrorsAreNotFormatted() {
    #expect(format("clip a {") == nil)
    #expect(format("let = 3") == nil)
    #expect(format("text \"unterminated") == nil)
    #expect(format("clip 12q") == nil)
    #expect(FormatterChecks.check("a {\n}}") == .skipped)
  }
}
