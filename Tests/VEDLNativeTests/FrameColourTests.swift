import Foundation
import Testing
import VEDLNative
import VEDLRaster
import VEDLTestSupport

/// Decoded pictures reach RGB with the right Y′CbCr matrix and range: the stream's tags when
/// it has them, else BT.709 for HD (720 lines or more) and BT.601 below, limited range unless
/// tagged full. A pure red picture encoded with the BT.709 matrix decodes to red only with
/// BT.709 (BT.601 turns it to about 230, 0, 0).
@Suite struct FrameColourTests {
  /// Encodes a short red `size` video (libx264, lossless) with `filters`, extra output
  /// `options`, draws frame 0 of a clip of it on a canvas of its size and returns the centre
  /// pixel.
  func redThroughTheDecoder(size: String, filters: String, options: [String] = []) throws -> PremultipliedColor {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FFmpegCLI.mustRun(
      ["-v", "error", "-y", "-f", "lavfi", "-i", "color=red:s=\(size):r=25:d=0.2", "-vf", filters] + options + [
        "-frames:v", "3", "-c:v", "libx264", "-qp", "0", folder + "/red.mp4",
      ])
    let timeline = try NativeHarness.timeline(
      """
      canvas \(size) fps: 25
      let red = video("red.mp4")
      track main { clip red }
      """, directory: folder)
    let picture = try NativeFrameRenderer(timeline: timeline, export: nil, fonts: try FrameRendering.fonts()).frame(0)
    return picture.pixel(x: picture.width / 2, y: picture.height / 2)
  }

  @Test func untaggedHDIsBT709() throws {
    let red = try redThroughTheDecoder(
      size: "1280x720", filters: "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p")
    #expect(red.red >= 248 && red.green <= 6 && red.blue <= 6, "\(red)")
  }

  @Test func untaggedSDIsBT601() throws {
    let red = try redThroughTheDecoder(
      size: "64x48", filters: "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p")
    // BT.709 pixels read with BT.601 lose red: 1.164·47 + 1.596·112 ≈ 234 before rounding.
    #expect(red.red >= 222 && red.red <= 238, "\(red)")
    let bt601 = try redThroughTheDecoder(size: "64x48", filters: "scale=out_range=tv,format=yuv420p")
    #expect(bt601.red >= 248, "\(bt601)")
  }

  @Test func theStreamsTagWins() throws {
    let red = try redThroughTheDecoder(
      size: "64x48", filters: "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p",
      options: ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"])
    #expect(red.red >= 248 && red.green <= 6, "\(red)")
  }

  @Test func fullRangeIsHonoured() throws {
    let red = try redThroughTheDecoder(size: "64x48", filters: "scale=out_range=pc,format=yuvj420p")
    #expect(red.red >= 250 && red.green <= 4 && red.blue <= 4, "\(red)")
  }
}
