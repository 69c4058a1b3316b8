import Foundation
import Testing

@testable import VEDLDiagnostics

/// Any JSON value (``JSON``: the language server's messages, OTIO metadata, batch rows)
/// through Foundation's coders: exact integers, escapes, refusals, bounded nesting,
/// deterministic output.
@Suite struct JSONTests {
  @Test func parsesEveryKindOfValue() throws {
    let json = try JSON.parse(
      #" {"a": [1, -2, 3.5, 1e3, true, false, null], "b": {"c": "d"}, "id": 9007199254740993} "#)
    // `1e3` is an integral number: an integer, like the 1000 a client may mean by it.
    #expect(json["a"] == [.integer(1), .integer(-2), .double(3.5), .integer(1000), true, false, .null])
    #expect(json["b"]?["c"] == "d")
    #expect(json["id"] == .integer(9_007_199_254_740_993), "integers stay exact")
    #expect(json["missing"] == nil)
    #expect(json["a"]?.arrayValue?[4].boolValue == true && json["a"]?.arrayValue?[0].boolValue == nil)
  }

  @Test func decodesEscapesAndSurrogatePairs() throws {
    let json = try JSON.parse(#""a\"b\\c\/d\n\t\u00e9\ud83d\udc4b\u0000""#)
    #expect(json == .string("a\"b\\c/d\n\té👋\u{0}"))
    #expect(try JSON.parse(Array("\"h\u{e9}llo\"".utf8)) == .string("héllo"))
  }

  @Test func rejectsMalformedText() {
    for text in [
      "", "{", "{\"a\" 1}", "{\"a\":}", "01", "1.", "-", "tru", "\"unterminated", "\"bad \\x escape\"",
      "{\"a\":1} trailing", "\"control \u{01}\"", "[1 2]", "{1: 2}", "nul", #""\ud800x""#,
    ] {
      #expect(throws: JSONParseError.self, "`\(text)` is not JSON") { try JSON.parse(text) }
    }
  }

  @Test func nestingIsBounded() throws {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(throws: JSONParseError.self) { try JSON.parse(deep) }
    let fine = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
    #expect(try JSON.parse(fine).arrayValue != nil)
  }

  @Test func writesCompactSortedEscapedText() throws {
    let value: JSON = [
      "b": [1, .double(2.5), true, .null], "a": "q\"\\\n\u{1}é/", "n": .double(3), "inf": .double(.infinity),
    ]
    let text = value.text
    #expect(text == #"{"a":"q\"\\\n\u0001é/","b":[1,2.5,true,null],"inf":null,"n":3}"#)
    #expect(try JSON.parse(text)["a"] == value["a"], "round trip")
    #expect(value.bytes == value.bytes, "the same value, the same bytes")
    // As every JSON text VEDL writes (JSONOutput): a line stays one line for JavaScript.
    #expect(JSON.string("a\u{2028}b\u{2029}").text == #""a\u2028b\u2029""#)
  }

  @Test func convertsEncodableValues() throws {
    struct Inner: Encodable { var k: Int64 }
    struct Object: Encodable {
      var i: Int
      var d: Double
      var b: Bool
      var s: String
      var a: [Int]
      var o: Inner
      var n: String?
    }
    let json = try JSON(encoding: Object(i: 3, d: 0.5, b: true, s: "x", a: [1, 2], o: Inner(k: 7), n: nil))
    #expect(json == ["i": 3, "d": .double(0.5), "b": true, "s": "x", "a": [1, 2], "o": ["k": 7]])
  }
}
