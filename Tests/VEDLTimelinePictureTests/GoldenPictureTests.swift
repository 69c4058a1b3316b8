import Foundation
import Testing
import VEDLTimelinePicture

/// The pictures of the samples, byte for byte, against Tests/Fixtures/timeline/NAME.svg.
/// Run with `UPDATE_EXPECT=1` to rewrite them after an intended change, and look at the
/// result (`rsvg-convert NAME.svg -o NAME.png`) before committing.
@Suite struct GoldenPictureTests {
  @Test(arguments: ["demo.vedl", "editor.vedl", "motion.vedl"])
  func sampleMatchesGolden(_ name: String) throws {
    let svg = try Fixture.sample(name).picture.svg()
    let golden = Repository.root.appendingPathComponent("Tests/Fixtures/timeline").appendingPathComponent(name + ".svg")
    if ProcessInfo.processInfo.environment["UPDATE_EXPECT"] == "1" {
      try svg.write(to: golden, atomically: true, encoding: .utf8)
      return
    }
    let expected = (try? String(contentsOf: golden, encoding: .utf8)) ?? "<missing \(golden.lastPathComponent)>"
    #expect(svg == expected, "picture of \(name) changed; rerun with UPDATE_EXPECT=1 and review the diff")
  }

  @Test(arguments: ["demo.vedl", "editor.vedl", "motion.vedl"])
  func pictureIsDeterministic(_ name: String) throws {
    let first = try Fixture.sample(name).picture.svg()
    let second = try Fixture.sample(name).picture.svg()
    #expect(first == second)
    _ = try SVGTreeBuilder.parse(first)
  }
}
