import Testing
import VEDLDiagnostics
import VEDLSource

@testable import VEDLSyntax

/// The parser reads tokens a window at a time (and, for a large file whose tokens are not
/// kept, from a lexer on another thread): whatever the path, the tree, the comments and the
/// diagnostics must be those of a parse that keeps every token, and the tokens lexed again on
/// demand must be the ones kept.
@Suite struct TokenWindowTests {
  /// A program of `clips` clips with everything the lexer and parser handle: comments, strings
  /// with interpolations, calls, member expressions, parentheses across lines, blocks, and
  /// (every 97th clip) a lexical or syntax error.
  static func program(clips: Int, withErrors: Bool) -> String {
    var text = "vedl 1\n// A generated program.\nparam title: String = \"T\"\nlet bars = testpattern()\n\n"
    text += "track main {\n"
    for i in 1...clips {
      text += "  /* clip \(i) */ clip bars duration: \(i % 5 + 1)s id: c\(i) {\n"
      text += "    fade in: 200ms\n    position x: (10 +\n      2) y: -20\n  }\n"
      if i % 3 == 0 { text += "  crossfade 300ms\n" }
      if withErrors && i % 97 == 0 { text += "  clip bars duration: 2q \"unterminated\n  gap )\n" }
    }
    text += "}\n\ntrack overlay \"titles\" {\n"
    for i in stride(from: 1, through: clips, by: 4) {
      text +=
        "  text \"Title \\(title) \\(c\(i).start)\" at: c\(i).start + 100ms duration: 1s; shape rect at: 0s duration: 1s\n"
    }
    text += "}\n"
    return text
  }

  private func expectSameParse(_ text: String) {
    let file = SourceFile(path: "big.vedl", text: text)
    let kept = Parser.parse(file, keepingTokens: true)
    let windowed = Parser.parse(file, keepingTokens: false)
    #expect(kept.syntax == windowed.syntax)
    #expect(kept.comments == windowed.comments)
    #expect(kept.diagnostics.map(\.message) == windowed.diagnostics.map(\.message))
    #expect(kept.diagnostics.map(\.span) == windowed.diagnostics.map(\.span))
    #expect(kept.tokens == windowed.tokens)
    #expect(kept.tokens == Lexer.lex(file).tokens)
  }

  @Test func windowsOfAMediumFileGiveTheSameParse() {
    // More tokens than one window, less than the size at which another thread lexes.
    let text = Self.program(clips: 600, withErrors: true)
    #expect(text.utf8.count < 1 << 18)
    expectSameParse(text)
  }

  @Test func aLargeFileLexedOnAnotherThreadGivesTheSameParse() {
    let text = Self.program(clips: 4000, withErrors: true)
    #expect(text.utf8.count > 1 << 18)
    expectSameParse(text)
  }

  @Test func aLargeValidFileGivesTheSameParse() {
    let text = Self.program(clips: 4000, withErrors: false)
    let file = SourceFile(path: "big.vedl", text: text)
    #expect(Parser.parse(file, keepingTokens: false).diagnostics.isEmpty)
    expectSameParse(text)
  }

  @Test func emptyAndTinyFiles() {
    for text in ["", "\n", "clip", "// only a comment", "\u{FEFF}vedl 1"] {
      expectSameParse(text)
    }
  }

  /// Repeated words come from the lexer's word table: keywords stay keywords wherever they
  /// occur, and a word is the same identifier at each occurrence.
  @Test func repeatedWordsKeepTheirKinds() {
    let text = "let let_ = true\nlet x = false\nparam p: Duration\nlet y = let_\nvedl vedl1 true"
    let kinds = Lexer.lex(SourceFile(path: "t.vedl", text: text)).tokens.map(\.kind)
    #expect(kinds.filter { $0 == .keyword(.let) }.count == 3)
    #expect(kinds.filter { $0 == .identifier("let_") }.count == 2)
    #expect(kinds.filter { $0 == .keyword(.true) }.count == 2)
    #expect(kinds.contains(.identifier("vedl1")))
    #expect(kinds.filter { $0 == .keyword(.vedl) }.count == 1)
  }
}
