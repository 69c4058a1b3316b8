import Testing
import VEDLSource

@Suite struct UTF8ValidationTests {
  @Test func wellFormedSequencesHaveTheirLength() {
    for text in ["a", "é", "中", "😀", "\u{10FFFF}", "\u{D7FF}", "\u{E000}"] {
      let bytes = Array(text.utf8)
      #expect(UTF8Validation.wellFormedLength(bytes, at: 0) == bytes.count, "\(text)")
    }
  }

  @Test func illFormedSequencesAreRejected() {
    // Stray continuation, overlong forms, surrogates, above U+10FFFF, truncated, bad lead bytes.
    let bad: [[UInt8]] = [
      [0x80], [0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF0, 0x80, 0x80, 0x80],
      [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xE2, 0x41, 0x41], [0xF5, 0x80, 0x80, 0x80], [0xFF],
    ]
    for bytes in bad {
      #expect(UTF8Validation.wellFormedLength(bytes, at: 0) == nil, "\(bytes)")
      #expect(!UTF8Validation.isValid(bytes), "\(bytes)")
    }
  }

  @Test func invalidRunsAreMaximal() {
    let bytes: [UInt8] = [0x61, 0xFF, 0xFE, 0x62] + Array("é".utf8) + [0x80]
    #expect(UTF8Validation.invalidRuns(in: bytes) == [Span(start: 1, end: 3), Span(start: 6, end: 7)])
    #expect(UTF8Validation.invalidRuns(in: bytes, from: 3) == [Span(start: 6, end: 7)])
    #expect(UTF8Validation.isValid(bytes, from: 3) == false)
    #expect(UTF8Validation.isValid(Array("ok 😀".utf8)))
  }
}
