import Foundation
import Testing
import VEDLSema
import VEDLTimelinePicture

/// Animation keys are diamonds on their item's bar at their timeline time (the time of the
/// item's first frame plus the key's), with a tooltip naming the property and the time.
@Suite struct KeyMarkTests {
  /// A title from frame 30 to frame 120 of a 120-frame edit: 1000 px for 120 frames.
  static let edit = """
    canvas 640x360 fps: 30
    track main {
      clip testpattern() duration: 4s
    }
    track overlay {
      text "Sale" at: 1s duration: 3s {
        animate offset {
          key 0s x: 0 y: 160
          key 400ms x: 0 y: 0 easing: easeOutBack
        }
        animate opacity { key 0s 0%; key length - 300ms 100%; key length 0% easing: easeInCubic }
      }
    }
    """

  /// Each key mark: its `g` and the x of its centre (the diamond's top vertex).
  func marks(_ source: String) throws -> [(node: SVGNode, x: Double, y: Double)] {
    let root = try SVGTreeBuilder.parse(try Fixture.picture(source).svg())
    return try root.all.filter { $0.attributes["class"] == "key" }.map { g in
      let polygon = try #require(g.children.first { $0.name == "polygon" })
      let top = try #require(polygon.attributes["points"]?.split(separator: " ").first)
      let xy = top.split(separator: ",").compactMap { Double($0) }
      try #require(xy.count == 2)
      return (g, xy[0], xy[1])
    }
  }

  @Test func marksSitAtTheKeysTimelineTimes() throws {
    let found = try marks(Self.edit)
    // Timeline frames 30 (both properties at 0s), 42 (0.4s), 111 (2.7s), 120 (`length`).
    let expected: [(frames: Double, properties: String, frame: String)] = [
      (30, "offset opacity", "30"), (42, "offset", "42"), (111, "opacity", "111"), (120, "opacity", "120"),
    ]
    #expect(found.count == expected.count)
    for (mark, want) in zip(found, expected) {
      let x: Double = 172 + want.frames * 1000 / 120
      #expect(abs(mark.x - x) < 0.006)
      #expect(mark.node.attributes["data-properties"] == want.properties)
      #expect(mark.node.attributes["data-frame"] == want.frame)
      #expect(mark.node.attributes["data-track"] == "1" && mark.node.attributes["data-item"] == "0")
    }
    let item = try #require(
      try SVGTreeBuilder.parse(try Fixture.picture(Self.edit).svg()).element(id: "item-1-0"))
    let bottom = try #require(item.number("y")) + (try #require(item.number("height")))
    #expect(found.allSatisfy { abs($0.y - (bottom - TimelinePictureMetrics.keyMarkRadius)) < 0.006 })
    let title = found[1].node.children.first { $0.name == "title" }?.text
    #expect(title == "offset key at 0.4s · 1.4s on the timeline, frame 42 (00:00:01:12)")
    let shared = found[0].node.children.first { $0.name == "title" }?.text
    #expect(shared == "offset, opacity keys at 0s · 1s on the timeline, frame 30 (00:00:01:00)")
  }

  /// A key between frames sits between them: 10 ms at 25 fps is a quarter of a frame.
  @Test func aKeyOffTheGridSitsBetweenFrames() throws {
    let source = """
      canvas 640x360 fps: 25
      track main {
        clip testpattern() duration: 2s
      }
      track overlay {
        shape rect at: 0s duration: 2s {
          animate opacity { key 10ms 0%; key 1s 100% }
        }
      }
      """
    let found = try marks(source)
    #expect(found.count == 2)
    let x: Double = try #require(found.first).x
    let expected: Double = 172 + 0.25 * 1000 / 50
    #expect(abs(x - expected) < 0.006)
    #expect(found.first?.node.attributes["data-frame"] == "0")
    #expect(found.first?.node.attributes["data-time"] == "1/100")
  }

  @Test func editsWithoutAnimationsHaveNoMarks() throws {
    let source =
      "track main {\n  clip testpattern() duration: 2s\n}\ntrack overlay {\n  text \"a\" at: 0s duration: 1s\n}"
    #expect(try marks(source).isEmpty)
  }
}
