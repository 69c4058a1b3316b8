import Foundation
import Testing
import VEDLSema
import VEDLTestSupport

@testable import VEDLLowering

/// The FFmpeg backend's `captions burnIn: false`, caption `outline:` and watermark `margin:`,
/// in the graph and in rendered pixels.
@Suite struct CaptionAndWatermarkTests {
  /// Opaque red pictures made once beside the generated media: `media/mark.png` (12×8) and
  /// `media/big.png` (80×60, larger than the 64×48 test canvas).
  static let marks: Result<GeneratedMedia, MediaError> = {
    do {
      let media = try GeneratedMedia.get()
      for (name, size) in [("mark", "12x8"), ("big", "80x60")] {
        try FFmpegCLI.mustRun([
          "-v", "error", "-y", "-f", "lavfi", "-i", "color=c=red:s=\(size)", "-frames:v", "1",
          media.directory + "/media/\(name).png",
        ])
      }
      return .success(media)
    } catch let error as MediaError {
      return .failure(error)
    } catch {
      return .failure(MediaError("\(error)"))
    }
  }()

  /// Facts of the two marks, as the probe would report them.
  static let markFacts = FakeMediaFacts([
    "mark.png": .success(
      MediaFacts(duration: nil, hasVideo: true, hasAudio: false, isStillImage: true, width: 12, height: 8)),
    "big.png": .success(
      MediaFacts(duration: nil, hasVideo: true, hasAudio: false, isStillImage: true, width: 80, height: 60)),
  ])

  /// Lowers `script`'s first export (with its watermark), renders it with the `ffmpeg` CLI
  /// and returns its first picture as 8-bit grey.
  static func renderFirstExport(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> (grey: [UInt8], graph: FilterGraph)
  {
    let media = try marks.get()
    let timeline = try Harness.timeline(
      script, directory: media.directory, media: markFacts, sourceLocation: sourceLocation)
    let export = try #require(timeline.exports.first, sourceLocation: sourceLocation)
    let graph = try Harness.graph(timeline, export: export, options: LoweringOptions(baseDirectory: media.directory))
    let output = media.directory + "/mark-\(UUID().uuidString).\(export.format.rawValue)"
    defer { try? FileManager.default.removeItem(atPath: output) }
    try FFmpegCLI.mustRun(
      FilterGraphPrinter.command(
        graph, output: output,
        encoding: EncodingSettings(format: export.format, preset: QualityPreset.named(.high), speed: .fastest)))
    let decoded = try FFmpegCLI.run([
      "-v", "error", "-i", output, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "gray", "-",
    ])
    return ([UInt8](decoded.stdout), graph)
  }

  /// The bounding box of the pixels darker than `threshold` (the red mark on white).
  static func darkBox(_ grey: [UInt8], width: Int, height: Int, threshold: UInt8 = 160) -> (
    left: Int, top: Int, right: Int, bottom: Int
  )? {
    var box: (left: Int, top: Int, right: Int, bottom: Int)? = nil
    for y in 0..<height {
      for x in 0..<width where grey[y * width + x] < threshold {
        box = box.map { (min($0.left, x), min($0.top, y), max($0.right, x), max($0.bottom, y)) } ?? (x, y, x, y)
      }
    }
    return box
  }

  static let corners = ["topLeading", "topTrailing", "bottomLeading", "bottomTrailing"]

  @Test(arguments: corners, ["png", "mp4"])
  func theWatermarkSitsMarginPixelsFromItsCorner(_ corner: String, _ format: String) throws {
    // An odd and an even margin: on a Y′CbCr (mp4) composite `overlay` rounds positions to
    // the 4:2:0 grid, so the odd one shows that the padding keeps the picture exact.
    for margin in [5, 6] {
      let (grey, _) = try Self.renderFirstExport(
        """
        canvas 64x48 fps: 30
        let mark = image("media/mark.png")
        track main { clip color(white) duration: 100ms }
        export "out/x.\(format)" { watermark mark position: \(corner) margin: \(margin) }
        """)
      let left = corner.hasSuffix("Leading") ? margin : 64 - margin - 12
      let top = corner.hasPrefix("top") ? margin : 48 - margin - 8
      let box = Self.darkBox(grey, width: 64, height: 48)
      #expect(
        box.map { [$0.left, $0.top, $0.right, $0.bottom] } == [left, top, left + 11, top + 7],
        "\(corner) margin \(margin) in .\(format)")
    }
  }

  @Test(arguments: ["png", "mp4"])
  func aWatermarkLargerThanTheFrameIsClippedAfterItsMargin(_ format: String) throws {
    for (corner, expected) in [("bottomTrailing", [0, 0, 59, 43]), ("topLeading", [4, 4, 63, 47])] {
      let (grey, _) = try Self.renderFirstExport(
        """
        canvas 64x48 fps: 30
        let big = image("media/big.png")
        track main { clip color(white) duration: 100ms }
        export "out/x.\(format)" { watermark big position: \(corner) margin: 4 }
        """)
      let box = Self.darkBox(grey, width: 64, height: 48)
      #expect(box.map { [$0.left, $0.top, $0.right, $0.bottom] } == expected, "\(corner) in .\(format)")
    }
  }

  @Test func withoutAMarginTheGraphIsUnchanged() throws {
    // Margin 0 keeps the corner placement of before: no padding on an RGBA still.
    let (_, graph) = try Self.renderFirstExport(
      """
      canvas 64x48 fps: 30
      let mark = image("media/mark.png")
      track main { clip color(white) duration: 100ms }
      export "out/x.png" { watermark mark position: topTrailing }
      """)
    #expect(!FilterGraphPrinter.filterComplex(graph).contains("pad="))
  }

  /// Draws `captions` over a black 160×90 canvas as a `.png` still (RGB, exact) and returns
  /// its RGB24 bytes.
  static func captionStill(_ captions: String) throws -> [UInt8] {
    let media = try GeneratedMedia.get()
    let timeline = try Harness.timeline(
      """
      canvas 160x90 fps: 30
      track main { clip color(black) duration: 1s }
      \(captions)
      """, directory: media.directory, media: nil)
    let graph = try Harness.graph(timeline, options: LoweringOptions(baseDirectory: media.directory, format: .png))
    let output = media.directory + "/caption-\(UUID().uuidString).png"
    defer { try? FileManager.default.removeItem(atPath: output) }
    try FFmpegCLI.mustRun(
      FilterGraphPrinter.command(
        graph, output: output, encoding: EncodingSettings(format: .png, preset: QualityPreset.named(.high))))
    let decoded = try FFmpegCLI.run(["-v", "error", "-i", output, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
    return [UInt8](decoded.stdout)
  }

  @Test func aCaptionOutlineSurroundsTheGlyphsInItsColour() throws {
    let rgb = try Self.captionStill(
      #"captions { cue 0s..1s "I"; style font: "DejaVu Sans" size: 40 color: white outline: #FF0000 position: center }"#
    )
    // Across the middle row: black, then the 2-pixel red outline, then the white stem of "I".
    let y = 45
    func pixel(_ x: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
      let i = (y * 160 + x) * 3
      return (rgb[i], rgb[i + 1], rgb[i + 2])
    }
    let white = try #require((0..<160).first { pixel($0).g > 200 }, "no white glyph on the middle row")
    let ring = pixel(white - 2)
    #expect(ring.r > 200 && ring.g < 60 && ring.b < 60, "just outside the glyph: \(ring)")
    let outside = pixel(white - 5)
    #expect(outside.r < 30 && outside.g < 30 && outside.b < 30, "beyond the outline: \(outside)")
    // The same caption without an outline has black there.
    let plain = try Self.captionStill(
      #"captions { cue 0s..1s "I"; style font: "DejaVu Sans" size: 40 color: white position: center }"#)
    #expect(plain[(y * 160 + white - 2) * 3] < 30)
  }

  @Test func captionColoursAreDrawnOnTheRGBCompositeAsWritten() throws {
    // On a BT.709 (720-line) video the captions are drawn after the composite is turned into
    // RGB, so drawtext's BT.601 colour conversion never applies and the colours stay as written.
    let timeline = try Harness.timeline(
      """
      canvas 1280x720 fps: 30
      track main { clip color(black) duration: 100ms }
      captions { cue 0s..100ms "A"; style color: #FFCC00 outline: #33AA55 }
      """, directory: "/project", media: nil)
    let graph = try Harness.graph(timeline, options: LoweringOptions(baseDirectory: "/project", format: .mp4))
    let text = FilterGraphPrinter.filterComplex(graph)
    let rgb = try #require(text.range(of: "scale=in_color_matrix=bt709:in_range=tv,format=pix_fmts=gbrp"))
    let caption = try #require(text.range(of: "fontcolor=0xFFCC00FF"))
    #expect(rgb.upperBound <= caption.lowerBound, "drawn after the conversion: \(text)")
    #expect(text.contains("borderw=2:bordercolor=0x33AA55FF"), "\(text)")
    #expect(text.contains("scale=out_color_matrix=bt709:out_range=tv,format=pix_fmts=yuv444p,format=pix_fmts=yuv420p"))
  }

  @Test func captionsNotBurntInDrawNothing() throws {
    for burnIn in [true, false] {
      let (path, _, graph) = try Harness.render(
        """
        canvas 64x48 fps: 30
        track main { clip color(black) duration: 500ms }
        captions burnIn: \(burnIn) {
          cue 200ms..400ms "II"
          style size: 12 color: white box: white outline: white position: bottom margin: 2
        }
        """)
      let frames = try FFmpegCLI.grayFrames(path, width: 64, height: 48)
      #expect(frames.count == 15)
      let lit = frames.indices.filter { k in frames[k].contains { $0 > 128 } }
      #expect(lit == (burnIn ? Array(6..<12) : []), "burnIn: \(burnIn)")
      #expect(FilterGraphPrinter.filterComplex(graph).contains("drawtext") == burnIn)
    }
  }
}
