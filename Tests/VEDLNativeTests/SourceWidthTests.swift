import Foundation
import Testing
import VEDLSema
import VEDLTestSupport

/// Sources of any width render natively (bdf5f92): swscale writes whole groups of 16 pixels, so
/// converting a 1000- or 1080-pixel-wide picture (a phone clip) straight into its RGBA array
/// wrote past the array's end and the render aborted (`malloc(): corrupted top size`).
/// Each size is rendered and drawn by the `vedl` executable — under glibc's malloc checks
/// when they are installed (`libc_malloc_debug.so`, `MALLOC_CHECK_=3`), which catch a write
/// one byte past any block — and its pictures compared with the FFmpeg backend's.
@Suite struct SourceWidthTests {
  /// A source size and how it is encoded (odd sizes need 4:4:4 in H.264, or FFV1).
  struct Source: CustomStringConvertible, Sendable {
    var width: Int
    var height: Int
    var pixelFormat = "yuv420p"
    var codec = "libx264"
    var container = "mp4"

    var description: String { "\(width)x\(height) \(pixelFormat) \(codec)" }
    var name: String { "src-\(width)x\(height)-\(pixelFormat).\(container)" }
  }

  /// Widths whose rows are not a multiple of 16 pixels (1080, 1000, 1002, odd 999 and 1001)
  /// and one that is (1920); heights are small, as only the width matters and a debug build
  /// scales slowly.
  static let sources: [Source] = [
    Source(width: 1080, height: 48), Source(width: 1000, height: 40), Source(width: 1002, height: 40),
    Source(width: 999, height: 41, pixelFormat: "yuv444p"),
    Source(width: 1001, height: 41, codec: "ffv1", container: "mkv"),
    Source(width: 1920, height: 40),
  ]

  /// glibc's malloc checks, when this system has them.
  static var mallocChecks: [String: String] {
    let library = "/lib/x86_64-linux-gnu/libc_malloc_debug.so.0"
    guard FileManager.default.fileExists(atPath: library) else { return [:] }
    return ["LD_PRELOAD": library, "MALLOC_CHECK_": "3"]
  }

  /// Writes a 6-frame testsrc2 clip of `source`'s size with a tone into `folder`.
  static func make(_ source: Source, in folder: String) throws {
    var arguments = [
      "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=1024x64:rate=30:duration=0.2",
      "-f", "lavfi", "-i", "sine=frequency=440:duration=0.2",
      // Scaled, as testsrc2 rounds odd sizes down.
      "-vf", "scale=\(source.width):\(source.height),format=\(source.pixelFormat)", "-c:v", source.codec,
    ]
    if source.codec == "libx264" { arguments += ["-preset", "ultrafast", "-qp", "0"] }
    arguments += ["-c:a", "aac", "-shortest", folder + "/" + source.name]
    try FFmpegCLI.mustRun(arguments)
  }

  /// PSNR (dB) of two RGB24 pictures of the same size.
  static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double { PSNR.decibels(a, b) }

  @Test(arguments: sources)
  func aSourceOfThisWidthRendersNatively(_ source: Source) throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Self.make(source, in: folder)
    let script = """
      canvas 90x160
      track main { clip video("\(source.name)") duration: 100ms }
      export "out/a.mp4" quality: high
      """
    try Data(script.utf8).write(to: URL(fileURLWithPath: folder + "/a.vedl"))

    let render = try VEDLExecutable.run(
      ["render", "a.vedl", "--backend", "native"], in: folder, environment: Self.mallocChecks)
    #expect(render.status == 0, "\(source): \(render.stderr)")
    #expect(render.stdout == "rendered out/a.mp4 (3 frames, 0.1s, 90x160, h264 + aac)\n", "\(source)")
    #expect(try BackendAgreementTests.frameCount(folder + "/out/a.mp4") == "3\n", "\(source)")

    let timeline = try NativeHarness.timeline(script, directory: folder)
    for (frame, time) in [(Int64(0), "0f"), (2, "2f")] {
      let still = try VEDLExecutable.run(
        ["still", "a.vedl", "--at", time, "-o", "still-\(frame).png"], in: folder, environment: Self.mallocChecks)
      #expect(still.status == 0, "\(source), frame \(frame): \(still.stderr)")
      let decoded = try FFmpegCLI.run([
        "-v", "error", "-i", folder + "/still-\(frame).png", "-f", "rawvideo", "-pix_fmt", "rgb24", "-",
      ])
      let reference = try FrameBackendAgreementTests.reference(timeline, frame: frame, directory: folder)
      let value = Self.psnr([UInt8](decoded.stdout), reference)
      #expect(value >= 35, "\(source), frame \(frame): PSNR \(value) dB")
    }
  }

  /// The reported case itself: a full-size 1080x1920 phone clip on a `story` canvas.
  @Test func aPhoneClipOnAStoryCanvas() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FFmpegCLI.mustRun([
      "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=1080x1920:rate=30:duration=0.1",
      "-f", "lavfi", "-i", "sine=frequency=440:duration=0.1", "-c:v", "libx264", "-preset", "ultrafast",
      "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", folder + "/phone.mp4",
    ])
    let script = """
      canvas story
      track main { clip video("phone.mp4") duration: 1f }
      export "out/story.mp4" quality: high
      """
    try Data(script.utf8).write(to: URL(fileURLWithPath: folder + "/a.vedl"))
    let render = try VEDLExecutable.run(
      ["render", "a.vedl", "--backend", "native"], in: folder, environment: Self.mallocChecks)
    #expect(render.status == 0, "\(render.stderr)")
    #expect(render.stdout == "rendered out/story.mp4 (1 frames, 1/30s, 1080x1920, h264 + aac)\n")

    let still = try VEDLExecutable.run(
      ["still", "a.vedl", "--at", "0s", "-o", "still.png"], in: folder, environment: Self.mallocChecks)
    #expect(still.status == 0, "\(still.stderr)")
    let decoded = try FFmpegCLI.run([
      "-v", "error", "-i", folder + "/still.png", "-f", "rawvideo", "-pix_fmt", "rgb24", "-",
    ])
    let timeline = try NativeHarness.timeline(script, directory: folder)
    let reference = try FrameBackendAgreementTests.reference(timeline, frame: 0, directory: folder)
    let value = Self.psnr([UInt8](decoded.stdout), reference)
    #expect(value >= 35, "PSNR \(value) dB")
  }
}
