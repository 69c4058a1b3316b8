import Foundation
import Testing
import VEDLDiagnostics
import VEDLSource
import VEDLTime

@testable import VEDLSema

/// The IR's `Codable` document (`vedl ir`, docs/ir.md): the typed form of every value, the
/// text ``JSONOutput`` writes (keys in code-point order, line separators escaped), and
/// `JSONDecoder` reading it back as the same document.
@Suite struct TimelineDocumentTests {
  /// The timeline of `script`, which must check cleanly.
  static func timeline(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Timeline {
    let result = Checker.check(
      SourceFile(path: "/tmp/d.vedl", text: script),
      options: CheckOptions(media: FakeMediaFacts(), baseDirectory: "/tmp"))
    let errors = result.diagnostics.filter { $0.severity == .error }
    #expect(errors.isEmpty, "\(errors.map(\.message))", sourceLocation: sourceLocation)
    return try #require(result.timeline, sourceLocation: sourceLocation)
  }

  @Test(arguments: [
    (Value.number(Rational(3, 2)!), #"{"exact":"3/2","type":"number","value":1.5}"#),
    (.duration(Rational(2)), #"{"exact":"2","type":"duration","value":2}"#),
    (
      .range(Rational(1), Rational(5, 2)!),
      #"{"end":{"exact":"5/2","value":2.5},"start":{"exact":"1","value":1},"type":"range"}"#
    ),
    (.ratio(9, 16), #"{"height":16,"type":"ratio","width":9}"#),
    (.size(640, 360), #"{"height":360,"type":"size","width":640}"#),
    (.gain(Rational(-6)), #"{"exact":"-6","type":"gain","value":-6}"#),
    (.speed(Rational(1, 3)!), #"{"exact":"1/3","type":"speed","value":0.3333333333333333}"#),
    (.angle(Rational(90)), #"{"exact":"90","type":"angle","value":90}"#),
    (.color(0xFF00_00FF), ##"{"type":"color","value":"#FF0000FF"}"##),
    (.string("a/b \"c\""), #"{"type":"string","value":"a/b \"c\""}"#),
    (.bool(false), #"{"type":"bool","value":false}"#),
    (.source(3), #"{"type":"source","value":3}"#),
    (.word("horizontal"), #"{"type":"word","value":"horizontal"}"#),
    (
      .call("dynamic", ["maximumTracks": .number(Rational(2))]),
      #"{"arguments":{"maximumTracks":{"exact":"2","type":"number","value":2}},"name":"dynamic","type":"call"}"#
    ),
  ])
  func everyValueHasItsTypedForm(_ value: Value, _ json: String) throws {
    let typed = TimelineDocument.TypedValue(value)
    #expect(JSONOutput(.line).text(of: typed) == json)
    #expect(try JSONDecoder().decode(TimelineDocument.TypedValue.self, from: Data(json.utf8)) == typed)
  }

  @Test func theTextReadsBackAsTheSameDocument() throws {
    let timeline = try Self.timeline(
      """
      canvas 640x360 fps: 30
      param title: String = "Hi"
      track main {
        clip testpattern() duration: 2s { crop 9:16; fade in: 0.5s }
        transition crossfade 0.5s
        clip color(red) duration: 1s
      }
      track overlay {
        text "\\(title)" at: 0s duration: 1s box: black {
          animate opacity { key 0s 0; key 0.5s 1 easing: easeOut }
          enter slide duration: 0.25s from: top
        }
      }
      captions { cue 0s..1s "A" }
      export "out/a.mp4" quality: low
      """)
    let document = timeline.document
    let back = try JSONDecoder().decode(TimelineDocument.self, from: Data(timeline.jsonText.utf8))
    #expect(back == document)
    #expect(back.tracks[0].items[0].modifiers.map(\.name) == ["crop", "fade"])
    #expect(back.tracks[1].items[0].presets?.first?.from == "top")
    #expect(back.transitions.first?.kind == "crossfade")
    #expect(back.parameters["title"] == .string("Hi"))
  }

  /// `JSONOutput` sorts keys by code point, as every other JSON document of VEDL's; the
  /// `JSONSerialization` writer this replaced sorted them case-insensitively, numbers by
  /// value (`alpha`, `clip9`, `clip10`, `Zed`).
  @Test func keysAreInCodePointOrder() throws {
    let timeline = try Self.timeline(
      """
      param alpha: Number = 1
      param Zed: Number = 2
      param clip9: Number = 3
      param clip10: Number = 4
      track main { clip testpattern() duration: 1s }
      """)
    let text = timeline.jsonText
    let positions = ["\"Zed\"", "\"alpha\"", "\"clip10\"", "\"clip9\""].map { text.range(of: $0)?.lowerBound }
    #expect(positions.allSatisfy { $0 != nil })
    #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
  }

  /// U+2028 and U+2029 are escaped (a JSON reader in JavaScript or a line reader would break
  /// the line there); the text reads back with the characters themselves.
  @Test func lineSeparatorsAreEscaped() throws {
    let timeline = try Self.timeline(
      """
      track main { clip testpattern() duration: 1s }
      track overlay { text "a\u{2028}b" at: 0s duration: 1s }
      """)
    let text = timeline.jsonText
    #expect(text.contains(#""a\u2028b""#))
    #expect(!text.unicodeScalars.contains("\u{2028}"))
    let back = try JSONDecoder().decode(TimelineDocument.self, from: Data(text.utf8))
    #expect(back.tracks[1].items[0].text == "a\u{2028}b")
  }
}
