import Foundation
import Testing
import VEDLNative
import VEDLRaster
import VEDLSema

/// Golden placement of text against the FFmpeg backend: the same text drawn by `drawtext` in
/// the FFmpeg backend's graph and by the native renderer covers the same pixels — the
/// bounding box of the drawn text (and its box) agrees to a pixel for every anchor,
/// alignment, fixed size, stacked lines and caption position.
@Suite struct FrameTextTests {
  /// The bounding box of the pixels brighter than `threshold` (red channel) of RGB24 bytes.
  static func boundingBox(rgb: [UInt8], width: Int, height: Int, threshold: UInt8 = 100) -> (
    left: Int, top: Int, right: Int, bottom: Int
  )? {
    var box: (left: Int, top: Int, right: Int, bottom: Int)? = nil
    for y in 0..<height {
      for x in 0..<width where rgb[(y * width + x) * 3] > threshold {
        if let b = box {
          box = (min(b.left, x), min(b.top, y), max(b.right, x), max(b.bottom, y))
        } else {
          box = (x, y, x, y)
        }
      }
    }
    return box
  }

  /// Draws frame 0 of `body` (on a black 320×180 canvas) with both backends and compares the
  /// bounding boxes of what was drawn.
  func expectSamePlacement(_ body: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let script = """
      canvas 320x180 fps: 30
      track main { clip color(black) duration: 1s }
      \(body)
      export "out/ref.png"
      """
    let folder = try NativeTestMedia.get().directory
    let timeline = try FrameRendering.timeline(script)
    let native = try NativeFrameRenderer(timeline: timeline, export: nil, fonts: try FrameRendering.fonts()).frame(0)
    var nativeRGB: [UInt8] = []
    for i in 0..<(native.width * native.height) { nativeRGB += native.pixels[(i * 4)..<(i * 4 + 3)] }
    let reference = try FrameBackendAgreementTests.reference(timeline, frame: 0, directory: folder)
    let a = Self.boundingBox(rgb: nativeRGB, width: 320, height: 180)
    let b = Self.boundingBox(rgb: reference, width: 320, height: 180)
    #expect(a != nil && b != nil, "nothing drawn", sourceLocation: sourceLocation)
    guard let a, let b else { return }
    let differences = [a.left - b.left, a.top - b.top, a.right - b.right, a.bottom - b.bottom].map(abs)
    #expect(differences.allSatisfy { $0 <= 1 }, "native \(a), FFmpeg \(b)", sourceLocation: sourceLocation)
  }

  @Test(arguments: [
    "topLeading margin: 10", "topTrailing margin: 12", "center", "trailing margin: 3", "bottom",
    "bottomTrailing margin: 7", "x: 33 y: 41", "x: 50",
  ])
  func anchors(_ position: String) throws {
    try expectSamePlacement(
      """
      track overlay { text "Placed Text" at: 0s duration: 1s { font "DejaVu Sans" size: 24 color: white; position \(position) } }
      """)
  }

  @Test(arguments: ["leading", "center", "trailing"])
  func alignmentInAFixedBox(_ align: String) throws {
    try expectSamePlacement(
      """
      track overlay { text "Mg" at: 0s duration: 1s { font "DejaVu Sans" size: 30 color: white; size width: 200 height: 60; align \(align); position x: 40 y: 30 } }
      """)
  }

  @Test func aBoxWithPadding() throws {
    try expectSamePlacement(
      """
      track overlay { text "Boxed" at: 0s duration: 1s { font "DejaVu Sans" size: 22 color: #000000; box #FFFFFF padding: 9; position bottomLeading margin: 15 } }
      """)
  }

  @Test func aBoxWiderThanTheFrameCoversIt() throws {
    // FFmpeg 5.1 does not limit the box to the frame: a text wider than the canvas, centred
    // (so it starts left of the picture), has a box across the whole width.
    try expectSamePlacement(
      """
      captions {
        cue 0s..1s "A caption far wider than this small canvas can hold"
        style size: 40 color: #00000000 box: #FFFFFF position: bottom margin: 10
      }
      """)
  }

  @Test(arguments: ["center", "trailing", "leading"])
  func stackedLines(_ align: String) throws {
    try expectSamePlacement(
      """
      track overlay { text "first line\\nsecond\\nthird one" at: 0s duration: 1s { font "DejaVu Sans" size: 18 color: white; align \(align); position topTrailing margin: 10 } }
      """)
  }

  @Test func aScaledTextWithOutline() throws {
    try expectSamePlacement(
      """
      track overlay { text "Outline" at: 0s duration: 1s { font "DejaVu Sans" size: 20 color: white; outline #808080 width: 3; scale 150%; position center } }
      """)
  }

  @Test(arguments: ["bottom", "top"])
  func outlinedCaptions(_ position: String) throws {
    // The 2-pixel outline (bright, so the bounding box includes it) around every line.
    try expectSamePlacement(
      """
      captions {
        cue 0s..1s "Outlined caption\\nsecond line"
        style size: 20 color: #404040 outline: #FFFFFF position: \(position) margin: 9
      }
      """)
  }

  @Test(arguments: ["bottom", "top", "center"])
  func captions(_ position: String) throws {
    try expectSamePlacement(
      """
      captions {
        cue 0s..1s "Caption text\\nwith a second line"
        style size: 18 color: white box: #FFFFFF40 position: \(position) margin: 14
      }
      """)
  }
}
