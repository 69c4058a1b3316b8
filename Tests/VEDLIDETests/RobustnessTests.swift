import Foundation
import Testing
import VEDLSource
import VEDLTestSupport

@testable import VEDLIDE

/// Every feature over broken, hostile and large input: answers, never traps.
@Suite struct RobustnessTests {
  /// Runs every provider at every `step`-th offset of `text`.
  func exerciseEverything(_ text: String, step: Int = 1) {
    let analysis = DocumentAnalysis.analyze(
      SourceFile(path: "/tmp/vedl-robust/x.vedl", text: text),
      options: AnalysisOptions(baseDirectory: "/tmp/vedl-robust"))
    let count = analysis.file.bytes.count
    _ = DocumentSymbolProvider.symbols(in: analysis)
    _ = FoldingRangeProvider.ranges(in: analysis.parse)
    _ = SemanticTokenProvider.tokens(in: analysis.syntax)
    _ = InlayHintProvider.hints(in: Span(start: 0, end: count), of: analysis)
    _ = CodeActionProvider.actions(in: Span(start: 0, end: count), of: analysis)
    _ = FormattingProvider.edits(for: analysis.parse)
    var offset = 0
    while offset <= count {
      _ = HoverProvider.hover(at: offset, in: analysis)
      _ = CompletionProvider.complete(at: offset, in: analysis.syntax, baseDirectory: nil)
      _ = NameNavigation.references(at: offset, in: analysis.syntax, includeDeclaration: true)
      _ = NameNavigation.rename(at: offset, to: "renamed", in: analysis.syntax)
      offset += step
    }
  }

  @Test func syntaxErrorsEverywhere() {
    let text = """
      vedl
      param : = 
      let = (((
      track main { clip "unterminated
        clip a trim: .. id: {
        }}}
      track overlay { text "\\(" at: 
      canvas 10x fps: : background: #GG
      /* unterminated comment
      """
    exerciseEverything(text)
  }

  @Test func everyPrefixOfTheDemo() {
    let bytes = Array(TestText.demoEdit.utf8)
    for end in stride(from: 0, through: bytes.count, by: 7) {
      exerciseEverything(String(decoding: bytes[0..<end], as: UTF8.self), step: 13)
    }
  }

  @Test func randomBytesAndNonASCII() {
    var generator = SplitMix64(seed: 0x5eed)
    let alphabet = Array(
      "clip track { } ( ) : . .. \" \\ \n ; 2s 9:16 #FFF é 👋 𝄞 id at end // /* */ let param = + - x".utf8)
    for _ in 0..<40 {
      let length = Int.random(in: 0..<200, using: &generator)
      var bytes: [UInt8] = []
      for _ in 0..<length {
        bytes.append(
          Bool.random(using: &generator)
            ? alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
            : UInt8.random(in: 0...255, using: &generator))
      }
      let analysis = DocumentAnalysis.analyze(
        SourceFile(path: "/tmp/x.vedl", bytes: bytes), options: AnalysisOptions(baseDirectory: "/tmp"))
      for offset in stride(from: 0, through: bytes.count, by: 3) {
        _ = HoverProvider.hover(at: offset, in: analysis)
        _ = CompletionProvider.complete(at: offset, in: analysis.syntax, baseDirectory: nil)
      }
      _ = SemanticTokenProvider.tokens(in: analysis.syntax)
      _ = DocumentSymbolProvider.symbols(in: analysis)
    }
  }

  @Test func deepNestingIsBounded() {
    let deep = String(repeating: "track main {\n", count: 400) + String(repeating: "}\n", count: 400)
    exerciseEverything(deep, step: 997)
    let parens = "let a = " + String(repeating: "(", count: 5000) + "1" + String(repeating: ")", count: 5000)
    exerciseEverything(parens, step: 1999)
  }

  @Test func aLargeDocumentIsAnalysedQuickly() {
    var text = "canvas 1280x720 fps: 30\nlet bars = testpattern()\ntrack main {\n"
    for k in 0..<1500 {
      text += "  clip bars duration: 2s id: c\(k) {\n    zoom 1.1\n  }\n"
    }
    text += "}\ntrack overlay {\n"
    for k in 0..<500 {
      text += "  text \"title \(k)\" at: c\(k).start duration: 1s\n"
    }
    text += "}\n"
    let started = Date()
    let analysis = DocumentAnalysis.analyze(
      SourceFile(path: "/tmp/big.vedl", text: text), options: AnalysisOptions(baseDirectory: "/tmp"))
    #expect(analysis.timeline != nil)
    let tokens = SemanticTokenProvider.tokens(in: analysis.syntax)
    let hints = InlayHintProvider.hints(in: Span(start: 0, end: analysis.file.bytes.count), of: analysis)
    #expect(hints.count == 2000)
    #expect(tokens.count > 10000)
    let offset = analysis.file.bytes.count - 10
    _ = CompletionProvider.complete(at: offset, in: analysis.syntax, baseDirectory: nil)
    #expect(Date().timeIntervalSince(started) < 20, "a 6,500-line document, debug build")
  }
}
