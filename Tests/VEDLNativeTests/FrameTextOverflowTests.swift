import Foundation
import Testing
import VEDLLowering
import VEDLNative
import VEDLRaster
import VEDLSema
import VEDLTestSupport

/// Text that does not fit the picture, against `drawtext` (FFmpeg 5.1): a text wider or
/// taller than the canvas, centred (so `x`/`y` are negative), placed at negative offsets or
/// past the right and bottom edges, with its box, outline and stacked lines, and captions
/// wider than the canvas. `drawtext` clips every glyph and the box (`boxborderw` around
/// `tw × th`, not limited to the frame) at the frame's edges and nothing else — no clamping
/// of `x`/`y` (`fix_bounds` is off; a `size width:` box wraps at spaces in both backends, a
/// word wider than the box stays whole) — and the native renderer must draw the same
/// pixels: each frame is compared with the FFmpeg backend's over the whole picture.
@Suite struct FrameTextOverflowTests {
  /// A 320×180 script with `body` over a plain blue main track.
  static func script(_ body: String) -> String {
    """
    canvas 320x180 fps: 30 background: #1E3A8A
    track main { clip color(#1E3A8A) duration: 1s }
    \(body)
    export "out/ref.png"
    """
  }

  /// Overflowing texts, by what they test. 50 dB allows the one-level differences of
  /// overlapping glyph borders (`DrawtextLayout.mask`); a box or glyph clipped differently
  /// costs far more (a few rows of a box: about 25 dB).
  static let overflowing: [(name: String, body: String)] = [
    (
      "a centred title wider than the canvas, translucent box",
      #"track overlay { text "A title much wider than the small canvas" at: 0s duration: 1s { font "DejaVu Sans" size: 40 color: #FFCC00; box #00000080 padding: 8; position center } }"#
    ),
    (
      "negative offsets",
      #"track overlay { text "Negative offsets" at: 0s duration: 1s { font "DejaVu Sans" size: 40 color: white; box #FF0000 padding: 6; position x: -60 y: -20 } }"#
    ),
    (
      "past the right and bottom edges",
      #"track overlay { text "Off the edge" at: 0s duration: 1s { font "DejaVu Sans" size: 40 color: white; box #FF000080 padding: 6; position x: 250 y: 150 } }"#
    ),
    (
      "an outline wider than the canvas",
      #"track overlay { text "Outlined wide text overflowing" at: 0s duration: 1s { font "DejaVu Sans" size: 44 color: white; outline #0000FF width: 4; position center } }"#
    ),
    (
      "stacked lines taller than the canvas",
      #"track overlay { text "Tall\nstacked\nlines\nthat\noverflow\nthe\ncanvas" at: 0s duration: 1s { font "DejaVu Sans" size: 40 color: white; box #00FF0080 padding: 4; position center } }"#
    ),
    (
      "one leading block taller than the canvas",
      #"track overlay { text "Tall\nleading\nlines\nthat\noverflow" at: 0s duration: 1s { font "DejaVu Sans" size: 50 color: white; box #00FF0080 padding: 4; align leading; position center } }"#
    ),
    (
      "a fixed box narrower than its text, at a negative x",
      #"track overlay { text "Fixed box narrower than its text" at: 0s duration: 1s { font "DejaVu Sans" size: 30 color: white; box #0000FF80 padding: 4; size width: 100 height: 40; align trailing; position x: -20 y: 10 } }"#
    ),
    (
      "a fading title whose box leaves the top edge",
      #"track overlay { text "Faded wide title across the canvas" at: 0s duration: 1s { font "DejaVu Sans" size: 40 color: white; box #000000 padding: 10; position top margin: -5; opacity 60% } }"#
    ),
    (
      "two caption lines wider than the canvas at the top",
      #"captions { cue 0s..1s "A caption far wider than this small canvas can hold\nand a second line" ; style size: 40 color: #FFFFFFC0 box: #000000AA position: top margin: 0 }"#
    ),
    (
      "a caption wider than the canvas on the bottom edge",
      #"captions { cue 0s..1s "Wide caption at the bottom edge of the canvas" ; style size: 60 color: white box: #000000AA position: bottom margin: 0 }"#
    ),
  ]

  @Test(arguments: overflowing.indices)
  func overflowingText(_ index: Int) throws {
    let (name, body) = Self.overflowing[index]
    let psnr = try FrameBackendAgreementTests.expectAgreement(Self.script(body), frames: [0], minimum: 50)
    #expect(psnr.count == 1, "\(name)")
  }

  /// `drawtext` on the FFmpeg backend's RGBA composite blends a translucent box's (or
  /// glyph's) alpha towards the colour's alpha — a `#00000080` box leaves the canvas at alpha
  /// 192 — and a translucent `overlay` drawn later weighs itself against that alpha
  /// (`UNPREMULTIPLY_ALPHA`), so the FFmpeg backend shows more of the overlay than
  /// source-over of the visible layers gives. The native renderer keeps the canvas opaque:
  /// it agrees with the FFmpeg backend's graph once the canvas is made opaque again after
  /// each `drawtext` (`lutrgb=a=maxval`), and pixel for pixel with source-over.
  @Test func aTranslucentOverlayOnATranslucentBoxIsSourceOver() throws {
    let body = """
      track overlay { text "Boxed" at: 0s duration: 1s { font "DejaVu Sans" size: 40 color: white; box #00000080 padding: 8; position center } }
      track overlay { shape rect at: 0s duration: 1s { fill #FF660080; size width: 160 height: 90; position center } }
      """
    try FrameCompositionTests.images.get()
    let folder = try NativeTestMedia.get().directory
    let timeline = try NativeHarness.timeline(Self.script(body), directory: folder)
    let native = try NativeFrameRenderer(
      timeline: timeline, export: nil, fonts: try FrameRendering.fonts(), baseDirectory: folder
    ).frame(0)
    let opaque = try Self.referenceWithOpaqueCanvas(timeline, directory: folder)
    let psnr = FrameBackendAgreementTests.psnr(native, opaque)
    #expect(psnr >= 50, "against the graph with an opaque canvas: \(psnr) dB")

    // Top-left corner of the box, inside the badge (80…240 × 45…135) and outside the glyphs:
    // the box #00000080 over #1E3A8A, then #FF660080 over that, each `(d·(255−α) + s·α)/255`.
    let pixel = Array(native.pixels[((70 * 320) + 100) * 4..<((70 * 320) + 100) * 4 + 3])
    func over(_ d: Int, _ s: Int, _ a: Int) -> Int { (d * (255 - a) + s * a + 127) / 255 }
    let boxed = [over(0x1E, 0, 0x80), over(0x3A, 0, 0x80), over(0x8A, 0, 0x80)]
    let expected = [over(boxed[0], 0xFF, 0x80), over(boxed[1], 0x66, 0x80), over(boxed[2], 0, 0x80)]
    #expect(zip(pixel, expected).allSatisfy { abs(Int($0) - $1) <= 1 }, "native \(pixel), source-over \(expected)")
  }

  /// The FFmpeg backend's frame 0 of `timeline` (RGB24) with `lutrgb=a=maxval` after every
  /// `drawtext` that draws on the canvas.
  static func referenceWithOpaqueCanvas(_ timeline: Timeline, directory: String) throws -> [UInt8] {
    guard var export = timeline.exports.first else {
      throw FFmpegCLI.Failure(description: "the reference needs an export in the script")
    }
    export.format = .png
    export.stillFrame = 0
    export.stillTime = timeline.canvas.grid.time(ofFrame: 0)
    var graph: FilterGraph
    // Measured with the native renderer's fonts, so a text in a `size width:` box wraps alike.
    let options = LoweringOptions(
      baseDirectory: directory, format: .png, textMeasurer: FontLibraryTextMeasurer(fonts: try FrameRendering.fonts()))
    switch Lowering.lower(timeline, export: export, options: options) {
    case .success(let g): graph = g
    case .failure(let error): throw FFmpegCLI.Failure(description: "lowering failed: \(error.message)")
    }
    for index in graph.chains.indices {
      graph.chains[index].filters = graph.chains[index].filters.flatMap { filter in
        filter.name == "drawtext" ? [filter, Filter("lutrgb", ["a": "maxval"])] : [filter]
      }
    }
    let output = directory + "/reference-\(UUID().uuidString).png"
    defer { try? FileManager.default.removeItem(atPath: output) }
    try FFmpegCLI.mustRun(
      FilterGraphPrinter.command(
        graph, output: output, encoding: EncodingSettings(format: .png, preset: QualityPreset.named(.high))))
    let decoded = try FFmpegCLI.run(["-v", "error", "-i", output, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
    guard decoded.status == 0 else { throw FFmpegCLI.Failure(description: decoded.stderr) }
    return [UInt8](decoded.stdout)
  }
}
