import Foundation
import Testing
import VEDLNative
import VEDLRaster
import VEDLSema
import VEDLTestSupport

/// `vedl still FILE --at TIME -o OUT`, run as the built executable: the picture written is
/// exactly the native renderer's frame (PNG, lossless WebP) or close to it (JPEG), equals the
/// FFmpeg backend's frame, snaps times down to the grid with W0401, refuses times outside the
/// edit (E0816), text it cannot draw (found when checked) and sources as outputs (E0802), and reports
/// usage errors with status 2.
@Suite struct StillCommandTests {
  static let script = """
    canvas 96x64 fps: 30 background: #203040
    let logo = image("media/logo.png")
    let src = video("media/index30.mp4")
    track main {
      clip src trim: 1s..3s { fit contain }
      crossfade 200ms
      clip testpattern() duration: 1s
    }
    track overlay { shape rect at: 500ms duration: 1s { fill #FF000080; size width: 30 height: 20; position center } }
    export "out/edit.mp4" { watermark logo position: topLeading }
    """

  /// Writes `text` as a fresh script beside the generated media and returns its name.
  func writeScript(_ text: String = script) throws -> (folder: String, name: String) {
    try FrameCompositionTests.images.get()
    let folder = try NativeTestMedia.get().directory
    let name = "still-\(UUID().uuidString).vedl"
    try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
    return (folder, name)
  }

  /// Decodes a picture file to RGB24.
  func rgb(_ path: String) throws -> [UInt8] {
    let decoded = try FFmpegCLI.run(["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
    guard decoded.status == 0 else { throw FFmpegCLI.Failure(description: decoded.stderr) }
    return [UInt8](decoded.stdout)
  }

  /// The native renderer's frame `k` of `text`, without (or with) the export's watermark.
  func nativeFrame(_ k: Int64, script text: String = script, export: Bool = false) throws -> RGBAImage {
    let timeline = try FrameRendering.timeline(text)
    let renderer = try NativeFrameRenderer(
      timeline: timeline, export: export ? timeline.exports.first : nil, fonts: try FrameRendering.fonts(),
      baseDirectory: try NativeTestMedia.get().directory)
    return try renderer.frame(k)
  }

  /// The RGB bytes of an opaque picture.
  func rgb(of picture: RGBAImage) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(picture.width * picture.height * 3)
    for i in 0..<(picture.width * picture.height) { bytes += picture.pixels[(i * 4)..<(i * 4 + 3)] }
    return bytes
  }

  @Test func helpDescribesTheCommand() throws {
    let result = try VEDLExecutable.run(["still", "--help"], in: NSTemporaryDirectory())
    #expect(result.status == 0)
    #expect(result.stdout.contains("--at TIME"))
    #expect(result.stdout.contains("--export"))
  }

  @Test func usageErrorsExitWithTwo() throws {
    let (folder, name) = try writeScript()
    for arguments in [
      ["still", name, "-o", "x.png"], ["still", name, "--at", "1s"], ["still", name, "--at", "1s", "-o", "x.gif"],
      ["still", name, "--at", "banana", "-o", "x.png"], ["still", name, "--at", "-1s", "-o", "x.png"],
      ["still", "--at", "1s", "-o", "x.png"],
    ] {
      let result = try VEDLExecutable.run(arguments, in: folder)
      #expect(result.status == 2, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains("error:"), "\(arguments)")
    }
  }

  @Test func aPNGHoldsExactlyTheFrame() throws {
    let (folder, name) = try writeScript()
    let output = "out-\(UUID().uuidString).png"
    let result = try VEDLExecutable.run(["still", name, "--at", "1s", "-o", output], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("frame 30"))
    let written = try rgb(folder + "/" + output)
    #expect(written == rgb(of: try nativeFrame(30)))
    // …and it is the FFmpeg backend's frame.
    let timeline = try FrameRendering.timeline(Self.script)
    let reference = try FrameBackendAgreementTests.reference(timeline, frame: 30, directory: folder)
    let psnr = FrameBackendAgreementTests.psnr(try nativeFrame(30), reference)
    #expect(psnr >= 35, "PSNR \(psnr) dB")
  }

  @Test func webPIsLosslessAndJPEGClose() throws {
    let (folder, name) = try writeScript()
    let expected = try nativeFrame(52)
    let webp = "out-\(UUID().uuidString).webp"
    let webpRun = try VEDLExecutable.run(["still", name, "--at", "52f", "-o", webp], in: folder)
    #expect(webpRun.status == 0, "\(webpRun.stderr)")
    #expect(try rgb(folder + "/" + webp) == rgb(of: expected))
    let jpeg = "out-\(UUID().uuidString).jpg"
    let jpegRun = try VEDLExecutable.run(["still", name, "--at", "00:00:01:22", "-o", jpeg], in: folder)
    #expect(jpegRun.status == 0, "\(jpegRun.stderr)")
    let psnr = FrameBackendAgreementTests.psnr(expected, try rgb(folder + "/" + jpeg))
    #expect(psnr >= 30, "JPEG PSNR \(psnr) dB")
  }

  @Test func aTimeBetweenFramesIsSnappedDownWithAWarning() throws {
    let (folder, name) = try writeScript()
    let output = "out-\(UUID().uuidString).png"
    let result = try VEDLExecutable.run(["still", name, "--at", "1.01s", "-o", output], in: folder)
    #expect(result.status == 0)
    #expect(result.stderr.contains("W0401"))
    #expect(result.stdout.contains("frame 30 at 1s"))
    #expect(try rgb(folder + "/" + output) == rgb(of: try nativeFrame(30)))
  }

  @Test func aTimeOutsideTheEditIsE0816() throws {
    let (folder, name) = try writeScript()
    // The edit lasts 2.8s (84 frames): 2.8s is already past its last frame.
    for time in ["2.8s", "10s", "00:00:01:45"] {
      let output = "out-\(UUID().uuidString).png"
      let result = try VEDLExecutable.run(["still", name, "--at", time, "-o", output], in: folder)
      #expect(result.status == 1, "\(time)")
      #expect(result.stderr.contains("E0816"), "\(time): \(result.stderr)")
      #expect(!FileManager.default.fileExists(atPath: folder + "/" + output))
    }
    let last = try VEDLExecutable.run(["still", name, "--at", "83f", "-o", "out-\(UUID().uuidString).png"], in: folder)
    #expect(last.status == 0, "\(last.stderr)")
  }

  @Test func theWatermarkOnlyWithExport() throws {
    let (folder, name) = try writeScript()
    let plain = "out-\(UUID().uuidString).png"
    let marked = "out-\(UUID().uuidString).png"
    #expect(try VEDLExecutable.run(["still", name, "--at", "0s", "-o", plain], in: folder).status == 0)
    #expect(try VEDLExecutable.run(["still", name, "--at", "0s", "-o", marked, "--export"], in: folder).status == 0)
    #expect(try rgb(folder + "/" + plain) == rgb(of: try nativeFrame(0)))
    #expect(try rgb(folder + "/" + marked) == rgb(of: try nativeFrame(0, export: true)))
    // The logo's red half in the top-left corner.
    let pixels = try rgb(folder + "/" + marked)
    #expect(pixels[0] > 240 && pixels[1] < 15 && pixels[2] < 15)
    #expect(try rgb(folder + "/" + plain)[0] < 200)
  }

  @Test func aSourceIsNeverOverwritten() throws {
    let (folder, name) = try writeScript()
    let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/media/logo.png"))
    let result = try VEDLExecutable.run(["still", name, "--at", "0s", "-o", "media/logo.png"], in: folder)
    #expect(result.status == 1)
    #expect(result.stderr.contains("E0802"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/media/logo.png")) == before)
  }

  /// A font file `drawtext` would quietly replace (not a font; a bitmap-only colour emoji font)
  /// and a size FreeType refuses are found before anything is drawn.
  @Test(arguments: [
    ("font \"bad.ttf\" size: 20", "E0515"),
    ("font \"/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf\" size: 20", "E0515"),
    ("font \"DejaVu Sans\" size: 70000", "E0313"),
  ])
  func aTextThatCannotBeDrawnIsRefusedWhenChecked(font: String, code: String) throws {
    let (folder, name) = try writeScript(
      """
      canvas 96x64 fps: 30
      track main { clip color(black) duration: 1s }
      track overlay { text "Hi" at: 0s duration: 1s { \(font) } }
      """)
    try Data(repeating: 0x5A, count: 2048).write(to: URL(fileURLWithPath: folder + "/bad.ttf"))
    let output = "out-\(UUID().uuidString).png"
    let result = try VEDLExecutable.run(["still", name, "--at", "0s", "-o", output], in: folder)
    #expect(result.status == 1)
    #expect(result.stderr.contains("error[\(code)]"), "\(result.stderr)")
    #expect(result.stderr.contains(":3:"), "points at the font line: \(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder + "/" + output))
  }

  @Test func aSourceCutShortIsE0811() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let clip = folder + "/clip.mp4"
    try FFmpegCLI.mustRun([
      "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=96x64:rate=30", "-t", "2", "-c:v", "libx264",
      "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-movflags", "+faststart", clip,
    ])
    try Data("canvas 96x64 fps: 30\nlet c = video(\"clip.mp4\")\ntrack main { clip c }\n".utf8)
      .write(to: URL(fileURLWithPath: folder + "/c.vedl"))
    // The index is at the front, so checking passes; the pictures stop about halfway.
    let whole = try Data(contentsOf: URL(fileURLWithPath: clip))
    try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: clip))
    let early = try VEDLExecutable.run(["still", "c.vedl", "--at", "0s", "-o", "early.png"], in: folder)
    #expect(early.status == 0, "\(early.stderr)")
    let late = try VEDLExecutable.run(["still", "c.vedl", "--at", "1.9s", "-o", "late.png"], in: folder)
    #expect(late.status == 1)
    #expect(late.stderr.contains("error[E0811]"), "\(late.stderr)")
    #expect(late.stderr.contains("let c = video(\"clip.mp4\")"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/late.png"))
  }

  @Test func aScriptWithErrorsWritesNothing() throws {
    let (folder, name) = try writeScript("canvas 96x64\ntrack main { clip nothing duration: 1s }\n")
    let output = "out-\(UUID().uuidString).png"
    let result = try VEDLExecutable.run(["still", name, "--at", "0s", "-o", output], in: folder)
    #expect(result.status == 1)
    #expect(!FileManager.default.fileExists(atPath: folder + "/" + output))
  }
}
