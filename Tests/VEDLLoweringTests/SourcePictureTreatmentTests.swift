import Testing
import VEDLSema
import VEDLTime

@testable import VEDLLowering

/// What a file's pictures need before the edit sees them, and how the command says it.
@Suite struct SourcePictureTreatmentTests {
  static func facts(
    orientation: DisplayOrientation = .upright, transfer: String? = nil, codec: String = "h264",
    sideAlpha: Bool = false,
    hasAudio: Bool = false
  ) -> MediaFacts {
    MediaFacts(
      duration: Rational(2), hasVideo: true, hasAudio: hasAudio, width: 90, height: 160, frameRate: Rational(25),
      pixelFormat: "yuv420p", colorTransfer: transfer, colorPrimaries: transfer == nil ? nil : "bt2020"
    )
    .with(orientation: orientation, codec: codec, sideAlpha: sideAlpha)
  }

  @Test func quarterTurnsAndMirrorsBecomeTransposeAndFlips() {
    func names(_ rotation: Int, _ mirrored: Bool) -> [String] {
      SourcePictureTreatment.orientationFilters(DisplayOrientation(rotation: rotation, mirrored: mirrored)).map {
        FilterGraphPrinter.filterText($0)
      }
    }
    #expect(names(0, false) == [])
    #expect(names(90, false) == ["transpose=dir=clock"])
    #expect(names(180, false) == ["hflip", "vflip"])
    #expect(names(270, false) == ["transpose=dir=cclock"])
    #expect(names(0, true) == ["hflip"])
    #expect(names(90, true) == ["transpose=dir=clock_flip"])
    #expect(names(180, true) == ["vflip"])
    #expect(names(270, true) == ["transpose=dir=cclock_flip"])
  }

  @Test func hdrIsToneMappedAndAlphaWebMDecodedWithLibvpx() {
    let hlg = SourcePictureTreatment(Self.facts(transfer: "arib-std-b67"))
    #expect(hlg.toneMapping.map(\.name) == ["zscale", "format", "zscale", "tonemap", "zscale", "format"])
    #expect(hlg.filterText.contains("tonemap=tonemap=hable:desat=0"))
    #expect(SourcePictureTreatment(Self.facts(transfer: "bt709")).toneMapping.isEmpty)
    #expect(SourcePictureTreatment(Self.facts(codec: "vp9", sideAlpha: true)).decoder == "libvpx-vp9")
    #expect(SourcePictureTreatment(Self.facts(codec: "vp8", sideAlpha: true)).decoder == "libvpx")
    #expect(SourcePictureTreatment(Self.facts(codec: "vp9")).decoder == nil)
  }

  /// A turned file with sound: the graph reads two pads of it, turns the pictures itself
  /// and switches the CLI's autorotation off; a WebM with alpha names its decoder.
  @Test func theCommandTurnsOffAutorotationAndNamesTheDecoder() throws {
    let turned = Self.facts(orientation: DisplayOrientation(rotation: 90), hasAudio: true)
    let alpha = Self.facts(codec: "vp9", sideAlpha: true)
    let media = FakeMediaFacts(["phone.mp4": .success(turned), "logo.webm": .success(alpha)])
    let timeline = try Harness.timeline(
      """
      canvas 90x160 fps: 25
      let phone = video("phone.mp4")
      let logo = video("logo.webm")
      track main {
        clip phone duration: 1s
      }
      track overlay {
        clip logo at: 0s duration: 1s
      }
      """, directory: "/media", media: media)
    let graph = try Harness.graph(timeline)
    let command = FilterGraphPrinter.command(
      graph, output: "out.mp4", encoding: EncodingSettings(format: .mp4, preset: QualityPreset.named(.high)))
    let phone = try #require(command.firstIndex(of: "/media/phone.mp4"))
    #expect(command[phone - 2] == "-noautorotate")
    let logo = try #require(command.firstIndex(of: "/media/logo.webm"))
    #expect(Array(command[(logo - 3)..<logo]) == ["-c:v", "libvpx-vp9", "-i"])
    #expect(FilterGraphPrinter.filterComplex(graph).contains("trim=end_frame=25,transpose=dir=clock"))
  }

  /// A graph with a single input pad leaves the turn to the CLI's autorotation: FFmpeg 5.1
  /// would otherwise copy the file's display matrix to the upright output.
  @Test func aSinglePadGraphLeavesTheTurnToTheCLI() throws {
    let media = FakeMediaFacts(["phone.mp4": .success(Self.facts(orientation: DisplayOrientation(rotation: 90)))])
    let timeline = try Harness.timeline(
      """
      canvas 90x160 fps: 25
      let phone = video("phone.mp4")
      track main {
        clip phone duration: 1s
      }
      """, directory: "/media", media: media)
    let graph = try Harness.graph(timeline)
    #expect(graph.inputs.allSatisfy { $0.autorotate })
    #expect(!FilterGraphPrinter.filterComplex(graph).contains("transpose"))
    #expect(
      !FilterGraphPrinter.command(
        graph, output: "o.mp4", encoding: EncodingSettings(format: .mp4, preset: QualityPreset.named(.high))
      ).contains(
        "-noautorotate"))
  }
}

extension MediaFacts {
  fileprivate func with(orientation: DisplayOrientation, codec: String, sideAlpha: Bool) -> MediaFacts {
    var facts = self
    facts.orientation = orientation
    facts.videoCodec = codec
    facts.hasSideAlpha = sideAlpha
    return facts
  }
}
