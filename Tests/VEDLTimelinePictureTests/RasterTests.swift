import Foundation
import Testing
import VEDLTimelinePicture

/// A sample's picture goes through a real SVG renderer (`rsvg-convert`, Debian's
/// librsvg2-bin): broken markup, a bad attribute or a missing reference makes it fail, and
/// the PNG it writes must have the picture's size and real content.
@Suite struct RasterTests {
  /// The PNG's width and height, from its IHDR chunk.
  static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
    let bytes = [UInt8](data)
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count > 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
      return nil
    }
    func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (word(16), word(20))
  }

  @Test(arguments: ["demo.vedl", "editor.vedl"])
  func sampleRasterisesToPNG(_ name: String) throws {
    let rasterizer = try #require(
      SVGRasterizer.locate(environment: ProcessInfo.processInfo.environment),
      "`rsvg-convert` is not installed: `apt-get install librsvg2-bin` (scripts/install-deps.sh does it)")
    let picture = try Fixture.sample(name).picture
    let svg = picture.svg()
    let png = try rasterizer.png(fromSVG: svg)
    let size = try #require(Self.pngSize(png), "not a PNG")
    let root = try SVGTreeBuilder.parse(svg)
    #expect(Double(size.width) == root.number("width")?.rounded(.up))
    #expect(Double(size.height) == root.number("height")?.rounded(.up))
    // A blank white image of this size compresses to a few hundred bytes; labels, boxes and
    // hatching make it tens of kilobytes.
    #expect(png.count > 10_000, "PNG of \(png.count) bytes looks empty")
  }

  @Test func brokenSVGIsReportedWithTheToolsMessage() throws {
    let rasterizer = try #require(
      SVGRasterizer.locate(environment: ProcessInfo.processInfo.environment), "`rsvg-convert` is not installed")
    #expect(throws: SVGRasterizerError.self) {
      try rasterizer.png(fromSVG: "<svg xmlns=\"http://www.w3.org/2000/svg\"><rect")
    }
  }

  @Test func missingToolIsNotFound() {
    #expect(SVGRasterizer.locate(environment: ["PATH": "/nonexistent-folder"]) == nil)
  }
}
