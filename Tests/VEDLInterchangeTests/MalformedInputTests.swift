import Foundation
import Testing
import VEDLDiagnostics
import VEDLInterchange
import VEDLSource

/// Bad `.otio` files give one located diagnostic naming the problem, never a crash.
@Suite struct MalformedInputTests {
  typealias F = OTIOFixture

  static func diagnostics(_ text: String) -> [Diagnostic] {
    let result = OTIOImporter.importTimeline(
      SourceFile(path: "/otio/bad.otio", text: text),
      options: OTIOImportOptions(otioDirectory: "/otio", outputDirectory: "/otio"))
    #expect(result.script == nil)
    return result.diagnostics
  }

  static func json(_ object: [String: Any]) -> String {
    String(
      decoding: try! JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]),
      as: UTF8.self)
  }

  static func location(_ d: Diagnostic) -> (line: Int, column: Int) {
    let position = d.file.lines.location(of: d.span.start)
    return (position.line, position.column)
  }

  @Test func notJSONIsLocatedWhereTheParserStops() throws {
    let d = try #require(Self.diagnostics("{\n  \"OTIO_SCHEMA\": \"Timeline.1\",\n  oops\n}").first)
    #expect(d.code.id == "E0901")
    #expect(d.severity == .error)
    #expect(Self.location(d).line == 3)
  }

  @Test func emptyAndBinaryFilesAreNotJSON() {
    #expect(Self.diagnostics("").map(\.code.id) == ["E0901"])
    #expect(Self.diagnostics("\u{00}\u{01}PNG").map(\.code.id) == ["E0901"])
  }

  @Test func missingFieldIsNamedByItsPath() throws {
    var clip = F.clip("a", F.external("a.mp4"), start: 0, duration: 24, rate: 24)
    var range = clip["source_range"] as! [String: Any]
    range.removeValue(forKey: "duration")
    clip["source_range"] = range
    let d = try #require(Self.diagnostics(Self.json(F.timeline([F.track("Video", "V1", [clip])]))).first)
    #expect(d.code.id == "E0902")
    #expect(d.message.contains("`duration`"))
    #expect(d.message.contains("tracks.children[0].children[0].source_range"))
  }

  @Test func wrongTypeIsNamedByItsPath() throws {
    var track = F.track("Video", "V1", [])
    track["children"] = "none"
    let d = try #require(Self.diagnostics(Self.json(F.timeline([track]))).first)
    #expect(d.code.id == "E0902")
    #expect(d.message.contains("tracks.children[0].children"))
  }

  @Test func unsupportedSchemaVersions() throws {
    var clip = F.clip("a", F.external("a.mp4"), start: 0, duration: 24, rate: 24)
    clip["OTIO_SCHEMA"] = "Clip.9"
    let d = try #require(Self.diagnostics(Self.json(F.timeline([F.track("Video", "V1", [clip])]))).first)
    #expect(d.code.id == "E0903")
    #expect(d.message.contains("Clip.9"))
    var timeline = F.timeline([])
    timeline["OTIO_SCHEMA"] = "Timeline.7"
    #expect(Self.diagnostics(Self.json(timeline)).map(\.code.id) == ["E0903"])
    // A file holding a track rather than a timeline.
    #expect(Self.diagnostics(Self.json(F.track("Video", "V1", []))).map(\.code.id) == ["E0903"])
    var weird = F.timeline([])
    weird["OTIO_SCHEMA"] = "Timeline"
    #expect(Self.diagnostics(Self.json(weird)).map(\.code.id) == ["E0903"])
  }

  @Test func hugeAndImpossibleValuesAreOutOfRange() {
    for (value, rate) in [(1e300, 24.0), (24, 0), (24, -24), (24, 1e30)] {
      let clip = F.clip("a", F.external("a.mp4"), start: 0, duration: value, rate: rate)
      let codes = Self.diagnostics(Self.json(F.timeline([F.track("Video", "V1", [clip])]))).map(\.code.id)
      #expect(codes == ["E0904"], "value \(value) rate \(rate)")
    }
    let speed = F.clip("a", F.external("a.mp4"), start: 0, duration: 24, rate: 24, effects: [F.timeWarp(1e200)])
    #expect(Self.diagnostics(Self.json(F.timeline([F.track("Video", "V1", [speed])]))).map(\.code.id) == ["E0904"])
    let negative = F.dissolve(in: -3, out: 3, 24)
    #expect(Self.diagnostics(Self.json(F.timeline([F.track("Video", "V1", [negative])]))).map(\.code.id) == ["E0904"])
    // Numbers JSON can hold but Double cannot.
    let text = Self.json(F.timeline([F.track("Video", "V1", [F.gap(24, 24)])])).replacingOccurrences(
      of: "\"value\" : 24", with: "\"value\" : 1e999")
    #expect(!Self.diagnostics(text).isEmpty)
  }

  @Test func aClipThatCannotBeTimedFailsTheImport() throws {
    var clip = F.clip("untimed", F.external("a.mp4"), start: 0, duration: 24, rate: 24)
    clip.removeValue(forKey: "source_range")
    let d = try #require(Self.diagnostics(Self.json(F.timeline([F.track("Video", "V1", [clip])]))).first)
    #expect(d.code.id == "E0902")
    #expect(d.message.contains("untimed"))
  }

  @Test func deepNestingIsADiagnosticNotACrash() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(!Self.diagnostics(deep).isEmpty)
    let deepObject =
      "{\"OTIO_SCHEMA\": \"Timeline.1\", \"metadata\": " + String(repeating: "{\"a\":", count: 5000) + "1"
      + String(repeating: "}", count: 5000) + "}"
    #expect(!Self.diagnostics(deepObject).isEmpty)
  }
}
