import Foundation
import Testing
import VEDLSema
import VEDLTestSupport
import VEDLTime

@testable import VEDLLowering

/// The picture space's colour rules (docs/graph.md, "Picture space").
@Suite struct PictureSpaceTests {
  @Test func aSourceIsReadWithItsTagElseByItsHeight() {
    #expect(SourceColour(MediaFacts(duration: nil, hasVideo: true, hasAudio: false, height: 1080)).matrix == "bt709")
    #expect(SourceColour(MediaFacts(duration: nil, hasVideo: true, hasAudio: false, height: 480)).matrix == "bt601")
    let tagged = MediaFacts(duration: nil, hasVideo: true, hasAudio: false, height: 1080, colorSpace: "smpte170m")
    #expect(SourceColour(tagged).matrix == "bt601")
    let jpeg = MediaFacts(duration: nil, hasVideo: true, hasAudio: false, height: 720, pixelFormat: "yuvj420p")
    #expect(SourceColour(jpeg).fullRange)
    #expect(!SourceColour(MediaFacts(duration: nil, hasVideo: true, hasAudio: false, pixelFormat: "rgb24")).isYCbCr)
  }

  @Test func aClipOnTheTrackMatrixIsOnlyResampled() {
    let hd = SourceColour(MediaFacts(duration: nil, hasVideo: true, hasAudio: false, height: 1080))
    let filters = PictureSpace.yuv(matrix: "bt709").fromSource(hd)
    #expect(filters.map(\.name) == ["scale", "format"])
    #expect(filters[0].options.map(\.key) == ["flags"])
    let sd = SourceColour(MediaFacts(duration: nil, hasVideo: true, hasAudio: false, height: 360))
    let converted = PictureSpace.yuv(matrix: "bt709").fromSource(sd)
    #expect(converted[0].options.contains { $0.key == "in_color_matrix" && $0.value == "bt601" })
    #expect(converted[0].options.contains { $0.key == "out_color_matrix" && $0.value == "bt709" })
  }

  @Test func aCropOnWholeChromaSamplesIsDoneFirstWithTheSamePixels() throws {
    let media = try GeneratedMedia.get()
    // A 9:16 crop at the leading edge of the 96×54 4:2:0 clip: x 0, 30×54, all even.
    let script = """
      canvas 60x108 fps: 25
      let w = video("media/wide25.mp4")
      track main { clip w trim: 0s..1s { crop 9:16 anchor: leading } }
      export "out.mp4"
      """
    func facts(_ pixelFormat: String?) -> FakeMediaFacts {
      FakeMediaFacts([
        "wide25.mp4": .success(
          MediaFacts(
            duration: Rational(4), hasVideo: true, hasAudio: true, width: 96, height: 54, frameRate: Rational(25),
            frameCount: 100, pixelFormat: pixelFormat))
      ])
    }
    var pictures: [String] = []
    var graphs: [String] = []
    for pixelFormat in ["yuv420p", nil] {
      let timeline = try Harness.timeline(script, directory: media.directory, media: facts(pixelFormat))
      let graph = try Harness.graph(timeline, options: LoweringOptions(baseDirectory: media.directory))
      let text = FilterGraphPrinter.filterComplex(graph)
      graphs.append(text)
      let output = media.directory + "/crop-\(UUID().uuidString).mp4"
      let settings = EncodingSettings(format: .mp4, preset: QualityPreset.named(.high), speed: .fastest)
      try FFmpegCLI.mustRun(FilterGraphPrinter.command(graph, output: output, encoding: settings))
      let decoded = try FFmpegCLI.run(["-v", "error", "-i", output, "-map", "0:v", "-f", "framemd5", "-"])
      pictures.append(String(decoding: decoded.stdout, as: UTF8.self))
    }
    // With the format known the crop comes first; unknown, after the conversion.
    let first = try #require(graphs[0].range(of: "crop=w=30:h=54:x=0:y=0"))
    let conversion = try #require(graphs[0].range(of: "scale=flags=neighbor"))
    #expect(first.lowerBound < conversion.lowerBound)
    let late = try #require(graphs[1].range(of: "crop=w=30:h=54:x=0:y=0"))
    let lateConversion = try #require(graphs[1].range(of: "scale=flags=neighbor"))
    #expect(late.lowerBound > lateConversion.lowerBound)
    // And every decoded frame is the same.
    #expect(pictures[0].split(separator: "\n").filter { !$0.hasPrefix("#") }.count == 25)
    #expect(pictures[0] == pictures[1])
  }

  @Test func anOddCropStaysAfterTheConversion() {
    let colour = SourceColour(MediaFacts(duration: nil, hasVideo: true, hasAudio: false, pixelFormat: "yuv420p"))
    let even = PictureLayout.Rect(x: 2, y: 0, size: PixelSize(width: 30, height: 54))
    let odd = PictureLayout.Rect(x: 33, y: 0, size: PixelSize(width: 30, height: 54))
    #expect(colour.cropsWholeChromaSamples(even))
    #expect(!colour.cropsWholeChromaSamples(odd))
    #expect(!colour.cropsWholeChromaSamples(PictureLayout.Rect(x: 2, y: 1, size: PixelSize(width: 30, height: 54))))
    let full = SourceColour(MediaFacts(duration: nil, hasVideo: true, hasAudio: false, pixelFormat: "yuv444p"))
    #expect(full.cropsWholeChromaSamples(odd))
    let unknown = SourceColour(MediaFacts(duration: nil, hasVideo: true, hasAudio: false))
    #expect(!unknown.cropsWholeChromaSamples(even))
  }

  /// A Y′CbCr track's transitions blend clipped RGB with the track's matrix, as the
  /// native renderer blends RGBA, and come back in the track's `yuv444p`.
  @Test func transitionsCrossInRGB() {
    let format = PictureSpace.yuv(matrix: "bt709").transitionFormat
    #expect(
      format.into == [
        Filter("scale", ["in_color_matrix": "bt709", "in_range": "tv"]), Filter("format", ["pix_fmts": "gbrp"]),
      ])
    #expect(
      format.back == [
        Filter("scale", ["out_color_matrix": "bt709", "out_range": "tv"]), Filter("format", ["pix_fmts": "yuv444p"]),
      ])
    #expect(PictureSpace.rgba.transitionFormat.into.last?.options.first?.value == "gbrap")
  }
}
