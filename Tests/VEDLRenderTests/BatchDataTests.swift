import Foundation
import Testing

@testable import VEDLRender

/// The data files of `vedl batch`: RFC 4180 CSV, JSON arrays of objects, and output names.
@Suite struct BatchDataTests {
  func records(_ text: String) -> [[String]]? {
    guard case .success(let records) = CSVParser.parse(Array(text.utf8)) else { return nil }
    return records.map(\.fields)
  }

  func error(_ text: String) -> CSVError? {
    guard case .failure(let error) = CSVParser.parse(Array(text.utf8)) else { return nil }
    return error
  }

  @Test func quotedFieldsEscapesNewlinesAndCommas() {
    #expect(records("a,b\n1,2\n") == [["a", "b"], ["1", "2"]])
    #expect(records("a,b\r\n\"x, y\",\"say \"\"hi\"\"\"\r\n") == [["a", "b"], ["x, y", "say \"hi\""]])
    #expect(records("a,b\n\"two\nlines\",\"crlf\r\ninside\"\n") == [["a", "b"], ["two\nlines", "crlf\r\ninside"]])
    #expect(records("a,b,c\n,,\n") == [["a", "b", "c"], ["", "", ""]])
    #expect(records("a,b\n1,\"\"") == [["a", "b"], ["1", ""]], "no final line break, empty quoted field")
    #expect(records("a\n\n1\r\n\r\n2") == [["a"], ["1"], ["2"]], "empty lines are skipped")
    #expect(records("\u{FEFF}title\nÉté\n") == [["title"], ["Été"]], "the BOM is dropped")
  }

  @Test func recordsKnowTheirLinesAndOffsets() throws {
    guard case .success(let records) = CSVParser.parse(Array("a,b\n\"x\ny\",2\nlast,3\n".utf8)) else {
      Issue.record("did not parse")
      return
    }
    #expect(records.map(\.line) == [1, 2, 4])
    #expect(records[2].start == 12 && records[2].end == 18)
  }

  @Test func malformedCSVIsAnErrorWithItsLine() {
    #expect(error("a\n\"open\n\n") == CSVError(message: "a quoted field opened on line 2 is never closed", line: 2))
    #expect(error("a,b\n1,2\nx\"y,3\n")?.line == 3)
    #expect(error("a\n\"x\"y\n")?.line == 2)
    guard case .failure(let invalid) = CSVParser.parse([0x61, 0x0A, 0xFF, 0x0A]) else {
      Issue.record("invalid UTF-8 was accepted")
      return
    }
    #expect(invalid.message == "the file is not UTF-8 text")
  }

  @Test func raggedRowsAndBadHeadersAreReported() throws {
    let folder = try RenderWorkspace()
    defer { folder.remove() }
    try folder.write("a,b\n1,2\n3\n4,5,6\n", to: "rows.csv")
    let data = try BatchData.load("rows.csv", resolved: folder.path("rows.csv")).get()
    #expect(data.columns == ["a", "b"])
    #expect(
      data.rows.map(\.problem) == [
        nil, "line 3 has 1 field, the header has 2", "line 4 has 3 fields, the header has 2",
      ])
    #expect(data.rows[0].cells.map(\.value) == ["1", "2"])

    try folder.write("a,a\n1,2\n", to: "twice.csv")
    guard case .failure(let twice) = BatchData.load("twice.csv", resolved: folder.path("twice.csv")) else {
      Issue.record("a repeated column was accepted")
      return
    }
    #expect(twice.diagnostic.message == "`twice.csv`: the header row names `a` twice")
    try folder.write("", to: "empty.csv")
    guard case .failure(let empty) = BatchData.load("empty.csv", resolved: folder.path("empty.csv")) else {
      Issue.record("an empty file was accepted")
      return
    }
    #expect(empty.diagnostic.message == "`empty.csv` has no header row")
  }

  @Test func jsonRowsBecomeText() throws {
    let folder = try RenderWorkspace()
    defer { folder.remove() }
    try folder.write(
      #"[{"title": "A \"q\"", "size": 48, "ratio": 0.5, "on": true, "gone": null}, {"title": "B", "deep": {"x": 1}}]"#,
      to: "rows.json")
    let data = try BatchData.load("rows.json", resolved: folder.path("rows.json")).get()
    #expect(data.columns == ["deep", "gone", "on", "ratio", "size", "title"])
    #expect(
      data.rows[0].cells.map { "\($0.column)=\($0.value)" } == ["on=true", "ratio=0.5", "size=48", "title=A \"q\""])
    #expect(data.rows[0].problem == nil)
    #expect(data.rows[1].problem == "`deep` holds an object; a value must be a string, number, boolean or null")

    try folder.write(#"{"title": "x"}"#, to: "object.json")
    guard
      case .failure(let notArray) = BatchData.load("object.json", resolved: folder.path("object.json"))
    else {
      Issue.record("a top-level object was accepted")
      return
    }
    #expect(notArray.diagnostic.message.contains("the top level must be an array of objects"))
  }

  /// Numbers become the text of their value: integral ones without a fraction, others in
  /// Swift's shortest form; an integer beyond 64 bits is read as a `Double` (as by most JSON
  /// readers), so a long identifier belongs in a string.
  @Test func jsonNumbersBecomeText() throws {
    let folder = try RenderWorkspace()
    defer { folder.remove() }
    try folder.write(
      #"[{"a": 1.0, "b": 1e2, "c": -0.25, "d": 9007199254740993, "e": 12345678901234567890, "f": "12345678901234567890"}]"#,
      to: "numbers.json")
    let data = try BatchData.load("numbers.json", resolved: folder.path("numbers.json")).get()
    #expect(
      data.rows[0].cells.map { "\($0.column)=\($0.value)" } == [
        "a=1", "b=100", "c=-0.25", "d=9007199254740993", "e=1.2345678901234567e+19", "f=12345678901234567890",
      ])
  }

  @Test func namesAreSafeForFiles() throws {
    #expect(BatchNamePattern.safeName("Summer Sale: 50% OFF!") == "summer-sale-50-off")
    #expect(BatchNamePattern.safeName("  Été à Paris / \"quoted\"\n") == "ete-a-paris-quoted")
    #expect(BatchNamePattern.safeName("../../etc/passwd") == "etc-passwd")
    #expect(BatchNamePattern.safeName("日本") == "")
    #expect(BatchNamePattern.safeName(String(repeating: "ab-", count: 60)).count <= BatchNamePattern.maximumLength)
    #expect(!BatchNamePattern.safeName(String(repeating: "ab-", count: 60)).hasSuffix("-"))

    let pattern = try BatchNamePattern("{row}_{title}", columns: ["title"])
    let row = BatchRow(number: 7, cells: [], allCells: ["title": "Hello, World"])
    #expect(pattern.name(for: row, rowCount: 12) == "007-hello-world")
    #expect(pattern.name(for: row, rowCount: 1200) == "0007-hello-world")
    #expect(BatchNamePattern.standard(columns: ["slug"]) == "{row}")
    #expect(BatchNamePattern.standard(columns: ["title"]) == "{row}-{title}")
    #expect(throws: BatchNamePatternError.self) { try BatchNamePattern("{slug}", columns: ["title"]) }
    #expect(throws: BatchNamePatternError.self) { try BatchNamePattern("{row", columns: []) }
  }
}
