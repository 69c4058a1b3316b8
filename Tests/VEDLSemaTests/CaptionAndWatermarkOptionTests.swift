import Foundation
import Testing
import VEDLDiagnostics
import VEDLSource
import VEDLTime

@testable import VEDLSema

/// `captions burnIn:`, the caption style's `outline:` and canvas-relative defaults, and the
/// watermark's `margin:`: accepted by the schema and the checker, carried by the timeline
/// (and its JSON), and wrong values reported where they are written.
@Suite struct CaptionAndWatermarkOptionTests {
  static let media = FakeMediaFacts(
    fallback: MediaFacts(duration: nil, hasVideo: true, hasAudio: false, isStillImage: true, width: 32, height: 16))

  /// Checks a script made of `canvas`, a one-second main track, a logo image, and `body`.
  static func check(_ body: String, canvas: String = "640x360") -> (file: SourceFile, result: CheckResult) {
    let text = """
      vedl 1
      canvas \(canvas)
      let logo = image("logo.png")
      track main { clip color(red) duration: 1s }
      \(body)
      """
    let file = SourceFile(path: "p.vedl", text: text)
    return (file, Checker.check(file, options: CheckOptions(media: media, baseDirectory: "/tmp")))
  }

  /// The timeline of a script that must check cleanly.
  static func timeline(
    _ body: String, canvas: String = "640x360", sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Timeline {
    let (_, result) = check(body, canvas: canvas)
    let errors = result.diagnostics.filter { $0.severity == .error }
    #expect(errors.isEmpty, "\(errors.map(\.message))", sourceLocation: sourceLocation)
    return try #require(result.timeline, sourceLocation: sourceLocation)
  }

  /// The only error of a script, with the source text it points at.
  static func singleError(_ body: String, sourceLocation: SourceLocation = #_sourceLocation) -> (
    code: String, text: String, message: String
  )? {
    let (file, result) = check(body)
    let errors = result.diagnostics.filter { $0.severity == .error }
    #expect(errors.count == 1, "\(errors.map(\.message))", sourceLocation: sourceLocation)
    return errors.first.map { ($0.code.id, file.text($0.span), $0.message) }
  }

  @Test func captionsAreBurntInUnlessTurnedOff() throws {
    let on = try Self.timeline(#"captions { cue 0s..1s "On" }"#)
    #expect(on.captions.burnIn)
    #expect(on.captions.burntInCues.map(\.text) == ["On"])
    let off = try Self.timeline(#"captions burnIn: false { cue 0s..1s "Off" }"#)
    #expect(!off.captions.burnIn)
    #expect(off.captions.cues.map(\.text) == ["Off"], "the cues stay, for sidecars")
    #expect(off.captions.burntInCues.isEmpty)
    #expect(try Self.timeline(#"captions burnIn: true { cue 0s..1s "On" }"#).captions.burnIn)
    // Without a block too.
    #expect(try !Self.timeline("captions burnIn: false").captions.burnIn)
  }

  @Test func theStyleCarriesItsOutline() throws {
    let plain = try Self.timeline(#"captions { cue 0s..1s "A"; style color: white }"#)
    #expect(plain.captions.style.outline == nil)
    let outlined = try Self.timeline(#"captions { cue 0s..1s "A"; style outline: #102030 }"#)
    #expect(outlined.captions.style.outline == 0x1020_30FF)
    #expect(Captions.Style.outlineWidth == 2)
  }

  @Test(arguments: [
    ("1920x1080", Rational(48), Rational(60)), ("1280x720", Rational(32), Rational(40)),
    ("1080x1920", Rational(48), Rational(60)), ("640x360", Rational(16), Rational(20)),
    ("100x90", Rational(4), Rational(5)),
  ])
  func styleDefaultsFollowTheCanvasShorterSide(_ canvas: String, _ size: Rational, _ margin: Rational) throws {
    // docs/language.md §4.10: size 1/22.5 and margin 1/18 of the shorter side, sans-serif.
    for (body, color) in [
      (#"captions { cue 0s..1s "A" }"#, UInt32(0xFFFF_FFFF)),
      (#"captions { cue 0s..1s "A"; style color: #FFFF00 }"#, UInt32(0xFFFF_00FF)),
    ] {
      let style = try Self.timeline(body, canvas: canvas).captions.style
      #expect(style.size == size)
      #expect(style.margin == margin)
      #expect(style.font == "sans-serif")
      #expect(style.position == .bottom)
      #expect(style.color == color)
      #expect(style.box == nil && style.outline == nil)
    }
    let given = try Self.timeline(#"captions { cue 0s..1s "A"; style size: 20 margin: 7 }"#, canvas: canvas)
    #expect(given.captions.style.size == Rational(20) && given.captions.style.margin == Rational(7))
  }

  @Test func theWatermarkCarriesItsMargin() throws {
    let timeline = try Self.timeline(
      """
      export "a.mp4" { watermark logo position: topLeading margin: 12 }
      export "b.mp4" { watermark logo }
      """)
    #expect(timeline.exports.map { $0.watermark?.margin } == [Rational(12), .zero])
    #expect(timeline.exports.map { $0.watermark?.position } == ["topLeading", "bottomTrailing"])
  }

  @Test func theJSONCarriesTheNewValues() throws {
    let timeline = try Self.timeline(
      """
      captions burnIn: false { cue 0s..1s "A"; style outline: black }
      export "a.mp4" { watermark logo margin: 9 }
      """)
    let document = try JSONDecoder().decode(TimelineDocument.self, from: Data(timeline.jsonText.utf8))
    #expect(document.captions.burnIn == false)
    #expect(document.captions.style.outline == "#000000FF")
    #expect(document.captions.style.font == "sans-serif")
    let watermark = try #require(document.exports.first?.watermark)
    #expect(watermark.margin == 9)
  }

  @Test(arguments: [
    (#"captions burnIn: 1 { cue 0s..1s "A" }"#, "1", "Bool"),
    (#"captions burnIn: "no" { cue 0s..1s "A" }"#, "\"no\"", "Bool"),
    (#"captions { cue 0s..1s "A"; style outline: 2 }"#, "2", "Color"),
    (#"captions { cue 0s..1s "A"; style outline: "red" }"#, "\"red\"", "Color"),
    (#"export "a.mp4" { watermark logo margin: "4" }"#, "\"4\"", "Number"),
    (#"export "a.mp4" { watermark logo margin: 2s }"#, "2s", "Number"),
  ])
  func wrongTypesAreReportedAtTheValue(_ body: String, _ written: String, _ expected: String) {
    guard let error = Self.singleError(body) else { return }
    #expect(error.code == "E0304")
    #expect(error.text == written)
    #expect(error.message.hasPrefix("expected \(expected)"), "\(error.message)")
  }

  @Test func aNegativeWatermarkMarginIsReported() {
    guard let error = Self.singleError(#"export "a.mp4" { watermark logo margin: -3 }"#) else { return }
    #expect(error.code == DiagnosticCode.valueOutOfRange.id)
    #expect(error.text == "-3")
    #expect(error.message.contains("margin"))
  }

  @Test(arguments: ["color(red)", "testpattern()"])
  func aGeneratedWatermarkIsReported(_ source: String) {
    guard let error = Self.singleError(#"export "a.mp4" { watermark \#(source) }"#) else { return }
    #expect(error.code == DiagnosticCode.mediaWrongKind.id)
    #expect(error.text == source)
    #expect(error.message.contains("own pixel size"))
  }

  @Test func theSchemaDescribesTheNewArguments() throws {
    let captions = try #require(Schema.entry("captions", in: .file)?.schema)
    #expect(captions.labelled("burnIn")?.type == .bool)
    #expect(captions.labelled("burnIn")?.defaultValue == "true")
    let style = try #require(Schema.entry("style", in: .captions)?.schema)
    #expect(style.labelled("outline")?.type == .color)
    #expect(style.labelled("font")?.defaultValue == "\"sans-serif\"")
    // The size and margin defaults depend on the canvas: said in words, not as a number.
    #expect(style.labelled("size")?.defaultValue == nil)
    #expect(style.labelled("size")?.documentation.contains("1/22.5") == true)
    #expect(style.labelled("margin")?.documentation.contains("1/18") == true)
    let watermark = try #require(Schema.entry("watermark", in: .export)?.schema)
    #expect(watermark.labelled("margin")?.type == .number)
    #expect(watermark.labelled("margin")?.defaultValue == "0")
  }
}
