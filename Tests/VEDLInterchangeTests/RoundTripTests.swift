import Foundation
import Testing
import VEDLDiagnostics
import VEDLInterchange
import VEDLSema
import VEDLSource
import VEDLSyntax
import VEDLTime

/// Export then import gives back the same resolved timeline (`vedl ir` equal); OTIO →
/// import → export keeps OTIO's track layout, source ranges and durations.
@Suite struct RoundTripTests {
  typealias F = OTIOFixture

  static func check(_ text: String, path: String) -> CheckResult {
    Checker.check(SourceFile(path: path, text: text), options: CheckOptions(media: F.media(), baseDirectory: "/rt"))
  }

  /// The script exported and imported again, with the timelines before and after.
  static func roundTrip(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> (
    before: Timeline, after: Timeline, imported: String, exportDiagnostics: [Diagnostic]
  ) {
    let original = check(script, path: "/rt/edit.vedl")
    let before = try #require(
      original.timeline, "\(original.diagnostics.map(\.message))", sourceLocation: sourceLocation)
    let exported = try #require(OTIOExporter.export(original), sourceLocation: sourceLocation)
    let result = OTIOImporter.importTimeline(
      SourceFile(path: "/rt/edit.otio", bytes: [UInt8](exported.data)),
      options: OTIOImportOptions(otioDirectory: "/rt", outputDirectory: "/rt", media: F.media()))
    let imported = try #require(result.script, "\(result.diagnostics.map(\.message))", sourceLocation: sourceLocation)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))", sourceLocation: sourceLocation)
    let again = check(imported, path: "/rt/edit.vedl")
    let after = try #require(
      again.timeline, "\(again.diagnostics.map(\.message))\n\(imported)", sourceLocation: sourceLocation)
    return (before, after, imported, exported.diagnostics)
  }

  static let scripts: [String] = [
    // Clips, gaps, crossfades, speeds, ids.
    """
    canvas 640x360 fps: 24
    let a = video("a.mp4")
    track main {
      clip a trim: 1s..3s id: opening
      crossfade 6f
      clip video("b.mp4") trim: 0.5s..2.5s speed: 2x
      gap 12f
      clip a trim: 4s..5s volume: -6dB { fit contain; adjust saturation: 1.2 }
      fade 8f
      clip color(#FF8800) duration: 1s
      wipe 5f direction: up
      clip testpattern() duration: 20f
    }
    """,
    // Overlays, text, shapes, audio tracks, animation.
    """
    canvas 1280x720 fps: 30 background: #102030
    let bed = audio("music.wav")
    track main {
      clip video("a.mp4") trim: 0s..4s muted: true
      slide 10f direction: left
      clip video("b.mp4") trim: 2s..6s
    }
    track overlay "titles" {
      text "Hello \\"VEDL\\"\\nsecond line" at: 0.5s duration: 2s id: title {
        font "DejaVu Sans" size: 48 color: #FFFFFF
        position bottom margin: 40
        fade in: 250ms out: 250ms
      }
      shape ellipse at: title.end + 10f duration: 1s { fill #FF000080; size width: 200 height: 100 }
    }
    track overlay "brand" {
      clip image("a.png") at: 1s until: end { position topTrailing margin: 20; scale 50% }
    }
    track audio "music" {
      clip bed trim: 3s..9s at: 0s volume: -12dB { fade out: 1s }
      clip tone(880) at: 6.5s duration: 0.5s
    }
    track audio {
      clip video("c.mp4") at: 1s trim: 0s..2s speed: 0.5x
    }
    """,
    // NTSC rate, overlays without a main track.
    """
    canvas 640x360 fps: 29.97
    track overlay {
      clip video("a.mp4") at: 15f trim: 10f..40f
      clip testpattern() at: 60f duration: 45f { opacity 80% }
    }
    """,
  ]

  @Test(arguments: scripts.indices)
  func exportThenImportGivesTheSameTimeline(index: Int) throws {
    let (before, after, imported, _) = try Self.roundTrip(Self.scripts[index])
    #expect(before.jsonText == after.jsonText, "\(imported)")
    #expect(SourceFormatter.format(SourceFile(path: "x.vedl", text: imported)) == imported)
  }

  @Test func exportWarnsAboutWhatOTIOCannotHold() throws {
    let (_, _, _, diagnostics) = try Self.roundTrip(
      """
      param title: String = "Hi"
      track main { clip testpattern() duration: 1s }
      captions { cue 0s..0.5s "\\(title)" }
      export "out.mp4"
      """)
    #expect(diagnostics.map(\.code.id) == ["W0903"])
  }

  /// OTIO written by the test → import → export: the same tracks, kinds, items, source
  /// ranges and durations in frames.
  @Test func importThenExportKeepsOTIOsLayout() throws {
    let r = 25.0
    let otio = F.timeline([
      F.track(
        "Video", "V1",
        [
          F.clip("a", F.external("a.mp4"), start: 10, duration: 50, rate: r),
          F.dissolve(in: 5, out: 5, r),
          F.clip("b", F.external("b.mp4"), start: 20, duration: 30, rate: r, effects: [F.timeWarp(2)]),
          F.gap(10, r),
          F.clip("lost", F.missing, start: 0, duration: 15, rate: r),
        ]),
      F.track("Video", "V2", [F.gap(5, r), F.clip("c", F.external("c.mp4"), start: 0, duration: 20, rate: r)]),
      F.track("Audio", "A1", [F.clip("m", F.external("music.wav"), start: 25, duration: 75, rate: r)]),
    ])
    let result = OTIOImporter.importTimeline(
      F.file(otio, path: "/rt/in.otio"),
      options: OTIOImportOptions(otioDirectory: "/rt", outputDirectory: "/rt", media: F.media(rate: Rational(25))))
    let script = try #require(result.script)
    let checked = Self.check(script, path: "/rt/in.vedl")
    let exported = try #require(OTIOExporter.export(checked))
    let back = try #require(try JSONSerialization.jsonObject(with: exported.data) as? [String: Any])

    func layout(_ timeline: [String: Any]) -> [[String]] {
      let tracks = (timeline["tracks"] as! [String: Any])["children"] as! [[String: Any]]
      return tracks.map { track in
        [track["kind"] as! String]
          + (track["children"] as! [[String: Any]]).map { child in
            let schema = (child["OTIO_SCHEMA"] as! String).split(separator: ".")[0]
            func frames(_ key: String, _ object: [String: Any]) -> String {
              let t = object[key] as! [String: Any]
              return String(Int(((t["value"] as! Double) * 25 / (t["rate"] as! Double)).rounded()))
            }
            if let range = child["source_range"] as? [String: Any] {
              return "\(schema) \(frames("start_time", range))+\(frames("duration", range))"
            }
            return "\(schema) \(frames("in_offset", child))/\(frames("out_offset", child))"
          }
      }
    }
    #expect(layout(back) == layout(otio))
  }
}
