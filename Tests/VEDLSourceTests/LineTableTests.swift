import Testing

@testable import VEDLSource

@Suite struct LineTableTests {
  @Test func linesAndColumnsCountScalars() {
    let file = SourceFile(path: "t", text: "ab\né x\r\n\nlast")
    #expect(file.lines.count == 4)
    #expect(file.lines.location(of: 0) == LineColumn(line: 1, column: 1))
    #expect(file.lines.location(of: 2) == LineColumn(line: 1, column: 3))
    // "é" is two bytes but one column.
    #expect(file.lines.location(of: 5) == LineColumn(line: 2, column: 2))
    #expect(file.lines.location(of: 6) == LineColumn(line: 2, column: 3))
    #expect(file.lines.location(of: 9) == LineColumn(line: 3, column: 1))
    #expect(file.lines.location(of: 10) == LineColumn(line: 4, column: 1))
    #expect(file.lines.location(of: 14) == LineColumn(line: 4, column: 5))
  }

  @Test func lineSpansExcludeTerminators() {
    let file = SourceFile(path: "t", text: "ab\ncd\r\nef")
    #expect(file.text(file.lines.lineSpan(0)) == "ab")
    #expect(file.text(file.lines.lineSpan(1)) == "cd")
    #expect(file.text(file.lines.lineSpan(2)) == "ef")
  }

  @Test func offsetsRoundTrip() {
    let file = SourceFile(path: "t", text: "let é = 1\n  x 😀 y\n")
    for offset in [0, 4, 6, 11, 14, 19] {
      let location = file.lines.location(of: offset)
      #expect(file.lines.offset(of: location) == offset, "offset \(offset) at \(location)")
    }
  }

  @Test func outOfRangeOffsetsClamp() {
    let file = SourceFile(path: "t", text: "ab")
    #expect(file.lines.location(of: -5) == LineColumn(line: 1, column: 1))
    #expect(file.lines.location(of: 99) == LineColumn(line: 1, column: 3))
    #expect(file.text(Span(start: 1, end: 99)) == "b")
  }

  /// Long lines keep column checkpoints; every offset gets the column a count from the
  /// line's start gives, in valid and invalid UTF-8 (seeded, so a failure repeats).
  @Test func longLinesCountColumnsAsFromTheirStart() {
    var state: UInt64 = 0x5EED
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 33
    }
    let pieces: [[UInt8]] = [
      Array("a".utf8), Array("é".utf8), Array("世".utf8), Array("😀".utf8), [0xE0], [0xF0, 0x41], [0xBF], [0x09],
      Array("\r\n".utf8), Array("\n".utf8),
    ]
    var bytes: [UInt8] = []
    for _ in 0..<6000 { bytes += pieces[Int(next() % UInt64(pieces.count - 1))] }
    bytes += Array("\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: 900) + Array("\nshort\n".utf8)
    let table = LineTable(bytes: bytes)
    for offset in 0...bytes.count {
      let index = table.lineIndex(of: offset)
      var (i, column) = (table.starts[index], 1)
      while i < offset {
        i += LineTable.scalarLength(leadByte: bytes[i])
        if i <= offset { column += 1 } else { break }
      }
      let expected = LineColumn(line: index + 1, column: column)
      guard table.location(of: offset) == expected else {
        Issue.record("offset \(offset): \(table.location(of: offset)), expected \(expected)")
        return
      }
    }
  }

  @Test func spans() {
    let a = Span(start: 3, end: 5)
    #expect(a.merged(with: Span(start: 1, end: 4)) == Span(start: 1, end: 5))
    #expect(Span(start: 5, end: 2).length == 0)
    #expect(a.contains(5) && !a.contains(6))
  }
}
