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

  @Test func spans() {
    let a = Span(start: 3, end: 5)
    #expect(a.merged(with: Span(start: 1, end: 4)) == Span(start: 1, end: 5))
    #expect(Span(start: 5, end: 2).length == 0)
    #expect(a.contains(5) && !a.contains(6))
  }
}
