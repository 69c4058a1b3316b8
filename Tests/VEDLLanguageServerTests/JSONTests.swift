import Testing

@testable import VEDLLanguageServer

/// The server's own JSON: strict parsing, exact numbers, escapes, bounded nesting.
@Suite struct JSONTests {
  @Test func parsesEveryKindOfValue() throws {
    let json = try JSONParser.parse(
      #" {"a": [1, -2, 3.5, 1e3, true, false, null], "b": {"c": "d"}, "id": 9007199254740993} "#)
    #expect(json["a"] == [.integer(1), .integer(-2), .double(3.5), .double(1000), true, false, .null])
    #expect(json["b"]?["c"] == "d")
    #expect(json["id"] == .integer(9_007_199_254_740_993), "integers stay exact")
    #expect(json["missing"] == nil)
  }

  @Test func decodesEscapesAndSurrogatePairs() throws {
    let json = try JSONParser.parse(#""a\"b\\c\/d\n\t\u00e9\ud83d\udc4b\u0000""#)
    #expect(json == .string("a\"b\\c/d\n\té👋\u{0}"))
    #expect(try JSONParser.parse(#""\ud800x""#) == .string("\u{FFFD}x"), "a lone surrogate becomes U+FFFD")
    #expect(try JSONParser.parse(#""\udc00""#) == .string("\u{FFFD}"))
    #expect(try JSONParser.parse(Array("\"h\u{e9}llo\"".utf8)) == .string("héllo"))
  }

  @Test func rejectsMalformedText() {
    for text in [
      "", "{", "[1,]", "{\"a\" 1}", "{\"a\":}", "01", "1.", "-", "tru", "\"unterminated", "\"bad \\x escape\"",
      "{\"a\":1} trailing", "\"control \u{01}\"", "[1 2]", "{1: 2}", "nul",
    ] {
      #expect(throws: JSONParseError.self, "`\(text)` is not JSON") { try JSONParser.parse(text) }
    }
  }

  @Test func nestingIsBounded() throws {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(throws: JSONParseError.self) { try JSONParser.parse(deep) }
    let fine = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
    #expect(try JSONParser.parse(fine).arrayValue != nil)
  }

  @Test func writesCompactSortedEscapedText() throws {
    let value: JSON = [
      "b": [1, .double(2.5), true, .null], "a": "q\"\\\n\u{1}é", "n": .double(3), "inf": .double(.infinity),
    ]
    let text = JSONWriter.string(value)
    #expect(text == #"{"a":"q\"\\\n\u0001é","b":[1,2.5,true,null],"inf":null,"n":3}"#)
    #expect(try JSONParser.parse(text)["a"] == value["a"], "round trip")
  }

  @Test func convertsFoundationValues() {
    let object: [String: Any] = ["i": 3, "d": 0.5, "b": true, "s": "x", "a": [1, "y"], "o": ["k": Int64(7)]]
    let json = JSON(foundation: object)
    #expect(json == ["i": 3, "d": .double(0.5), "b": true, "s": "x", "a": [1, "y"], "o": ["k": 7]])
  }
}
