import Testing
import VEDLDiagnostics
import VEDLSource
import VEDLTime

@testable import VEDLSyntax

/// Lexes `text` and returns the token kinds without the trailing end-of-file.
private func kinds(_ text: String) -> [TokenKind] {
  let r = Lexer.lex(SourceFile(path: "t.vedl", text: text))
  return r.tokens.dropLast().map(\.kind)
}

private func single(_ text: String) -> LiteralValue? {
  let k = kinds(text)
  guard k.count == 1, case .literal(let v) = k[0] else { return nil }
  return v
}

private func codes(_ text: String) -> [String] {
  Lexer.lex(SourceFile(path: "t.vedl", text: text)).diagnostics.map(\.code.id)
}

private func r(_ n: Int64, _ d: Int64 = 1) -> Rational { Rational(n, d)! }

@Suite struct LexerTests {
  @Test func numbers() {
    #expect(single("3") == .number(r(3)))
    #expect(single("0.5") == .number(r(1, 2)))
    #expect(single("29.97") == .number(r(2997, 100)))
  }

  @Test func durations() {
    #expect(single("2s") == .duration(.seconds(r(2))))
    #expect(single("1.5s") == .duration(.seconds(r(3, 2))))
    #expect(single("250ms") == .duration(.seconds(r(1, 4))))
    #expect(single("1m30s") == .duration(.seconds(r(90))))
    #expect(single("1h2m3s") == .duration(.seconds(r(3723))))
    #expect(single("2s500ms") == .duration(.seconds(r(5, 2))))
    #expect(single("1m30.5s") == .duration(.seconds(r(181, 2))))
    #expect(single("2m") == .duration(.seconds(r(120))))
    #expect(single("48f") == .duration(.frames(48)))
  }

  @Test func timecodesAndRatios() {
    #expect(single("00:00:04:15") == .duration(.timecode(seconds: 4, frames: 15)))
    #expect(single("01:02:03:04") == .duration(.timecode(seconds: 3723, frames: 4)))
    #expect(single("00:01:02.500") == .duration(.seconds(r(125, 2))))
    #expect(single("00:01:02") == .duration(.seconds(r(62))))
    #expect(single("9:16") == .ratio(9, 16))
    #expect(single("1:1") == .ratio(1, 1))
  }

  @Test func otherUnits() {
    #expect(single("1080x1920") == .size(width: 1080, height: 1920))
    #expect(single("80%") == .percent(r(4, 5)))
    #expect(single("12dB") == .gain(r(12)))
    #expect(single("2x") == .speed(r(2)))
    #expect(single("0.5x") == .speed(r(1, 2)))
    #expect(single("90deg") == .angle(r(90)))
    #expect(single("#FF6600") == .color(0xFF66_00FF))
    #expect(single("#fff") == .color(0xFFFF_FFFF))
    #expect(single("#FFFFFF80") == .color(0xFFFF_FF80))
  }

  @Test func negativeLiteralsAreUnaryMinus() {
    #expect(kinds("-12dB") == [.punctuation(.minus), .literal(.gain(r(12)))])
  }

  @Test func rangesAreOperators() {
    #expect(
      kinds("2s..6s") == [
        .literal(.duration(.seconds(r(2)))), .punctuation(.dotDot), .literal(.duration(.seconds(r(6)))),
      ])
    #expect(kinds("2..5") == [.literal(.number(r(2))), .punctuation(.dotDot), .literal(.number(r(5)))])
  }

  @Test func wordsAndKeywords() {
    #expect(kinds("let clip end true") == [.keyword(.let), .identifier("clip"), .identifier("end"), .keyword(.true)])
    #expect(kinds("opening.start") == [.identifier("opening"), .punctuation(.dot), .identifier("start")])
  }

  @Test func newlinesCollapseAndCommentsAreSide() {
    let res = Lexer.lex(SourceFile(path: "t", text: "a // c\n\n\r\n/* x /* y */ z */ b"))
    #expect(res.tokens.map(\.kind) == [.identifier("a"), .newline, .identifier("b"), .endOfFile])
    #expect(res.comments.map(\.style) == [.line, .block])
    #expect(res.comments[0].span == Span(start: 2, end: 6))
    #expect(res.diagnostics.isEmpty)
  }

  @Test func strings() {
    guard case .string(let pieces) = kinds(#""a\"b\\c\n\t\u{E9}""#).first else {
      Issue.record("not a string")
      return
    }
    #expect(pieces.count == 1)
    if case .text(let t, _) = pieces[0] { #expect(t == "a\"b\\c\n\té") }
  }

  @Test func interpolationSpans() {
    let text = #"text "Hi \(name) and \(f(")")) !""#
    let toks = Lexer.lex(SourceFile(path: "t", text: text)).tokens
    guard case .string(let pieces) = toks[1].kind else {
      Issue.record("not a string")
      return
    }
    #expect(pieces.count == 5)
    if case .interpolation(let span) = pieces[1] {
      #expect(SourceFile(path: "t", text: text).text(span) == "name")
    }
    if case .interpolation(let span) = pieces[3] {
      #expect(SourceFile(path: "t", text: text).text(span) == #"f(")")"#)
    }
  }

  @Test func errorTokensHavePreciseSpans() {
    let file = SourceFile(path: "t", text: "gap 12q\nx")
    let res = Lexer.lex(file)
    #expect(res.tokens.map(\.kind) == [.identifier("gap"), .error, .newline, .identifier("x"), .endOfFile])
    #expect(res.tokens[1].span == Span(start: 4, end: 7))
    #expect(res.diagnostics.map(\.code) == [.unknownUnit])
  }

  @Test func malformedInput() {
    #expect(codes("\"abc") == ["E0101"])
    #expect(codes("\"abc\\(x\"") == ["E0101"])
    #expect(codes("/* open") == ["E0102"])
    #expect(codes("12q") == ["E0103"])
    #expect(codes("$") == ["E0104"])
    #expect(codes("é") == ["E0104"])
    #expect(codes("\"\\q\"") == ["E0106"])
    #expect(codes("1080x19y") == ["E0107"])
    #expect(codes("1080x") == [])  // a speed of 1080x, lexically fine
    #expect(codes("00:99:00") == ["E0107"])
    #expect(codes("#12") == ["E0108"])
    #expect(codes("99999999999999999999") == ["E0109"])
  }

  @Test func invalidUTF8() {
    let file = SourceFile(
      path: "t", bytes: Array("a ".utf8) + [0xFF, 0xFE] + Array(" b \"x".utf8) + [0xC3] + Array("\"".utf8))
    let res = Lexer.lex(file)
    #expect(res.diagnostics.map(\.code.id) == ["E0105", "E0105"])
    #expect(res.diagnostics[0].span == Span(start: 2, end: 4))
    // Overlong encodings and surrogates are invalid too.
    #expect(Lexer.lex(SourceFile(path: "t", bytes: [0xC0, 0x80])).diagnostics.map(\.code.id) == ["E0105"])
    #expect(Lexer.lex(SourceFile(path: "t", bytes: [0xED, 0xA0, 0x80])).diagnostics.map(\.code.id) == ["E0105"])
    #expect(Lexer.lex(SourceFile(path: "t", bytes: Array("// ".utf8) + [0xFF])).diagnostics.map(\.code.id) == ["E0105"])
  }

  /// NUL would end the string where the backends' C libraries read it (a font name, a
  /// text), so a string holding one is refused, raw or escaped.
  @Test func nulCannotAppearInAString() {
    let raw = Lexer.lex(SourceFile(path: "t", bytes: Array("font \"D".utf8) + [0, 0] + Array("ejaVu\"".utf8)))
    // One report for the run.
    #expect(raw.diagnostics.map(\.code.id) == ["E0104"])
    #expect(raw.diagnostics.first?.span == Span(start: 7, end: 9))
    #expect(raw.diagnostics.first?.message == "a NUL character (U+0000) cannot appear in a string")
    #expect(!raw.tokens.contains { if case .string = $0.kind { true } else { false } })
    let escaped = Lexer.lex(SourceFile(path: "t", text: #"text "a\u{0}b""#))
    #expect(escaped.diagnostics.map(\.code.id) == ["E0106"])
    #expect(escaped.diagnostics.first?.span == Span(start: 7, end: 12))
    #expect(Lexer.lex(SourceFile(path: "t", text: #""a\u{1}b""#)).diagnostics.isEmpty)
  }

  @Test func lexerNeverCrashesOnRandomBytes() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    let alphabet = Array("0123456789:.x%#\"\\(){}/ *-+;\nabcdfmsgé".utf8) + [0xFF, 0xC3]
    for _ in 0..<2000 {
      let n = Int(next() % 40)
      let bytes = (0..<n).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] }
      let res = Lexer.lex(SourceFile(path: "t", bytes: bytes))
      #expect(res.tokens.last?.kind == .endOfFile)
      // Tokens are in order and inside the file.
      var last = 0
      for t in res.tokens {
        #expect(t.span.start >= last && t.span.end <= bytes.count)
        last = t.span.start
      }
      _ = Parser.parse(SourceFile(path: "t", bytes: bytes))
    }
  }
}
