import Foundation
import Testing
import VEDLSema
import VEDLTimelinePicture

/// The seed's "Timeline Height" rules: heights count overlay-stack rows, the background
/// track is always shown and never counted, the caption lane adds a row under `dynamic`
/// (only once there is a cue) and nothing under `fixed`.
@Suite struct HeightRuleTests {
  /// An edit with `overlays` overlay tracks and `audios` audio tracks (in that order after
  /// the main track), `cues` caption cues and the given `height` statement.
  static func source(overlays: Int, audios: Int = 0, cues: Int = 0, captionsBlock: Bool = false, height: String?)
    -> String
  {
    var text = "track main {\n  clip testpattern() duration: 4s\n}\n"
    for n in 0..<overlays { text += "track overlay \"o\(n)\" {\n  text \"t\(n)\" at: 0s duration: 1s\n}\n" }
    for n in 0..<audios { text += "track audio \"a\(n)\" {\n  clip tone(440) at: 0s duration: 1s\n}\n" }
    if cues > 0 || captionsBlock {
      text += "captions {\n"
      for n in 0..<cues { text += "  cue \(n)s..\(n)s + 500ms \"cue \(n)\"\n" }
      text += "}\n"
    }
    if let height { text += "editor {\n  height \(height)\n}\n" }
    return text
  }

  static func plan(_ source: String) throws -> TimelineRowPlan {
    try Fixture.picture(source).rowPlan
  }

  /// The rows of the drawn picture, as their `data-row` kinds, top to bottom.
  static func drawnRows(_ source: String) throws -> [String] {
    let root = try SVGTreeBuilder.parse(try Fixture.picture(source).svg())
    return root.all.filter { $0.attributes["class"] == "row" }.compactMap { $0.attributes["data-row"] }
  }

  @Test func dynamicWithFewerTracksThanTheMaximumHugsThem() throws {
    let plan = try Self.plan(Self.source(overlays: 1, audios: 1, height: "dynamic(maximumTracks: 3)"))
    #expect(plan.rows == [.main, .track(1), .track(2)])
    #expect(plan.hiddenTracks.isEmpty)
    #expect(
      try Self.drawnRows(Self.source(overlays: 1, audios: 1, height: "dynamic(maximumTracks: 3)")) == [
        "main", "overlay", "audio",
      ])
  }

  @Test func dynamicWithMoreTracksThanTheMaximumHidesTheRest() throws {
    let source = Self.source(overlays: 3, audios: 1, height: "dynamic(maximumTracks: 2)")
    let plan = try Self.plan(source)
    #expect(plan.rows == [.main, .track(1), .track(2)])
    #expect(plan.hiddenTracks == [3, 4])
    let root = try SVGTreeBuilder.parse(try Fixture.picture(source).svg())
    let note = try #require(root.element(id: "hidden-tracks"))
    #expect(note.attributes["data-count"] == "2")
    #expect(note.allText.hasPrefix("+2 more tracks hidden by height dynamic(maximumTracks: 2)"))
    #expect(note.allText.hasSuffix(#"overlay "o2", audio "a0""#))
    #expect(root.element(id: "lane-track-3") == nil, "a hidden track draws no lane")
  }

  @Test func theDefaultIsDynamicThree() throws {
    let plan = try Self.plan(Self.source(overlays: 5, height: nil))
    #expect(plan.rows == [.main, .track(1), .track(2), .track(3)])
    #expect(plan.hiddenTracks == [4, 5])
  }

  @Test func dynamicZeroShowsOnlyTheBackgroundTrack() throws {
    let plan = try Self.plan(Self.source(overlays: 2, height: "dynamic(maximumTracks: 0)"))
    #expect(plan.rows == [.main])
    #expect(plan.hiddenTracks == [1, 2])
  }

  @Test func captionRowAppearsUnderDynamicOnlyWithACue() throws {
    let withCue = try Self.plan(Self.source(overlays: 2, cues: 1, height: "dynamic(maximumTracks: 2)"))
    #expect(withCue.rows == [.captions, .main, .track(1), .track(2)], "the caption lane is on top of maximumTracks")
    #expect(withCue.countedRows(under: EditorHeight(mode: .dynamic, tracks: 2)) == 2)
    let emptyLane = try Self.plan(Self.source(overlays: 2, captionsBlock: true, height: "dynamic(maximumTracks: 2)"))
    #expect(emptyLane.rows == [.main, .track(1), .track(2)], "a captions block without cues adds no row")
    #expect(try Self.drawnRows(Self.source(overlays: 0, cues: 2, height: nil)) == ["captions", "main"])
  }

  @Test func fixedShowsExactlyThatManyRowsWithEmptyOnes() throws {
    let source = Self.source(overlays: 1, height: "fixed(tracks: 3)")
    let plan = try Self.plan(source)
    #expect(plan.rows == [.main, .track(1), .empty, .empty])
    #expect(try Self.drawnRows(source) == ["main", "overlay", "empty", "empty"])
    let more = try Self.plan(Self.source(overlays: 4, height: "fixed(tracks: 2)"))
    #expect(more.rows == [.main, .track(1), .track(2)])
    #expect(more.hiddenTracks == [3, 4])
  }

  @Test func fixedZeroAndClampedNegativesShowOnlyTheBackgroundTrack() throws {
    for height in ["fixed(tracks: 0)", "fixed(tracks: -3)"] {
      let source = Self.source(overlays: 2, height: height)
      let plan = try Self.plan(source)
      #expect(plan.rows == [.main], "\(height)")
      #expect(plan.hiddenTracks == [1, 2], "\(height)")
      #expect(try Self.drawnRows(source) == ["main"], "\(height)")
    }
    let clamped = try Fixture.picture(Self.source(overlays: 0, height: "fixed(tracks: -3)"))
    #expect(clamped.editor.height == EditorHeight(mode: .fixed, tracks: 0))
  }

  @Test func captionsAddNothingUnderFixed() throws {
    let plan = try Self.plan(Self.source(overlays: 3, cues: 1, height: "fixed(tracks: 2)"))
    #expect(plan.rows == [.captions, .main, .track(1)], "two rows: the caption lane takes one")
    #expect(plan.countedRows(under: EditorHeight(mode: .fixed, tracks: 2)) == 2)
    #expect(plan.hiddenTracks == [2, 3])
    let none = try Self.plan(Self.source(overlays: 1, cues: 1, height: "fixed(tracks: 0)"))
    #expect(none.rows == [.main])
    #expect(none.hidesCaptionLane)
    let root = try SVGTreeBuilder.parse(
      try Fixture.picture(Self.source(overlays: 1, cues: 1, height: "fixed(tracks: 0)")).svg())
    let note = try #require(root.element(id: "hidden-tracks"))
    #expect(note.allText.hasPrefix("+1 more track and the caption lane hidden by height fixed(tracks: 0)"))
    #expect(root.element(id: "cue-0") == nil)
  }

  @Test func fixedCountsEveryRowAgainstTheHeight() throws {
    for tracks in 0...4 {
      for overlays in [0, 2, 5] {
        for cues in [0, 1] {
          let plan = try Self.plan(Self.source(overlays: overlays, cues: cues, height: "fixed(tracks: \(tracks))"))
          #expect(plan.countedRows(under: EditorHeight(mode: .fixed, tracks: tracks)) == tracks)
          #expect(plan.rows.filter { $0 == .main }.count == 1)
        }
      }
    }
  }

  @Test func dynamicNeverExceedsTheMaximum() throws {
    for maximum in 0...4 {
      for overlays in [0, 1, 3, 6] {
        let plan = try Self.plan(Self.source(overlays: overlays, height: "dynamic(maximumTracks: \(maximum))"))
        #expect(plan.countedRows(under: EditorHeight(mode: .dynamic, tracks: maximum)) == min(overlays, maximum))
        #expect(plan.hiddenTracks.count == max(0, overlays - maximum))
      }
    }
  }

  @Test func anEditWithoutAMainTrackStillShowsTheBackgroundLane() throws {
    let source = "track overlay {\n  text \"x\" at: 0s duration: 1s\n}\n"
    #expect(try Self.plan(source).rows == [.main, .track(0)])
    let root = try SVGTreeBuilder.parse(try Fixture.picture(source).svg())
    #expect(root.element(id: "row-main") != nil)
  }
}
