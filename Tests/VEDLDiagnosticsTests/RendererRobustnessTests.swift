import Foundation
import Testing
import VEDLSource
import VEDLTestSupport

@testable import VEDLDiagnostics

/// Seeded random inputs (invalid UTF-8, stray `\r`, tabs, out-of-range spans, multi-line
/// fix-its) must never crash either renderer, and their output must stay well formed.
@Suite struct RendererRobustnessTests {
  static let alphabet: [[UInt8]] = [
    Array("a".utf8), Array(" ".utf8), Array("\t".utf8), Array("\n".utf8), Array("\r\n".utf8),
    Array("\r".utf8), Array("é".utf8), Array("世".utf8), Array("😀".utf8), [0xFF], [0xE2, 0x82],
    [0x1B], Array("\"".utf8), Array("\\".utf8),
  ]

  @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
  func randomDiagnosticsRenderWithoutCrashing(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    for _ in 0..<60 {
      var bytes: [UInt8] = []
      for _ in 0..<random.below(40) { bytes += Self.alphabet[random.below(Self.alphabet.count)] }
      let file = SourceFile(path: "r\(seed).vedl", bytes: bytes)
      let other = SourceFile(path: "other.srt", bytes: Array(bytes.reversed()))
      func span() -> Span {
        let start = random.below(bytes.count + 6) - 3
        return Span(start: start, end: start + random.below(12))
      }
      func text() -> String {
        String(
          decoding: (0..<random.below(6)).flatMap { _ in
            Self.alphabet[random.below(Self.alphabet.count)]
          }, as: UTF8.self)
      }
      let diagnostic = Diagnostic(
        .unexpectedToken, "m" + text(), file: file, span: span(),
        severity: [Severity.error, .warning, .note][random.below(3)],
        labels: (0..<random.below(4)).map { _ in
          Label(span: span(), message: text(), file: random.below(2) == 0 ? nil : other)
        },
        notes: (0..<random.below(3)).map { _ in text() }, help: random.below(2) == 0 ? nil : text(),
        fixIts: (0..<random.below(3)).map { _ in
          FixIt(span: span(), replacement: text(), message: text())
        })

      let plain = TextRenderer().render(diagnostic)
      #expect(plain.hasPrefix("\(diagnostic.severity.rawValue)[E0202]: m"), "seed \(seed)")
      #expect(plain.hasSuffix("\n"), "seed \(seed)")
      #expect(
        !plain.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" },
        "seed \(seed)")
      _ = TextRenderer(coloring: .ansi, tabWidth: 3).render(diagnostic)

      let json = JSONRenderer().render([diagnostic])
      let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
      #expect(parsed?.first?["message"] as? String == diagnostic.message, "seed \(seed)")
    }
  }
}
