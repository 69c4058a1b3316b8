import Testing
import VEDLLowering
import VEDLSema
import VEDLSource
import VEDLTime

/// `PicturePipeline`: the modifier order of docs/language.md §4.8 and its sizes, the one
/// description both backends follow.
@Suite struct PicturePipelineTests {
  /// The resolved modifiers of the first item of `track` holding `clip color(red) … { body }`.
  static func modifiers(_ body: String, track: String = "overlay") throws -> ItemModifiers {
    let item =
      track == "main" ? "clip color(red) duration: 1s { \(body) }" : "clip color(red) at: 0s duration: 1s { \(body) }"
    let main = track == "main" ? "" : "track main { clip color(black) duration: 1s }\n"
    let text = "vedl 1\ncanvas 320x180 fps: 30\n\(main)track \(track) { \(item) }\n"
    let result = Checker.check(
      SourceFile(path: "/tmp/pipeline.vedl", text: text), options: CheckOptions(media: nil, baseDirectory: "/tmp"))
    let errors = result.diagnostics.filter { $0.severity == .error }.map(\.message)
    guard errors.isEmpty, let timeline = result.timeline else { throw PipelineTestError(errors.joined()) }
    let tracks = timeline.tracks.filter { $0.kind.rawValue == track }
    return try #require(tracks.first?.items.first).resolved
  }

  struct PipelineTestError: Error {
    let message: String
    init(_ message: String) { self.message = message }
  }

  static let canvas = PixelSize(width: 320, height: 180)

  /// Modifiers written in any order run in the fixed order; a quarter turn on the main
  /// track comes before the fit, with the sides swapped.
  @Test func mainTrackOrder() throws {
    let mods = try Self.modifiers(
      "opacity 50%\nrotate 90deg\nadjust brightness: 0.1\nzoom 2\nmirror horizontal\ncrop 1:1", track: "main")
    let p = PicturePipeline(mods, source: PixelSize(width: 200, height: 100), role: .main, canvas: Self.canvas)
    let square = PixelSize(width: 100, height: 100)
    #expect(
      p.steps == [
        .crop(PictureLayout.Rect(x: 50, y: 0, size: square)), .mirror(.horizontal), .turn(1),
        .fit(
          content: square, box: Self.canvas, mode: .cover,
          plan: PictureLayout.fit(square, into: Self.canvas, mode: .cover), background: nil),
        .zoom(box: Self.canvas, plan: PictureLayout.zoom(Self.canvas, by: 2, pan: (.zero, .zero))),
        .adjust(brightness: Rational(1, 10)!, contrast: .one, saturation: .one), .opacity(Rational(1, 2)!),
      ])
    #expect(p.box == Self.canvas && p.bounds == Self.canvas && p.corner == (0, 0))
  }

  /// An overlay turns after its fit (its box turns with it) and keeps its box's centre;
  /// other angles rotate into the bounds of the turned box.
  @Test func overlayTurnsAroundItsCentre() throws {
    let turned = try Self.modifiers("size width: 80 height: 40\nrotate 90deg\nposition topLeading")
    let p = PicturePipeline(turned, source: PixelSize(width: 160, height: 80), role: .overlay, canvas: Self.canvas)
    #expect(
      p.steps == [
        .fit(
          content: PixelSize(width: 160, height: 80), box: PixelSize(width: 80, height: 40), mode: .cover,
          plan: PictureLayout.fit(
            PixelSize(width: 160, height: 80), into: PixelSize(width: 80, height: 40), mode: .cover),
          background: nil),
        .turn(1),
      ])
    #expect(p.bounds == PixelSize(width: 40, height: 80))
    // The box's corner is (0, 0); the turned picture keeps the box's centre (40, 20).
    #expect(p.corner == (20, -20))

    let tilted = try Self.modifiers("rotate 30deg")
    let q = PicturePipeline(tilted, source: PixelSize(width: 100, height: 50), role: .overlay, canvas: Self.canvas)
    let bounds = PictureLayout.rotatedBounds(PixelSize(width: 100, height: 50), degrees: 30)
    #expect(q.steps == [.rotate(degrees: 30, bounds: bounds)])
    #expect(q.box == PixelSize(width: 100, height: 50) && q.bounds == bounds)
  }

  /// Neutral modifiers add no steps: a picture that already fills its box passes untouched.
  @Test func neutralModifiersAddNoSteps() throws {
    let mods = try Self.modifiers("zoom 1\nrotate 360deg\nopacity 100%\nadjust brightness: 0", track: "main")
    let p = PicturePipeline(mods, source: Self.canvas, role: .main, canvas: Self.canvas)
    #expect(p.steps.isEmpty)
  }
}
