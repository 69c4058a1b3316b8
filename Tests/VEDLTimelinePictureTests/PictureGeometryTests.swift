import Foundation
import Testing
import VEDLSema
import VEDLTimelinePicture

/// Every box of the picture sits at the x and width of its exact frames: the test parses the
/// SVG and recomputes each position from the resolved timeline, independently of the
/// picture's own scale code.
@Suite struct PictureGeometryTests {
  static let fixtures: [String: String] = [
    "transitions and gaps at 29.97": """
    canvas 1280x720 fps: 29.97
    track main {
      clip testpattern() duration: 2s id: a
      wipe 10f direction: left
      clip color(red) duration: 1.5s speed: 2x
      gap 500ms
      clip color(#00FF0080) duration: 48f
      fade 12f
      clip testpattern() duration: 3s
    }
    track overlay {
      text "a < b & \\"c\\"" at: 0s duration: 1s
      shape ellipse at: a.end duration: 2s
    }
    track audio "bed" {
      clip tone(220) at: 250ms until: end volume: -6dB
    }
    captions {
      cue 0s..1s "first"
      cue 2s..00:00:03:15 "second"
    }
    """,
    "overlay outlasting the main track": """
    canvas 640x360 fps: 25
    track main {
      clip testpattern() duration: 2s
    }
    track overlay "late" {
      text "after the end" at: 1s duration: 4s
    }
    """,
    "no main track": """
    canvas 640x360 fps: 24
    track overlay "only" {
      shape rect at: 1s duration: 2s
      text "x" at: 3s duration: 1s
    }
    """,
    "an hour": """
    track main {
      clip color(navy) duration: 3600s
      crossfade 2s
      clip testpattern() duration: 10s
    }
    """,
  ]

  static var names: [String] { fixtures.keys.sorted() }

  static func expectedX(_ frame: Int64, extent: Int64) -> Double {
    TimelinePictureMetrics.originX + Double(frame) * TimelinePictureMetrics.timeWidth / Double(extent)
  }

  /// The frames the picture must span, computed here from the timeline.
  static func extent(_ timeline: Timeline) -> Int64 {
    let ends =
      [timeline.frameCount] + timeline.tracks.flatMap { $0.items.map(\.endFrame) }
      + timeline.transitions.map(\.endFrame)
      + timeline.captions.cues.map(\.endFrame)
    return max(1, ends.max() ?? 1)
  }

  static func expectBox(
    _ node: SVGNode?, start: Int64, end: Int64, extent: Int64, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let node else {
      Issue.record("no box for \(what)", sourceLocation: sourceLocation)
      return
    }
    #expect(node.attributes["data-start-frame"] == String(start), "\(what) start", sourceLocation: sourceLocation)
    #expect(node.attributes["data-end-frame"] == String(end), "\(what) end", sourceLocation: sourceLocation)
    let x = node.number("x") ?? .nan
    let width = node.number("width") ?? .nan
    let left = expectedX(start, extent: extent)
    let right = expectedX(end, extent: extent)
    #expect(abs(x - left) <= 0.006, "\(what): x \(x), expected \(left)", sourceLocation: sourceLocation)
    #expect(
      abs(x + width - right) <= 0.011, "\(what): right edge \(x + width), expected \(right)",
      sourceLocation: sourceLocation)
  }

  static func checkPositions(of picture: TimelinePicture) throws {
    let timeline = picture.timeline
    let root = try SVGTreeBuilder.parse(picture.svg())
    let extent = extent(timeline)
    #expect(root.attributes["data-extent-frames"] == String(extent))
    let shown = Set(
      picture.rowPlan.rows.compactMap { row -> Int? in
        if case .track(let index) = row { return index }
        return nil
      })
    var boxes = 0
    for (t, track) in timeline.tracks.enumerated() where track.kind == .main || shown.contains(t) {
      for (i, item) in track.items.enumerated() {
        expectBox(
          root.element(id: "item-\(t)-\(i)"), start: item.startFrame, end: item.endFrame, extent: extent,
          "item \(t)-\(i)")
        boxes += 1
      }
    }
    for (n, transition) in timeline.transitions.enumerated() {
      let node = root.element(id: "transition-\(n)")
      expectBox(node, start: transition.startFrame, end: transition.endFrame, extent: extent, "transition \(n)")
      #expect(node?.attributes["data-kind"] == transition.kind.rawValue)
    }
    if picture.rowPlan.rows.contains(.captions) {
      for (n, cue) in timeline.captions.cues.enumerated() {
        expectBox(root.element(id: "cue-\(n)"), start: cue.startFrame, end: cue.endFrame, extent: extent, "cue \(n)")
      }
    }
    // No box the timeline does not have.
    let drawn = root.all.filter { $0.name == "rect" && ($0.attributes["id"] ?? "").hasPrefix("item-") }
    #expect(drawn.count == boxes)
  }

  @Test(arguments: names)
  func boxesSitAtTheirFrames(_ name: String) throws {
    try Self.checkPositions(of: try Fixture.picture(Self.fixtures[name]!))
  }

  @Test(arguments: ["demo.vedl", "editor.vedl", "timing.vedl", "modifiers.vedl"])
  func sampleBoxesSitAtTheirFrames(_ name: String) throws {
    try Self.checkPositions(of: try Fixture.sample(name).picture)
  }

  @Test func theDemoHasTheFramesOfItsScript() throws {
    // 3 s + 4 s at 30 fps, overlapped by a 1 s crossfade: 180 frames, the crossfade over 60..<90.
    let root = try SVGTreeBuilder.parse(try Fixture.sample("demo.vedl").picture.svg())
    #expect(root.attributes["data-frame-count"] == "180")
    let crossfade = try #require(root.element(id: "transition-0"))
    #expect(crossfade.attributes["data-start-frame"] == "60")
    #expect(crossfade.attributes["data-end-frame"] == "90")
    #expect(crossfade.attributes["fill"] == "url(#hatch)")
    let second = try #require(root.element(id: "item-0-1"))
    let expected = TimelinePictureMetrics.originX + 60.0 / 180.0 * TimelinePictureMetrics.timeWidth
    #expect(abs((second.number("x") ?? 0) - expected) < 0.006)
  }

  @Test func labelsGiveLengthInSecondsAndFrames() throws {
    let picture = try Fixture.picture(Self.fixtures["transitions and gaps at 29.97"]!)
    let root = try SVGTreeBuilder.parse(picture.svg())
    let texts = root.all.filter { $0.name == "text" }.map(\.allText)
    // 2 s at 30000/1001 fps rounds down to frame 59: 59 frames last 1.968… s.
    #expect(texts.contains("a: testpattern"))
    #expect(texts.contains { $0.hasPrefix("≈1.97s / 59f") }, "\(texts)")
    #expect(texts.contains(#"text "a < b & "c"""#))
    #expect(texts.contains { $0.contains("2x") }, "speed is shown")
    #expect(texts.contains { $0.contains("-6dB") }, "volume is shown")
    #expect(texts.contains("gap"))
  }

  @Test func theEditsEndIsMarked() throws {
    let picture = try Fixture.picture(Self.fixtures["overlay outlasting the main track"]!)
    let root = try SVGTreeBuilder.parse(picture.svg())
    let end = try #require(root.element(id: "end"))
    #expect(end.attributes["data-frame"] == String(picture.timeline.frameCount))
    #expect(picture.timeline.frameCount == 50)
    #expect(picture.scale.extentFrames == 125, "the overlay runs to 5 s")
  }
}
