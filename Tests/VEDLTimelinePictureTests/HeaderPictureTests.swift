import Foundation
import Testing
import VEDLTimelinePicture

/// The header is drawn in its placement groups, in display order, and only when the
/// configuration has a player bar.
@Suite struct HeaderPictureTests {
  static func items(_ root: SVGNode, _ placement: String) -> [SVGNode] {
    root.element(id: "header-\(placement)")?.children.filter { $0.attributes["class"] == "header-item" } ?? []
  }

  /// The left and right edge of an item's pill (or spacer line).
  static func extent(_ item: SVGNode) -> (left: Double, right: Double) {
    if let rect = item.children.first(where: { $0.name == "rect" }), let x = rect.number("x"),
      let w = rect.number("width")
    {
      return (x, x + w)
    }
    let line = item.children.first { $0.name == "line" }
    return ((line?.number("x1") ?? 0) - 2, (line?.number("x2") ?? 0) + 2)
  }

  @Test func theEditorSamplesHeaderIsDrawnInItsGroups() throws {
    let root = try SVGTreeBuilder.parse(try Fixture.sample("editor.vedl").picture.svg())
    #expect(Self.items(root, "leading").map { $0.attributes["data-kind"] ?? "" } == ["custom", "timecode", "spacer"])
    #expect(
      Self.items(root, "center").map { $0.attributes["data-id"] ?? "" } == [
        "com.example.editor.back", "playPause", "com.example.editor.forward",
      ])
    #expect(
      Self.items(root, "trailing").map { $0.attributes["data-kind"] ?? "" } == [
        "custom", "spacer", "toggleExpanded", "spacer",
      ])
    let labels = Self.items(root, "leading").compactMap { $0.children.first { $0.name == "text" }?.allText }
    #expect(labels == ["Undo", "Position"], "titles replace the built-in labels")
    // Left to right without overlap, across the groups.
    let all = ["leading", "center", "trailing"].flatMap { Self.items(root, $0) }.map(Self.extent)
    for (a, b) in zip(all, all.dropFirst()) { #expect(a.right <= b.left, "\(a) overlaps \(b)") }
    // The trailing spacer pushes the group to the bar's right edge.
    let bar = try #require(root.element(id: "header")?.children.first { $0.name == "rect" })
    let barRight = (bar.number("x") ?? 0) + (bar.number("width") ?? 0)
    #expect(abs((all.last?.right ?? 0) - (barRight - 8)) < 0.02)
  }

  @Test func theTimecodeShowsTheEditsLength() throws {
    let source =
      "track main {\n  clip testpattern() duration: 2s\n}\neditor {\n  header {\n    leading { timecode }\n  }\n}\n"
    let root = try SVGTreeBuilder.parse(try Fixture.picture(source).svg())
    #expect(Self.items(root, "leading").first?.allText.contains("00:00:00:00 / 00:00:02:00") == true)
    #expect(root.element(id: "header-center") == nil, "an empty group is not drawn")
  }

  @Test func noHeaderOrAnEmptyHeaderDrawsNoPlayerBar() throws {
    let base = "track main {\n  clip testpattern() duration: 2s\n}\n"
    for source in [
      base, base + "editor {\n  header {}\n}\n",
      base + "editor {\n  header { leading { loop } }\n  modifyHeader { remove loop }\n}\n",
    ] {
      let root = try SVGTreeBuilder.parse(try Fixture.picture(source).svg())
      #expect(root.element(id: "header") == nil, "\(source)")
      #expect(root.element(id: "ruler") != nil)
    }
  }

  @Test func addButtonsAppearWhereTheHostPutsThem() throws {
    let source = """
      track main {
        clip testpattern() duration: 2s
      }
      track overlay {
        text "t" at: 0s duration: 1s
      }
      editor {
        addClip { photoRoll }
        addAudio
      }
      """
    let picture = try Fixture.picture(source)
    let root = try SVGTreeBuilder.parse(picture.svg())
    let addClip = try #require(root.element(id: "add-clip"))
    #expect(addClip.attributes["data-mode"] == "direct")
    #expect(addClip.allText.contains("+ Photo Roll"), "one source: its own label")
    // After the last clip of the background track.
    let pill = try #require(addClip.children.first { $0.name == "rect" })
    #expect((pill.number("x") ?? 0) > picture.scale.x(ofFrame: 60))
    let addAudio = try #require(root.element(id: "add-audio"))
    #expect(addAudio.attributes["data-mode"] == "menu")
    #expect(addAudio.allText.contains("+ Add Audio ▾"))
    // At the foot of the overlay stack: below every row.
    let rows = root.all.filter { $0.attributes["class"] == "row" }
    let lowest =
      rows.compactMap { $0.children.first { $0.name == "rect" } }.map {
        ($0.number("y") ?? 0) + ($0.number("height") ?? 0)
      }.max() ?? 0
    #expect((addAudio.children.first { $0.name == "rect" }?.number("y") ?? 0) > lowest)
    let none = try SVGTreeBuilder.parse(
      try Fixture.picture("track main {\n  clip testpattern() duration: 2s\n}\n").svg())
    #expect(none.element(id: "add-clip") == nil)
    #expect(none.element(id: "add-audio") == nil)
  }
}
