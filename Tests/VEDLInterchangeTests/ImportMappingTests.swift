import Foundation
import Testing
import VEDLDiagnostics
import VEDLInterchange
import VEDLSema
import VEDLSource
import VEDLSyntax
import VEDLTime

/// The OTIO → VEDL mapping of docs/interchange.md, on OTIO JSON built in the test: each
/// test imports, checks the script and asserts the resolved timeline's frames.
@Suite struct ImportMappingTests {
  typealias F = OTIOFixture

  @Test func cutsAndGapsKeepTheirFramesAndPaths() throws {
    let r = 24.0
    let imported = try F.importAndCheck(
      F.timeline([
        F.track(
          "Video", "V1",
          [
            F.clip("intro", F.external("file:///media/my%20clip.mp4"), start: 10, duration: 48, rate: r),
            F.gap(24, r),
            F.clip("b", F.external("b.mp4"), start: 0, duration: 24, rate: r),
          ])
      ]))
    let t = imported.timeline
    #expect(t.canvas.rate == FrameRate(24)!)
    #expect(t.frameCount == 96)
    let items = t.tracks[0].items
    #expect(t.tracks[0].kind == .main)
    #expect(items.map(\.kind) == [.clip, .gap, .clip])
    #expect(items.map(\.startFrame) == [0, 48, 72])
    #expect(items.map(\.endFrame) == [48, 72, 96])
    #expect(items[0].sourceStart == Rational(10, 24)!)
    #expect(items[0].id == "intro")
    #expect(items[2].sourceStart == .zero)
    #expect(t.sources[items[0].source!].writtenPath == "/media/my clip.mp4")
    #expect(t.sources[items[2].source!].writtenPath == "b.mp4")
    #expect(t.sources[items[2].source!].path == "/otio/b.mp4")
    // A video track carries pictures only: the clip's sound belongs to the audio tracks.
    #expect(items[0].muted)
    #expect(imported.diagnostics.isEmpty)
  }

  @Test func dissolveKeepsTheCutPointAndTheLength() throws {
    let r = 24.0
    let imported = try F.importAndCheck(
      F.timeline([
        F.track(
          "Video", "V1",
          [
            F.clip("a", F.external("a.mp4"), start: 0, duration: 48, rate: r),
            F.dissolve(in: 6, out: 6, r),
            F.clip("b", F.external("b.mp4"), start: 24, duration: 48, rate: r),
          ])
      ]))
    let t = imported.timeline
    #expect(t.frameCount == 96)
    let items = t.tracks[0].items
    #expect(items.map(\.startFrame) == [0, 42])
    #expect(items.map(\.endFrame) == [54, 96])
    #expect(t.transitions.count == 1)
    #expect(t.transitions[0].kind == .crossfade)
    #expect(t.transitions[0].startFrame == 42)
    #expect(t.transitions[0].endFrame == 54)
    // At the cut (frame 48) b shows its OTIO first frame, source frame 24.
    let b = items[1]
    let atCut = b.sourceStart! + (Rational(48, 24)! - b.start) * b.speed
    #expect(atCut == Rational(1))
    // a plays on past its OTIO range into the dissolve.
    #expect(items[0].sourceEnd == Rational(54, 24)!)
  }

  @Test func transitionsAtTheTracksEndsBecomeFades() throws {
    let r = 24.0
    let imported = try F.importAndCheck(
      F.timeline([
        F.track(
          "Video", "V1",
          [
            F.dissolve(in: 0, out: 12, r),
            F.clip("a", F.external("a.mp4"), start: 0, duration: 48, rate: r),
            F.dissolve(in: 6, out: 0, r),
          ])
      ]))
    let t = imported.timeline
    #expect(t.frameCount == 48)
    #expect(t.transitions.isEmpty)
    let fade = try #require(t.tracks[0].items[0].modifiers.first { $0.name == .fade })
    #expect(fade.kind == .fade(in: Rational(1, 2)!, out: Rational(1, 4)!))
  }

  @Test func linearTimeWarpUsesRecordDuration() throws {
    let r = 24.0
    let imported = try F.importAndCheck(
      F.timeline([
        F.track(
          "Video", "V1",
          [
            F.clip("fast", F.external("a.mp4"), start: 10, duration: 15, rate: r, effects: [F.timeWarp(2)]),
            F.clip("slow", F.external("a.mp4"), start: 0, duration: 20, rate: r, effects: [F.timeWarp(0.5)]),
          ])
      ]))
    let items = imported.timeline.tracks[0].items
    // 15 timeline frames at 2x use 30 source frames.
    #expect(items[0].endFrame - items[0].startFrame == 15)
    #expect(items[0].speed == Rational(2))
    #expect(items[0].sourceStart == Rational(10, 24)!)
    #expect(items[0].sourceEnd == Rational(40, 24)!)
    #expect(items[1].endFrame - items[1].startFrame == 20)
    #expect(items[1].speed == Rational(1, 2)!)
    #expect(items[1].sourceEnd == Rational(10, 24)!)
  }

  @Test func videoAndAudioTracksMapToMainOverlayAndAudio() throws {
    let r = 24.0
    let imported = try F.importAndCheck(
      F.timeline([
        F.track("Video", "V1", [F.clip("shot1", F.external("a.mp4"), start: 0, duration: 48, rate: r)]),
        F.track("Video", "V2", [F.gap(12, r), F.clip("logo", F.external("a.png"), start: 0, duration: 24, rate: r)]),
        F.track("Video", "V3", [F.gap(24, r), F.clip("c", F.external("c.mov"), start: 5, duration: 12, rate: r)]),
        F.track("Audio", "A1", [F.clip("m", F.external("music.wav"), start: 48, duration: 48, rate: r)]),
        F.track(
          "Audio", "A2", [F.gap(6, r), F.clip("shot1_sound", F.external("a.mp4"), start: 0, duration: 24, rate: r)]),
      ]))
    let t = imported.timeline
    #expect(t.tracks.map(\.kind) == [.main, .overlay, .overlay, .audio, .audio])
    #expect(t.tracks.map(\.name) == [nil, "V2", "V3", "A1", "A2"])
    #expect(t.tracks[1].items[0].startFrame == 12)
    #expect(t.tracks[1].items[0].endFrame == 36)
    #expect(t.sources[t.tracks[1].items[0].source!].kind == .image)
    #expect(t.tracks[2].items[0].startFrame == 24)
    #expect(t.tracks[2].items[0].sourceStart == Rational(5, 24)!)
    #expect(t.sources[t.tracks[3].items[0].source!].kind == .audio)
    #expect(t.tracks[3].items[0].sourceStart == Rational(2))
    #expect(t.tracks[4].items[0].startFrame == 6)
    #expect(!t.tracks[4].items[0].muted)
    // a.mp4 is used twice: one `let`, named after the file.
    let lets = imported.check.parse.syntax.items.compactMap { item -> String? in
      if case .let(let d) = item { return d.name.name }
      return nil
    }
    #expect(lets == ["a"])
  }

  @Test func markersBecomeCommentsAtTheirClip() throws {
    let r = 24.0
    let imported = try F.importAndCheck(
      F.timeline([
        F.track(
          "Video", "V1",
          [
            F.clip("a", F.external("a.mp4"), start: 0, duration: 24, rate: r),
            F.clip(
              "b", F.external("b.mp4"), start: 24, duration: 48, rate: r, markers: [F.marker("check focus", at: 36, r)]),
          ])
      ]))
    let comments = imported.check.parse.comments.map { imported.check.parse.file.text($0.span) }
    // Source frame 36 of b, which starts at timeline frame 24 with source frame 24: frame 36, 1.5 s.
    #expect(comments.contains("// marker \"check focus\" at 1.5s (RED)"))
    let b = imported.timeline.tracks[0].items[1]
    let commentOffset = try #require(
      imported.check.parse.comments.first { imported.check.parse.file.text($0.span).contains("check focus") })
    #expect(commentOffset.span.end < b.span!.start)
  }

  @Test func missingMediaBecomesAPlaceholderWithAWarning() throws {
    let r = 24.0
    let imported = try F.importAndCheck(
      F.timeline([
        F.track(
          "Video", "V1",
          [
            F.clip("lost", F.missing, start: 100, duration: 30, rate: r),
            F.clip("none", nil, start: 0, duration: 10, rate: r),
          ]),
        F.track("Audio", "A1", [F.clip("vo", F.missing, start: 0, duration: 12, rate: r)]),
      ]))
    let t = imported.timeline
    #expect(t.frameCount == 40)
    #expect(t.tracks[0].items.map { t.sources[$0.source!].kind } == [.testpattern, .testpattern])
    #expect(t.tracks[0].items.map { $0.endFrame - $0.startFrame } == [30, 10])
    #expect(t.sources[t.tracks[1].items[0].source!].kind == .tone)
    #expect(t.tracks[1].items[0].muted)
    #expect(imported.diagnostics.map(\.code.id) == ["W0901", "W0901", "W0901"])
    #expect(imported.diagnostics.allSatisfy { $0.severity == .warning })
  }

  @Test func unsupportedPartsAreKeptInCommentsWithAWarning() throws {
    let r = 24.0
    let blur: [String: Any] = ["OTIO_SCHEMA": "Effect.1", "name": "", "effect_name": "Blur"]
    let nested: [String: Any] = [
      "OTIO_SCHEMA": "Stack.1", "name": "compound",
      "children": [F.track("Video", "inner", [F.clip("x", F.external("x.mp4"), start: 0, duration: 36, rate: r)])],
    ]
    let imported = try F.importAndCheck(
      F.timeline([
        F.track(
          "Video", "V1",
          [
            F.clip("a", F.external("a.mp4"), start: 0, duration: 24, rate: r, effects: [blur]),
            nested,
            F.clip("b", F.external("b.mp4"), start: 0, duration: 24, rate: r, effects: [F.timeWarp(-1)]),
          ])
      ]))
    let t = imported.timeline
    // The nested stack keeps its length as a gap; the reversed clip plays forwards.
    #expect(t.tracks[0].items.map(\.kind) == [.clip, .gap, .clip])
    #expect(t.tracks[0].items.map(\.startFrame) == [0, 24, 60])
    #expect(t.frameCount == 84)
    #expect(imported.diagnostics.map(\.code.id) == ["W0902", "W0902", "W0902"])
    let comments = imported.check.parse.comments.map { imported.check.parse.file.text($0.span) }
    #expect(comments.contains { $0.contains("Blur") })
    #expect(comments.contains { $0.contains("compound") })
    #expect(comments.contains { $0.contains("time_scalar -1") })
  }

  @Test func clipNamesBecomeIdsOnlyWhenUsable() throws {
    let r = 24.0
    let imported = try F.importAndCheck(
      F.timeline([
        F.track(
          "Video", "V1",
          [
            F.clip("opening", F.external("a.mp4"), start: 0, duration: 12, rate: r),
            F.clip("opening", F.external("a.mp4"), start: 12, duration: 12, rate: r),
            F.clip("A001_C002.mov", F.external("b.mp4"), start: 0, duration: 12, rate: r),
            F.clip("end", F.external("b.mp4"), start: 0, duration: 12, rate: r),
          ])
      ]))
    #expect(imported.timeline.tracks[0].items.map(\.id) == ["opening", nil, nil, nil])
  }

  /// The contract's rates: frames stay whole and exact at each.
  @Test(arguments: [
    (23.976023976023978, Rational(24000, 1001)!), (24.0, Rational(24)), (25.0, Rational(25)),
    (29.97002997002997, Rational(30000, 1001)!), (30.0, Rational(30)),
  ])
  func ratesAreExact(rate: Double, exact: Rational) throws {
    let imported = try F.importAndCheck(
      F.timeline([
        F.track(
          "Video", "V1",
          [
            F.clip("a", F.external("a.mp4"), start: 7, duration: 50, rate: rate),
            F.dissolve(in: 5, out: 5, rate),
            F.clip("b", F.external("b.mp4"), start: 30, duration: 41, rate: rate, effects: [F.timeWarp(2)]),
            F.gap(13, rate),
          ]),
        F.track("Video", "V2", [F.gap(17, rate), F.clip("c", F.external("c.mp4"), start: 3, duration: 9, rate: rate)]),
      ]), media: F.media(rate: exact))
    let t = imported.timeline
    #expect(t.canvas.rate.framesPerSecond == exact)
    #expect(t.frameCount == 50 + 41 + 13)
    let items = t.tracks[0].items
    #expect(items.map(\.startFrame) == [0, 45, 91])
    #expect(items.map(\.endFrame) == [55, 91, 104])
    #expect(items[0].sourceStart == Rational(7) / exact)
    // b's OTIO range starts at source frame 30; 5 frames at 2x before the cut use 10 more.
    #expect(items[1].sourceStart == Rational(20) / exact)
    #expect(t.tracks[1].items[0].startFrame == 17)
    #expect(t.tracks[1].items[0].endFrame == 26)
    #expect(imported.diagnostics.isEmpty)
  }

  @Test func canvasOptionsOverrideTheTimeline() throws {
    let result = OTIOImporter.importTimeline(
      F.file(
        F.timeline([F.track("Video", "V1", [F.clip("a", F.external("a.mp4"), start: 0, duration: 48, rate: 24)])])),
      options: OTIOImportOptions(
        otioDirectory: "/otio", outputDirectory: "/otio", canvasWidth: 1080, canvasHeight: 1920,
        frameRate: FrameRate(48)!,
        media: F.media()))
    let script = try #require(result.script)
    let check = Checker.check(
      SourceFile(path: "/otio/x.vedl", text: script), options: CheckOptions(media: F.media(), baseDirectory: "/otio"))
    let t = try #require(check.timeline)
    #expect(t.canvas.width == 1080 && t.canvas.height == 1920)
    #expect(t.canvas.rate == FrameRate(48)!)
    #expect(t.frameCount == 96)
  }

  @Test func relativePathsAreRebasedOntoTheScriptsFolder() throws {
    let result = OTIOImporter.importTimeline(
      F.file(
        F.timeline([F.track("Video", "V1", [F.clip("a", F.external("media/a.mp4"), start: 0, duration: 24, rate: 24)])])
      ),
      options: OTIOImportOptions(otioDirectory: "/project/edit", outputDirectory: "/project", media: F.media()))
    let script = try #require(result.script)
    let check = Checker.check(
      SourceFile(path: "/project/x.vedl", text: script),
      options: CheckOptions(media: F.media(), baseDirectory: "/project"))
    let t = try #require(check.timeline)
    #expect(t.sources[0].path == "/project/edit/media/a.mp4")
    #expect(t.sources[0].writtenPath == "edit/media/a.mp4")
  }
}
