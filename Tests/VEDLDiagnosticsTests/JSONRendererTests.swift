import Foundation
import Testing
import VEDLSource
import VEDLTestSupport

@testable import VEDLDiagnostics

/// ``JSONRenderer`` output parsed back (`JSONSerialization`, `JSONDecoder`, Python) and checked
/// field by field.
@Suite struct JSONRendererTests {
  /// Parses `text` as a JSON array of objects.
  private func parse(_ text: String) throws -> [[String: Any]] {
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(value as? [[String: Any]])
  }

  /// `{"line": l, "column": c}` as a pair.
  private func position(_ value: Any?) -> [Int]? {
    guard let object = value as? [String: Any], let line = object["line"] as? Int,
      let column = object["column"] as? Int
    else { return nil }
    return [line, column]
  }

  /// A range object as `[startLine, startColumn, endLine, endColumn]`.
  private func range(_ value: Any?) -> [Int]? {
    guard let object = value as? [String: Any], let start = position(object["start"]),
      let end = position(object["end"])
    else { return nil }
    return start + end
  }

  @Test func emptyListIsAnEmptyArray() throws {
    #expect(JSONRenderer().render([]) == "[]")
    #expect(try parse(JSONRenderer().render([])).isEmpty)
  }

  @Test func minimalDiagnosticHasTheRequiredFieldsOnly() throws {
    let file = SourceFile(path: "a.vedl", text: "vedl 1\ngap 12q\n")
    let diagnostic = Diagnostic(
      .unknownUnit, "unknown unit `q`", file: file, span: TestText.span(of: "12q", in: file))
    let objects = try parse(JSONRenderer().render([diagnostic]))
    #expect(objects.count == 1)
    let object = objects[0]
    #expect(Set(object.keys) == ["file", "severity", "code", "message", "range"])
    #expect(object["file"] as? String == "a.vedl")
    #expect(object["severity"] as? String == "error")
    #expect(object["code"] as? String == "E0103")
    #expect(object["message"] as? String == "unknown unit `q`")
    // 1-based; the end is the exclusive end's position.
    #expect(range(object["range"]) == [2, 5, 2, 8])
  }

  @Test func everyOptionalFieldIsWrittenWhenPresent() throws {
    let main = SourceFile(path: "main.vedl", text: "captions \"s.srt\"\n")
    let other = SourceFile(path: "s.srt", text: "1\n00:00:02,000 --> 00:00:01,000\n")
    let primary = TestText.span(of: "\"s.srt\"", in: main)
    let diagnostic = Diagnostic(
      DiagnosticCode("W0601"), "odd cue", file: main, span: primary,
      labels: [
        Label(
          span: TestText.span(of: "00:00:01,000", in: other), message: "ends here",
          file: other),
        Label(span: TestText.span(of: "captions", in: main), message: "imported here"),
      ],
      notes: ["first note", "second note"], help: "swap the times",
      fixIts: [FixIt(span: primary, replacement: "\"t.srt\"", message: "use the other file")])
    let object = try #require(try parse(JSONRenderer().render([diagnostic])).first)
    #expect(object["severity"] as? String == "warning")
    #expect(object["notes"] as? [String] == ["first note", "second note"])
    #expect(object["help"] as? String == "swap the times")

    let labels = try #require(object["labels"] as? [[String: Any]])
    #expect(labels.count == 2)
    #expect(labels[0]["file"] as? String == "s.srt")
    #expect(range(labels[0]["range"]) == [2, 18, 2, 30])
    #expect(labels[0]["message"] as? String == "ends here")
    #expect(labels[1]["file"] as? String == "main.vedl")
    #expect(range(labels[1]["range"]) == [1, 1, 1, 9])

    let fixIts = try #require(object["fixits"] as? [[String: Any]])
    #expect(fixIts.count == 1)
    #expect(range(fixIts[0]["range"]) == [1, 10, 1, 17])
    #expect(fixIts[0]["replacement"] as? String == "\"t.srt\"")
    #expect(fixIts[0]["message"] as? String == "use the other file")
  }

  @Test func columnsCountUnicodeScalarsNotBytes() throws {
    let file = SourceFile(path: "ü.vedl", text: "text \"héllo 世界 😀\" bad\nnext é\n")
    let bad = TestText.span(of: "bad", in: file)
    let cjk = TestText.span(of: "世界", in: file)
    #expect(bad.start == 26)  // 5 + 1 + 6 + 1 + 6 + 1 + 4 + 1 + 1 bytes before it
    let diagnostics = [
      Diagnostic(.unexpectedToken, "bad", file: file, span: bad),
      Diagnostic(.unexpectedToken, "cjk", file: file, span: cjk),
      Diagnostic(
        .unexpectedToken, "end", file: file,
        span: TestText.span(of: "é\n", in: file, occurrence: 0)),
    ]
    let objects = try parse(JSONRenderer().render(diagnostics))
    #expect(objects.count == 3)
    #expect(range(objects[0]["range"]) == [1, 19, 1, 22])
    #expect(range(objects[1]["range"]) == [1, 13, 1, 15])
    // A span covering a line break ends at column 1 of the next line.
    #expect(range(objects[2]["range"]) == [2, 6, 3, 1])
  }

  @Test func stringsWithQuotesBackslashesControlsAndNonASCIIRoundTrip() throws {
    let awkward =
      "quote \" backslash \\ newline \n tab \t cr \r nul \u{0} bell \u{7} esc \u{1B} del \u{7F} é 世 😀 \u{2028} /"
    let file = SourceFile(path: "dir/with \"quote\"\\é.vedl", text: "x\n")
    let diagnostic = Diagnostic(
      .unexpectedToken, awkward, file: file, span: .point(0), notes: [awkward], help: awkward,
      fixIts: [FixIt(span: .point(0), replacement: awkward, message: awkward)])
    let text = JSONRenderer().render([diagnostic])
    // Raw control characters never appear inside the output.
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(text.contains("\\u0000") && text.contains("\\u0007") && text.contains("\\u001b"))
    let object = try #require(try parse(text).first)
    #expect(object["file"] as? String == "dir/with \"quote\"\\é.vedl")
    #expect(object["message"] as? String == awkward)
    #expect(object["notes"] as? [String] == [awkward])
    #expect(object["help"] as? String == awkward)
    let fixIt = try #require((object["fixits"] as? [[String: Any]])?.first)
    #expect(fixIt["replacement"] as? String == awkward)
    #expect(fixIt["message"] as? String == awkward)
  }

  @Test func outputIsOneArrayWithOneDiagnosticPerLineInSortedKeyOrder() throws {
    let file = SourceFile(path: "a.vedl", text: "ab\n")
    let first = Diagnostic(
      .unexpectedToken, "first", file: file, span: Span(start: 0, end: 1), help: "h")
    let second = Diagnostic(
      .unexpectedToken, "second", file: file, span: Span(start: 1, end: 2), notes: ["n"])
    let text = JSONRenderer().render([first, second])
    // Keys sorted (JSONOutput), so the same diagnostics always print the same bytes.
    #expect(
      text == """
        [
          {"code":"E0202","file":"a.vedl","help":"h","message":"first","range":{"end":{"column":2,"line":1},"start":{"column":1,"line":1}},"severity":"error"},
          {"code":"E0202","file":"a.vedl","message":"second","notes":["n"],"range":{"end":{"column":3,"line":1},"start":{"column":2,"line":1}},"severity":"error"}
        ]
        """)
    #expect(
      JSONRenderer().render(first) + "," == String(text.split(separator: "\n")[1].dropFirst(2)))
    #expect(try parse(text).map { $0["message"] as? String } == ["first", "second"])
  }

  @Test func decodingTheOutputGivesEveryFieldBack() throws {
    let main = SourceFile(path: "main.vedl", text: "captions \"s.srt\"\n")
    let other = SourceFile(path: "s.srt", text: "1\n00:00:02,000 --> 00:00:01,000\n")
    let primary = TestText.span(of: "\"s.srt\"", in: main)
    let full = Diagnostic(
      DiagnosticCode("W0601"), "odd cue", file: main, span: primary,
      labels: [
        Label(span: TestText.span(of: "00:00:01,000", in: other), message: "ends here", file: other)
      ],
      notes: ["a note"], help: "swap the times",
      fixIts: [FixIt(span: primary, replacement: "\"t.srt\"", message: "use the other file")])
    let bare = Diagnostic(.unknownUnit, "bare", file: main, span: .point(0))
    let decoded = try JSONDecoder().decode(
      [JSONDiagnostic].self, from: Data(JSONRenderer().render([full, bare]).utf8))
    typealias Position = JSONDiagnostic.Position
    func range(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> JSONDiagnostic.Range {
      JSONDiagnostic.Range(start: Position(line: a, column: b), end: Position(line: c, column: d))
    }
    #expect(
      decoded == [
        JSONDiagnostic(
          file: "main.vedl", severity: "warning", code: "W0601", message: "odd cue", range: range(1, 10, 1, 17),
          labels: [JSONDiagnostic.Label(file: "s.srt", range: range(2, 18, 2, 30), message: "ends here")],
          notes: ["a note"], help: "swap the times",
          fixits: [
            JSONDiagnostic.FixIt(range: range(1, 10, 1, 17), replacement: "\"t.srt\"", message: "use the other file")
          ]),
        JSONDiagnostic(
          file: "main.vedl", severity: "error", code: "E0103", message: "bare", range: range(1, 1, 1, 1),
          labels: nil, notes: nil, help: nil, fixits: nil),
      ])
    #expect(decoded == [JSONDiagnostic(full), JSONDiagnostic(bare)])
  }

  /// Every character JSON must escape, the line separators JSON lines must not hold raw, and
  /// non-ASCII text come back unchanged through `JSONDecoder` and through Python's parser.
  @Test func awkwardTextSurvivesDecoding() throws {
    let awkward = "q \" b \\ n \n t \t u1 \u{1} ls \u{2028} ps \u{2029} é 世界 😀 / end"
    let file = SourceFile(path: "dir/ü \"x\".vedl", text: "x\n")
    let diagnostic = Diagnostic(
      .unexpectedToken, awkward, file: file, span: .point(0), notes: [awkward], help: awkward,
      fixIts: [FixIt(span: .point(0), replacement: awkward, message: awkward)])
    let text = JSONRenderer().render([diagnostic])
    // One line per diagnostic: no raw line break of any kind inside a line.
    #expect(text.split(separator: "\n").count == 3)
    #expect(!text.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" || $0 == "\u{1}" || $0 == "\t" })
    #expect(text.contains(#"\u2028"#) && text.contains(#"\u0001"#) && text.contains("é 世界 😀 / end"))
    let decoded = try #require(try JSONDecoder().decode([JSONDiagnostic].self, from: Data(text.utf8)).first)
    #expect(decoded.file == file.path)
    #expect(decoded.message == awkward && decoded.notes == [awkward] && decoded.help == awkward)
    #expect(decoded.fixits?.first?.replacement == awkward && decoded.fixits?.first?.message == awkward)
    if PythonJSON.python != nil {
      let parsed = try PythonJSON.run(
        "import json,sys; d=json.load(open(sys.argv[1], encoding='utf-8'))[0]; print(d['message']+'|'+d['file'], end='')",
        on: text)
      #expect(parsed == awkward + "|" + file.path)
    }
  }

  @Test func positionsOfOutOfRangeSpansAreClamped() throws {
    let file = SourceFile(path: "a.vedl", text: "ab")
    let diagnostic = Diagnostic(.unexpectedToken, "x", file: file, span: Span(start: 5, end: 9))
    let object = try #require(try parse(JSONRenderer().render([diagnostic])).first)
    #expect(range(object["range"]) == [1, 3, 1, 3])
  }
}
