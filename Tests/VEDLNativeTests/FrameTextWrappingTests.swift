import Foundation
import Testing
import VEDLNative
import VEDLRaster
import VEDLSema

/// Word wrapping of a text in a `size width:` box, drawn natively: the lines break at
/// spaces to fit the box, and the FFmpeg backend (lowered with the same font library as its
/// measurer) draws the same picture.
@Suite struct FrameTextWrappingTests {
  /// A black 320×180 script with `body`.
  static func script(_ body: String) -> String {
    """
    canvas 320x180 fps: 30
    track main { clip color(black) duration: 1s }
    \(body)
    export "out/ref.png"
    """
  }

  /// The bounding box of the native frame 0's pixels brighter than mid-grey (red channel).
  static func drawnBox(_ body: String) throws -> (left: Int, top: Int, right: Int, bottom: Int)? {
    let timeline = try FrameRendering.timeline(Self.script(body))
    let picture = try NativeFrameRenderer(timeline: timeline, export: nil, fonts: try FrameRendering.fonts()).frame(0)
    var rgb: [UInt8] = []
    for i in 0..<(picture.width * picture.height) { rgb += picture.pixels[(i * 4)..<(i * 4 + 3)] }
    return FrameTextTests.boundingBox(rgb: rgb, width: picture.width, height: picture.height)
  }

  @Test func aLongTextInASizedBoxWrapsInsideTheBox() throws {
    let sentence = "Wrapped words fill several lines here"
    // Centred, 160 wide: the box spans x 80…239.
    let wrapped = try #require(
      try Self.drawnBox(
        #"track overlay { text "\#(sentence)" at: 0s duration: 1s { font "DejaVu Sans" size: 20 color: white; size width: 160; position center } }"#
      ))
    let single = try #require(
      try Self.drawnBox(
        #"track overlay { text "\#(sentence)" at: 0s duration: 1s { font "DejaVu Sans" size: 20 color: white; position center } }"#
      ))
    // Unwrapped, the sentence is one line wider than the box; wrapped, it is several lines
    // (more than two line heights of 20 px text) within the box's width.
    #expect(single.right - single.left > 160, "unwrapped \(single)")
    #expect(single.bottom - single.top < 30, "unwrapped \(single)")
    #expect(wrapped.bottom - wrapped.top > 45, "wrapped \(wrapped)")
    #expect(wrapped.left >= 80 && wrapped.right <= 239, "wrapped \(wrapped)")
  }

  @Test(arguments: ["center", "leading", "trailing"])
  func wrappedTextAgreesWithTheFFmpegBackend(_ align: String) throws {
    try FrameBackendAgreementTests.expectAgreement(
      Self.script(
        #"track overlay { text "A sized box wraps this long line of text\nand keeps breaks" at: 0s duration: 1s { font "DejaVu Sans" size: 20 color: white; box #0000FF80 padding: 6; size width: 180 height: 150; align \#(align); position center } }"#
      ), frames: [0], minimum: 50)
  }
}
