import Foundation
import Testing
import VEDLLowering
import VEDLNative
import VEDLRaster
import VEDLRender
import VEDLSema
import VEDLTestSupport

/// The native renderer's frames against the FFmpeg backend's: the same frame of the same
/// script rendered as a `.png` still by the FFmpeg backend (its graph run by the `ffmpeg`
/// CLI, `Lowering` + `FilterGraphPrinter`) and drawn by `NativeFrameRenderer`, compared by
/// PSNR over RGB (≥ 35 dB required). Scenes cover every kind of item, the modifiers,
/// transitions, text and captions, and the demo sample.
@Suite struct FrameBackendAgreementTests {
  /// The FFmpeg backend's picture of frame `k`, RGB24, rendered through a `.png` export (the
  /// script's first export, or a plain one) without a watermark unless `watermark`.
  static func reference(_ timeline: Timeline, frame k: Int64, watermark: Bool = false, directory: String) throws
    -> [UInt8]
  {
    guard var export = timeline.exports.first else {
      throw FFmpegCLI.Failure(description: "the reference needs an export in the script")
    }
    export.format = .png
    export.stillFrame = k
    export.stillTime = timeline.canvas.grid.time(ofFrame: k)
    if !watermark { export.watermark = nil }
    let graph: FilterGraph
    // Measured with the native renderer's fonts, so a text in a `size width:` box wraps alike.
    var options = LoweringOptions(
      baseDirectory: directory, format: .png, textMeasurer: FontLibraryTextMeasurer(fonts: try FrameRendering.fonts()))
    // Waveforms: their envelope images, measured as `vedl render` measures them (kept in
    // the test's folder, not the user's cache).
    options.waveformEnvelopes = try WaveformEnvelopes.measure(
      timeline, output: "", environment: ["VEDL_CACHE_DIR": directory])
    switch Lowering.lower(timeline, export: export, options: options) {
    case .success(let g): graph = g
    case .failure(let error): throw FFmpegCLI.Failure(description: "lowering failed: \(error.message)")
    }
    let output = directory + "/reference-\(UUID().uuidString).png"
    defer { try? FileManager.default.removeItem(atPath: output) }
    try FFmpegCLI.mustRun(
      FilterGraphPrinter.command(
        graph, output: output,
        encoding: EncodingSettings(
          format: .png, preset: QualityPreset.named(export.quality) ?? QualityPreset.named(.high))))
    let decoded = try FFmpegCLI.run(["-v", "error", "-i", output, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
    guard decoded.status == 0 else { throw FFmpegCLI.Failure(description: decoded.stderr) }
    return [UInt8](decoded.stdout)
  }

  /// PSNR (dB) of an opaque picture's RGB against RGB24 bytes of the same size.
  static func psnr(_ picture: RGBAImage, _ rgb: [UInt8]) -> Double {
    guard rgb.count == picture.width * picture.height * 3 else { return 0 }
    var squares = 0.0
    for i in 0..<(picture.width * picture.height) {
      for c in 0..<3 {
        let d = Double(picture.pixels[i * 4 + c]) - Double(rgb[i * 3 + c])
        squares += d * d
      }
    }
    return PSNR.decibels(meanSquaredError: squares / Double(rgb.count))
  }

  /// Draws `frames` of `script` natively and compares each with the FFmpeg backend's;
  /// returns the PSNRs.
  @discardableResult
  static func expectAgreement(
    _ script: String, frames: [Int64], watermark: Bool = false, directory: String? = nil,
    minimum: Double = 35, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [Double] {
    try FrameCompositionTests.images.get()
    let folder = try directory ?? NativeTestMedia.get().directory
    let timeline = try NativeHarness.timeline(script, directory: folder)
    let renderer = try NativeFrameRenderer(
      timeline: timeline, export: watermark ? timeline.exports.first : nil, fonts: try FrameRendering.fonts(),
      baseDirectory: folder)
    var results: [Double] = []
    for k in frames {
      let native = try renderer.frame(k)
      let value = psnr(native, try reference(timeline, frame: k, watermark: watermark, directory: folder))
      results.append(value)
      #expect(value >= minimum, "frame \(k): PSNR \(value) dB", sourceLocation: sourceLocation)
    }
    FrameAgreementLog.record(script: script, frames: frames, psnr: results)
    return results
  }

  @Test func moving() throws {
    try Self.expectAgreement(
      """
      canvas 160x96 fps: 30 background: #203040
      let src = video("media/index30.mp4")
      let logo = image("media/logo.png")
      let halves = image("media/halves.png")
      track main {
        clip src trim: 1s..2s { crop 1:1 anchor: leading; mirror horizontal }
        crossfade 300ms
        clip halves duration: 1s { fit contain background: blur; adjust brightness: 0.1 contrast: 1.2 saturation: 0.8 }
        slide 200ms direction: up
        clip src trim: 3s..4s speed: 2x { zoom 1.5; pan x: 10 y: -5; rotate 10deg }
      }
      track overlay {
        clip src at: 200ms duration: 1s trim: 2s..3s { size width: 48; position topTrailing margin: 6; rotate -20deg; opacity 80% }
      }
      track overlay {
        clip logo at: 0s until: end { scale 75%; position bottomLeading margin: 4; fade in: 300ms out: 300ms }
      }
      export "out/ref.png"
      """, frames: [5, 24, 31, 48, 52, 59])
  }

  @Test func shapes() throws {
    try Self.expectAgreement(
      """
      canvas 128x96 fps: 25 background: #101018
      track main { clip color(#335577) duration: 2s }
      track overlay {
        shape rect at: 0s duration: 2s { fill #FF660080; stroke white width: 2; cornerRadius 8; size width: 60 height: 30; position bottomTrailing margin: 6; rotate -8deg }
      }
      track overlay {
        shape ellipse at: 200ms duration: 1s { fill yellow; stroke #0000FF width: 3; size width: 40 height: 24; position x: 10 y: 10; fade in: 400ms }
      }
      track overlay { shape rect at: 0s duration: 2s { fill #00FF00; size width: 20; position center; rotate 90deg; scale 150% } }
      export "out/ref.png"
      """, frames: [0, 6, 10, 20, 40])
  }

  @Test func transitions() throws {
    for kind in ["fade 8f", "wipe 8f direction: left", "wipe 8f direction: down", "slide 8f direction: right"] {
      try Self.expectAgreement(
        """
        canvas 96x64 fps: 30
        let logo = image("media/logo.png")
        track main {
          clip testpattern() duration: 1s
          \(kind)
          clip logo duration: 1s { fit contain }
        }
        export "out/ref.png"
        """, frames: [22, 25, 29])
    }
  }

  @Test func textAndCaptions() throws {
    try Self.expectAgreement(
      """
      canvas 320x180 fps: 30 background: #202020
      track main { clip color(#406080) duration: 2s }
      track overlay {
        text "Hello VEDL" at: 0s duration: 2s { font "DejaVu Sans" size: 28 color: #FFCC00; box #00000099 padding: 6; position topLeading margin: 10; fade in: 500ms }
      }
      track overlay {
        text "two\\nlines" at: 0s duration: 2s { font "DejaVu Sans" size: 20 color: white; outline #000000 width: 2; position bottomTrailing margin: 8; align trailing }
      }
      track overlay {
        text "turned" at: 0s duration: 2s { font "DejaVu Sans" size: 24; rotate 15deg; position center; opacity 70% }
      }
      captions {
        cue 0s..1500ms "A caption\\non two lines"
        style size: 16 color: white box: #000000AA position: bottom margin: 12
      }
      export "out/ref.png"
      """, frames: [0, 8, 20, 50])
  }

  @Test func watermark() throws {
    try Self.expectAgreement(
      """
      canvas 96x64 fps: 30
      let logo = image("media/logo.png")
      track main { clip testpattern() duration: 1s }
      export "out/ref.png" { watermark logo position: topTrailing }
      """, frames: [0, 17], watermark: true)
  }

  @Test func watermarkWithAMarginAndOutlinedCaptions() throws {
    try Self.expectAgreement(
      """
      canvas 160x96 fps: 30
      let logo = image("media/logo.png")
      track main { clip testpattern() duration: 1s }
      captions {
        cue 0s..1s "Outlined\\ncaption"
        style font: "DejaVu Sans" size: 18 color: #FFCC00 box: #00000066 outline: #2040C0 position: top margin: 6
      }
      export "out/ref.png" { watermark logo position: bottomTrailing margin: 7 }
      """, frames: [0, 17], watermark: true)
  }

  @Test(arguments: BackendAgreementTests.sampleNames)
  func sample(_ name: String) throws {
    // Every sample (with the media the render tests make), on a small canvas, at a third and
    // two thirds of the edit.
    let folder = try BackendAgreementTests.samples.get()
    let original = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
    let full = try NativeHarness.timeline(original, directory: folder)
    let script = BackendAgreementTests.reduced(
      original, width: full.canvas.width, height: full.canvas.height, longer: 320, fps: nil)
    let reduced = try NativeHarness.timeline(script, directory: folder)
    guard reduced.exports.first != nil else { return }
    let frames = [reduced.frameCount / 3, 2 * reduced.frameCount / 3]
    try Self.expectAgreement(script, frames: frames, directory: folder)
  }

  @Test func demoSample() throws {
    // The sample needs no media: every source is generated.
    let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Samples").path
    let script = try String(contentsOfFile: samples + "/demo.vedl", encoding: .utf8)
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Self.expectAgreement(script, frames: [20, 45, 75, 100, 175], directory: folder)
  }
}

/// The PSNR figures of the agreement tests, printed when `VEDL_PRINT_PSNR` is set (the
/// figures quoted in docs/native.md are gathered this way).
enum FrameAgreementLog {
  static func record(script: String, frames: [Int64], psnr: [Double]) {
    guard ProcessInfo.processInfo.environment["VEDL_PRINT_PSNR"] != nil else { return }
    let first = script.split(separator: "\n").first.map(String.init) ?? ""
    let figures = zip(frames, psnr).map { "\($0.0): \(String(format: "%.2f", $0.1))" }.joined(separator: ", ")
    print("PSNR [\(first)] min \(String(format: "%.2f", psnr.min() ?? 0)) dB — \(figures)")
  }
}
