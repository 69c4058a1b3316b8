import Foundation
import Testing
import VEDLSema
import VEDLTime

@testable import VEDLLowering

@Suite struct PrinterAndSettingsTests {
  static let graph = FilterGraph(
    inputs: [
      GraphInput(path: "/m/a b.mp4", seek: Rational(3, 2)!, duration: Rational(4)),
      GraphInput(path: "/m/logo.png", duration: Rational(2), loopStill: true),
    ],
    chains: [
      FilterChain(inputs: ["0:v"], filters: [Filter("trim", ["end_frame": "30"])], outputs: ["v"]),
      FilterChain(inputs: ["0:a"], filters: [Filter("anull")], outputs: ["a"]),
    ],
    videoOutput: "v", audioOutput: "a", frameRate: .ntsc, width: 64, height: 48, duration: Rational(1001, 1000)!,
    frameCount: 30)

  @Test func commandPutsInputOptionsBeforeEachInput() {
    let settings = EncodingSettings(format: .mp4, preset: QualityPreset.named(.high))
    let args = FilterGraphPrinter.command(Self.graph, output: "/o/out.mp4", encoding: settings)
    #expect(Array(args.prefix(5)) == ["-y", "-hide_banner", "-loglevel", "error", "-nostdin"])
    #expect(args.contains("-copyts") && args.contains("-start_at_zero"))
    let first = args.firstIndex(of: "/m/a b.mp4")!
    #expect(Array(args[(first - 5)...first]) == ["-ss", "1.5", "-t", "4", "-i", "/m/a b.mp4"])
    let second = args.firstIndex(of: "/m/logo.png")!
    #expect(Array(args[(second - 5)...second]) == ["-t", "2", "-loop", "1", "-i", "/m/logo.png"])
    let graph = args.firstIndex(of: "-filter_complex")!
    #expect(args[graph + 1] == "[0:v]trim=end_frame=30[v];\n[0:a]anull[a]")
    #expect(args.contains("libx264") && args.contains("aac"))
    #expect(args[args.firstIndex(of: "-r")! + 1] == "30000/1001")
    #expect(args[args.firstIndex(of: "-crf:v")! + 1] == "20")
    #expect(args[args.firstIndex(of: "-movflags")! + 1] == "+faststart")
    #expect(args.last == "/o/out.mp4")
  }

  @Test func stillsHaveOneFrameAndNoSound() {
    let settings = EncodingSettings(format: .png, preset: QualityPreset.named(.high))
    let args = FilterGraphPrinter.command(Self.graph, output: "/o/f.png", encoding: settings)
    #expect(!args.contains("[a]"))
    #expect(args[args.firstIndex(of: "-frames:v")! + 1] == "1")
    #expect(args[args.firstIndex(of: "-c:v")! + 1] == "png")
    #expect(!args.contains("-r"))
  }

  @Test func shellCommandQuotesWhatNeedsIt() {
    let settings = EncodingSettings(format: .webm, preset: QualityPreset.named(.low))
    let line = FilterGraphPrinter.shellCommand(Self.graph, output: "/o/it's.webm", encoding: settings)
    #expect(line.hasPrefix("ffmpeg -y -hide_banner"))
    #expect(line.contains(" -i '/m/a b.mp4' "))
    #expect(line.contains(" -map '[v]' "))
    #expect(line.hasSuffix(" '/o/it'\\''s.webm'"))
    #expect(line.contains("-c:v libvpx-vp9") && line.contains("-c:a libopus") && line.contains("-b:v 0"))
  }

  @Test func qualityTable() {
    #expect(QualityPreset.table.map(\.name) == [.lossless, .original, .high, .medium, .low])
    #expect(QualityPreset.named(.lossless).h264CRF == 0 && QualityPreset.named(.lossless).vp9CRF == nil)
    #expect(QualityPreset.named(.original).h264CRF == 17)
    #expect(QualityPreset.named(.low).audioBitRate == 96_000)
    #expect(QualityPreset.named("bogus") == nil)
    // Fit within the box, even sides, never up.
    #expect(QualityPreset.named(.medium).outputSize(canvasWidth: 1920, canvasHeight: 1080) == (1280, 720))
    #expect(QualityPreset.named(.low).outputSize(canvasWidth: 1080, canvasHeight: 1920) == (480, 854))
    #expect(QualityPreset.named(.low).outputSize(canvasWidth: 640, canvasHeight: 360) == (640, 360))
    #expect(QualityPreset.named(.high).outputSize(canvasWidth: 3840, canvasHeight: 2160) == (3840, 2160))
  }

  @Test func encoderSpeed() {
    let fast = EncodingSettings(format: .mov, preset: QualityPreset.named(.medium), speed: .fastest)
    #expect(fast.videoOptions.first == EncodingSettings.Option("preset", "ultrafast"))
    #expect(EncodingSettings(format: .mov, preset: QualityPreset.named(.medium)).videoOptions.first?.value == "medium")
  }

  @Test func optionText() {
    #expect(OptionText.seconds(Rational(3, 2)!) == "1.5")
    #expect(OptionText.seconds(Rational(1, 3)!) == "0.333333")
    #expect(OptionText.seconds(Rational(1001, 30000)!) == "0.033367")
    #expect(OptionText.seconds(Rational(-1, 4)!) == "-0.25")
    #expect(OptionText.expression(Rational(-1, 3)!) == "(-1/3)")
    #expect(OptionText.expression(Rational(7)) == "7")
    #expect(OptionText.timeBase(.ntsc) == "1001/30000")
    #expect(OptionText.color(0x00FF_0080) == "0x00FF0080")
    #expect(OptionText.opaque(0xFF00_0080) == 0x8000_00FF)
  }
}

@Suite struct PictureLayoutTests {
  @Test func ratioCrops() {
    let wide = PixelSize(width: 1920, height: 1080)
    let r = PictureLayout.cropRect(.ratio(9, 16, anchorX: .half, anchorY: .half), in: wide)
    #expect(r == .init(x: 656, y: 0, size: PixelSize(width: 608, height: 1080)))
    let leading = PictureLayout.cropRect(.ratio(4, 5, anchorX: .zero, anchorY: .half), in: wide)
    #expect(leading.x == 0 && leading.size == PixelSize(width: 864, height: 1080))
    let square = PictureLayout.cropRect(
      .ratio(1, 1, anchorX: .half, anchorY: .one), in: PixelSize(width: 100, height: 300))
    #expect(square == .init(x: 0, y: 200, size: PixelSize(width: 100, height: 100)))
  }

  @Test func freeformCrop() {
    let r = PictureLayout.cropRect(
      .rect(x: Rational(1, 4)!, y: .zero, width: .half, height: .one), in: PixelSize(width: 64, height: 48))
    #expect(r == .init(x: 16, y: 0, size: PixelSize(width: 32, height: 48)))
  }

  @Test func fits() {
    let box = PixelSize(width: 1080, height: 1920)
    let source = PixelSize(width: 1920, height: 1080)
    let cover = PictureLayout.fit(source, into: box, mode: .cover)
    #expect(cover.scaled == PixelSize(width: 3413, height: 1920) && cover.offset == (1166, 0))
    let contain = PictureLayout.fit(source, into: box, mode: .contain)
    #expect(contain.scaled == PixelSize(width: 1080, height: 608) && contain.offset == (0, 656))
    #expect(PictureLayout.fit(source, into: box, mode: .fill).scaled == box)
  }

  @Test func zoomAndPan() {
    let box = PixelSize(width: 100, height: 100)
    let z = PictureLayout.zoom(box, by: Rational(5, 4)!, pan: (Rational(-10), .zero))
    #expect(z.scaled == PixelSize(width: 125, height: 125) && z.offset == (23, 13))
    // Clamped: the picture still covers the box.
    #expect(PictureLayout.zoom(box, by: Rational(5, 4)!, pan: (Rational(-100), .zero)).offset == (25, 13))
    let out = PictureLayout.zoom(box, by: .half, pan: (.zero, .zero))
    #expect(out.scaled == PixelSize(width: 50, height: 50) && out.offset == (25, 25))
  }

  @Test func rotationsAndPlacement() {
    let size = PixelSize(width: 160, height: 90)
    #expect(PictureLayout.rotatedBounds(size, degrees: Rational(90)) == PixelSize(width: 90, height: 160))
    #expect(PictureLayout.rotatedBounds(size, degrees: Rational(-180)) == size)
    // ⌈(160 + 90)·√½⌉ = 177, a pixel more on each side, made the parity of the box's sides.
    #expect(PictureLayout.rotatedBounds(size, degrees: Rational(45)) == PixelSize(width: 180, height: 180))
    #expect(
      PictureLayout.rotatedBounds(PixelSize(width: 161, height: 90), degrees: Rational(45))
        == PixelSize(width: 181, height: 180))
    #expect(PictureLayout.quarterTurns(Rational(-90)) == 3)
    let canvas = PixelSize(width: 1000, height: 500)
    let item = PixelSize(width: 100, height: 50)
    #expect(PictureLayout.place(item, on: canvas, position: nil) == (450, 225))
    #expect(
      PictureLayout.place(item, on: canvas, position: .anchor(x: .one, y: .one, margin: Rational(32))) == (868, 418))
    #expect(
      PictureLayout.place(item, on: canvas, position: .anchor(x: .zero, y: .half, margin: Rational(8))) == (8, 225))
    #expect(PictureLayout.place(item, on: canvas, position: .point(x: Rational(80), y: nil)) == (80, 225))
  }
}
