import Foundation
import Testing
import VEDLDiagnostics
import VEDLInterchange
import VEDLSema
import VEDLSource
import VEDLSyntax
import VEDLTime

/// OTIO JSON built in the tests, as OTIO's Python library writes it (plain dictionaries
/// serialised by `JSONSerialization`, independent of the importer's `Codable` types).
enum OTIOFixture {
  typealias Object = [String: Any]

  static func time(_ value: Double, _ rate: Double) -> Object {
    ["OTIO_SCHEMA": "RationalTime.1", "value": value, "rate": rate]
  }

  static func range(_ start: Double, _ duration: Double, _ rate: Double) -> Object {
    ["OTIO_SCHEMA": "TimeRange.1", "start_time": time(start, rate), "duration": time(duration, rate)]
  }

  static func external(_ url: String) -> Object {
    ["OTIO_SCHEMA": "ExternalReference.1", "name": "", "metadata": [:] as Object, "target_url": url]
  }

  static var missing: Object { ["OTIO_SCHEMA": "MissingReference.1", "name": "", "metadata": [:] as Object] }

  static func clip(
    _ name: String, _ reference: Object?, start: Double, duration: Double, rate: Double, effects: [Object] = [],
    markers: [Object] = []
  ) -> Object {
    var c: Object = [
      "OTIO_SCHEMA": "Clip.2", "name": name, "metadata": [:] as Object,
      "source_range": range(start, duration, rate), "effects": effects, "markers": markers, "enabled": true,
      "active_media_reference_key": "DEFAULT_MEDIA",
    ]
    c["media_references"] = reference.map { ["DEFAULT_MEDIA": $0] as Object } ?? ([:] as Object)
    return c
  }

  static func gap(_ duration: Double, _ rate: Double) -> Object {
    ["OTIO_SCHEMA": "Gap.1", "name": "", "source_range": range(0, duration, rate)]
  }

  static func dissolve(in inFrames: Double, out outFrames: Double, _ rate: Double, type: String = "SMPTE_Dissolve")
    -> Object
  {
    [
      "OTIO_SCHEMA": "Transition.1", "name": "", "transition_type": type, "in_offset": time(inFrames, rate),
      "out_offset": time(outFrames, rate),
    ]
  }

  static func timeWarp(_ scalar: Double) -> Object {
    ["OTIO_SCHEMA": "LinearTimeWarp.1", "name": "", "effect_name": "LinearTimeWarp", "time_scalar": scalar]
  }

  static func marker(_ name: String, at frame: Double, _ rate: Double, color: String = "RED") -> Object {
    ["OTIO_SCHEMA": "Marker.2", "name": name, "color": color, "marked_range": range(frame, 0, rate), "comment": ""]
  }

  static func track(_ kind: String, _ name: String, _ children: [Object]) -> Object {
    ["OTIO_SCHEMA": "Track.1", "name": name, "kind": kind, "children": children]
  }

  static func timeline(_ tracks: [Object], name: String = "test") -> Object {
    [
      "OTIO_SCHEMA": "Timeline.1", "name": name, "global_start_time": NSNull(),
      "tracks": ["OTIO_SCHEMA": "Stack.1", "name": "tracks", "children": tracks] as Object,
    ]
  }

  static func file(_ object: Object, path: String = "/otio/test.otio") -> SourceFile {
    let data = try! JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    return SourceFile(path: path, bytes: [UInt8](data))
  }

  /// Facts of every test video: 10 s at `rate`, 640x360, with sound.
  static func media(rate: Rational = Rational(24)) -> FakeMediaFacts {
    FakeMediaFacts(
      [
        "a.png": .success(
          MediaFacts(duration: nil, hasVideo: true, hasAudio: false, isStillImage: true, width: 640, height: 360)),
        "music.wav": .success(
          MediaFacts(duration: Rational(20), hasVideo: false, hasAudio: true, audioDuration: Rational(20))),
      ],
      fallback: MediaFacts(
        duration: Rational(10), hasVideo: true, hasAudio: true, width: 640, height: 360, frameRate: rate,
        videoDuration: Rational(10), audioDuration: Rational(10)))
  }

  struct Imported {
    var script: String
    var diagnostics: [Diagnostic]
    var check: CheckResult
    var timeline: Timeline { check.timeline! }
  }

  /// Imports `object` (the `.otio` in /otio, the script beside it) and checks the script.
  static func importAndCheck(
    _ object: Object, rate: FrameRate? = nil, media: FakeMediaFacts = media(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Imported {
    let result = OTIOImporter.importTimeline(
      file(object),
      options: OTIOImportOptions(otioDirectory: "/otio", outputDirectory: "/otio", frameRate: rate, media: media))
    let script = try #require(
      result.script, "import failed: \(result.diagnostics.map(\.message))", sourceLocation: sourceLocation)
    let check = Checker.check(
      SourceFile(path: "/otio/imported.vedl", text: script), options: CheckOptions(media: media, baseDirectory: "/otio")
    )
    #expect(
      !check.hasErrors, "the imported script has errors: \(check.diagnostics.map(\.message))\n\(script)",
      sourceLocation: sourceLocation)
    #expect(
      SourceFormatter.format(SourceFile(path: "x.vedl", text: script)) == script, "not canonical:\n\(script)",
      sourceLocation: sourceLocation)
    _ = try #require(check.timeline, sourceLocation: sourceLocation)
    return Imported(script: script, diagnostics: result.diagnostics, check: check)
  }
}
