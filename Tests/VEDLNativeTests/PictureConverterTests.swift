import Foundation
import Testing
import VEDLLowering
import VEDLSema
import VEDLTestSupport

@testable import VEDLNative

/// The picture converter keeps a picture's matrix on every picture, not only the first.
@Suite struct PictureConverterMatrixTests {
  /// Tone-mapped pictures of an HLG file (BT.709 `yuv444p` out of the source filter) are
  /// converted with BT.709 every time: the converter checks the swscale context's own
  /// details instead of remembering what it last set — `sws_getCachedContext` may give back
  /// a fresh context (swscale's BT.601) at the address of the old one, and every picture
  /// after the first then came out in BT.601's colours (26 dB from the FFmpeg backend).
  @Test func everyTonemappedPictureIsConvertedWithBT709() throws {
    let folder = NSTemporaryDirectory() + "vedl-converter-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/hlg.mp4"
    try FFmpegCLI.mustRun([
      "-v", "error", "-f", "lavfi", "-i",
      "color=c=lime:s=1280x720:r=25:d=0.12,format=gbrpf32le,"
        + "zscale=tin=bt709:t=arib-std-b67:pin=bt709:p=bt2020:m=bt2020nc:r=tv:npl=100,format=yuv420p10le",
      "-c:v", "libx265", "-x265-params", "log-level=error", "-preset", "ultrafast", "-color_primaries", "bt2020",
      "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc", path,
    ])
    let facts = MediaFacts(
      duration: nil, hasVideo: true, hasAudio: false, width: 1280, height: 720, pixelFormat: "yuv420p10le",
      colorSpace: "bt2020nc", colorRange: "tv", colorTransfer: "arib-std-b67", colorPrimaries: "bt2020")
    let filter = try #require(SourcePictureFilter(SourcePictureTreatment(facts), path: path))
    let reader = try MediaPictureReader(path: path)
    let converter = PictureConverter()
    var colours: [[UInt8]] = []
    while let picture = try reader.next() {
      let image = try SourceFrameSelector.converted(picture, by: converter, filter: filter, path: path)
      colours.append(Array(image.pixels[0..<3]))
    }
    #expect(colours.count == 3)
    #expect(Set(colours).count == 1, "\(colours)")
    // Green stays green: G well above R and B.
    #expect(colours.allSatisfy { Int($0[1]) > 3 * (Int($0[0]) + Int($0[2])) }, "\(colours)")
  }
}
