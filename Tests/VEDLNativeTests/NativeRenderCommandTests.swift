import Foundation
import Testing
import VEDLTestSupport

/// `vedl render --backend native` end to end, through the `vedl` executable: the same
/// temporary file, metadata, thumbnails, sidecars and up-to-date rule as the FFmpeg backend,
/// the backend recorded and part of the fingerprint, and failures — damaged media, an
/// unwritable folder, Ctrl-C — reported with their codes, leaving no file behind.
@Suite struct NativeRenderCommandTests {
  static let script = """
    canvas 160x90 fps: 30
    let bars = testpattern()
    let beep = tone(440)
    track main {
      clip bars duration: 1s
    }
    track audio {
      clip beep at: 0s until: end
    }
    captions {
      cue 0s..500ms "Hello"
    }
    export "out/a.mp4" quality: low {
      thumbnail "out/a.jpg" at: 500ms
      sidecar "out/a.srt"
    }
    """

  static func files(in folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  static func metadata(_ path: String) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func rendersRecordsTheBackendAndSwitchingRendersAgain() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data(Self.script.utf8).write(to: URL(fileURLWithPath: folder + "/a.vedl"))

    let first = try VEDLExecutable.run(["render", "a.vedl", "--backend", "native"], in: folder)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout == "rendered out/a.mp4 (30 frames, 1s, 160x90, h264 + aac)\n")
    #expect(first.stderr.isEmpty)
    #expect(Self.files(in: folder + "/out") == ["a.jpg", "a.mp4", "a.mp4.json", "a.srt"])
    let json = try Self.metadata(folder + "/out/a.mp4.json")
    #expect(json["backend"] as? String == "native")
    #expect(json["frameCount"] as? Int == 30)
    #expect((json["audio"] as? [String: Any])?["sampleRate"] as? Int == 48_000)
    #expect(try String(contentsOfFile: folder + "/out/a.srt", encoding: .utf8).contains("Hello"))
    let nativeHash = try #require(json["hash"] as? String)

    let again = try VEDLExecutable.run(["render", "a.vedl", "--backend", "native"], in: folder)
    #expect(again.stdout == "out/a.mp4 is up to date (use --force to render it anyway)\n")

    // Another backend is another render: it runs, and records itself.
    let ffmpeg = try VEDLExecutable.run(["render", "a.vedl", "--backend", "ffmpeg"], in: folder)
    #expect(ffmpeg.stdout == "rendered out/a.mp4 (30 frames, 1s, 160x90, h264 + aac)\n")
    let ffmpegJSON = try Self.metadata(folder + "/out/a.mp4.json")
    #expect(ffmpegJSON["backend"] as? String == "ffmpeg")
    #expect(ffmpegJSON["hash"] as? String != nativeHash)
    let back = try VEDLExecutable.run(["render", "a.vedl", "--backend", "native"], in: folder)
    #expect(back.stdout.hasPrefix("rendered out/a.mp4"))
    #expect(try Self.metadata(folder + "/out/a.mp4.json")["hash"] as? String == nativeHash)
    #expect(Self.files(in: folder + "/out").allSatisfy { !$0.contains(".vedl-tmp-") })
  }

  /// Sources 8 (mod 16) pixels wide — 24, 120, and 1080 (a portrait phone video) — are
  /// converted without writing past the picture: swscale's x86 code writes whole blocks of
  /// 16 pixels, and into the array itself it overran the last row by 32 bytes and corrupted
  /// the heap (`malloc(): invalid size`, SIGABRT). Found by the differential tests.
  @Test(arguments: [24, 104, 120])
  func sourcesOfAnyWidthConvertWithoutOverrunning(_ width: Int) throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FFmpegCLI.mustRun([
      "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=\(width)x60:rate=30:duration=1", "-c:v", "libx264",
      "-preset", "ultrafast", "-pix_fmt", "yuv420p", folder + "/clip.mp4",
    ])
    let script = """
      canvas 96x54 fps: 30
      track main {
        clip video("clip.mp4") trim: 0s..500ms
      }
      export "out/a.mp4" quality: low
      """
    try Data(script.utf8).write(to: URL(fileURLWithPath: folder + "/a.vedl"))
    let result = try VEDLExecutable.run(["render", "a.vedl", "--backend", "native"], in: folder)
    #expect(result.status == 0, "\(result.stderr.prefix(300))")
    #expect(result.stdout == "rendered out/a.mp4 (15 frames, 0.5s, 96x54, h264)\n")
  }

  @Test func otherFormatsAndAStill() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data(Self.script.utf8).write(to: URL(fileURLWithPath: folder + "/a.vedl"))

    let webm = try VEDLExecutable.run(["render", "a.vedl", "--backend", "native", "-o", "b.webm"], in: folder)
    #expect(webm.status == 0, "\(webm.stderr)")
    #expect(webm.stdout == "rendered b.webm (30 frames, 1s, 160x90, vp9 + opus)\n")
    let still = try VEDLExecutable.run(["render", "a.vedl", "--backend", "native", "-o", "c.png"], in: folder)
    #expect(still.stdout == "rendered c.png (160x90, png)\n")
    let json = try Self.metadata(folder + "/c.png.json")
    #expect(json["frameCount"] as? Int == 1)
    #expect((json["video"] as? [String: Any])?["pixelFormat"] as? String == "rgb24")
  }

  @Test func damagedMediaIsE0811AndLeavesNoFile() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let clip = folder + "/clip.mp4"
    try FFmpegCLI.mustRun([
      "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=30", "-t", "2", "-c:v", "libx264",
      "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-movflags", "+faststart", clip,
    ])
    try Data("canvas 160x90 fps: 30\nlet c = video(\"clip.mp4\")\ntrack main { clip c }\nexport \"out/c.mp4\"\n".utf8)
      .write(to: URL(fileURLWithPath: folder + "/c.vedl"))
    // The index is at the front, so `vedl check`'s probe passes; decoding finds the damage.
    let whole = try Data(contentsOf: URL(fileURLWithPath: clip))
    try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: clip))

    let result = try VEDLExecutable.run(["render", "c.vedl", "--backend", "native"], in: folder)

    #expect(result.status == 1)
    #expect(result.stderr.contains("error[E0811]"), "\(result.stderr)")
    #expect(result.stderr.contains("let c = video(\"clip.mp4\")"))
    #expect(result.stderr.contains("help: check the file with `vedl probe"))
    #expect(Self.files(in: folder) == ["c.vedl", "clip.mp4"])
  }

  /// Bytes that are not a font: `drawtext` would draw the text in Fontconfig's default font
  /// without a word, so both backends refuse the script before rendering.
  @Test(arguments: ["native", "ffmpeg"])
  func aFontFileThatIsNotAFontIsE0515AndLeavesNoFile(backend: String) throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data(repeating: 0x5A, count: 2048).write(to: URL(fileURLWithPath: folder + "/brand.ttf"))
    try Data(
      """
      canvas 96x64 fps: 30
      track main { clip color(black) duration: 1s }
      track overlay { text "Hi" at: 0s duration: 1s { font "brand.ttf" size: 20 } }
      export "out/t.mp4"
      """.utf8
    ).write(to: URL(fileURLWithPath: folder + "/t.vedl"))

    let result = try VEDLExecutable.run(["render", "t.vedl", "--backend", backend], in: folder)

    #expect(result.status == 1)
    #expect(
      result.stderr.contains(
        "error[E0515]: font file `brand.ttf` cannot draw text: it is not a font FreeType can open"),
      "\(result.stderr)")
    #expect(result.stderr.contains("t.vedl:3:"), "points at the font")
    #expect(Self.files(in: folder) == ["brand.ttf", "t.vedl"])
  }

  @Test func unwritableFolderIsE0502() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data(Self.script.utf8).write(to: URL(fileURLWithPath: folder + "/a.vedl"))
    try Data("in the way\n".utf8).write(to: URL(fileURLWithPath: folder + "/out"))

    let result = try VEDLExecutable.run(["render", "a.vedl", "--backend", "native"], in: folder)

    #expect(result.status == 1)
    #expect(result.stderr.contains("error[E0502]"), "\(result.stderr)")
    #expect(Self.files(in: folder) == ["a.vedl", "out"])
  }

  @Test func ctrlCStopsTheRenderExits130AndLeavesNoFile() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // Long enough that the interrupt always lands mid-render.
    try Data(
      "canvas 320x180 fps: 30\nlet bars = testpattern()\ntrack main { clip bars duration: 120s }\nexport \"out/long.mp4\"\n"
        .utf8
    ).write(to: URL(fileURLWithPath: folder + "/long.vedl"))
    let process = Process()
    process.executableURL = try VEDLExecutable.url()
    process.arguments = ["render", "long.vedl", "--backend", "native"]
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()

    // Interrupt once the temporary output exists.
    let out = folder + "/out"
    let deadline = Date().addingTimeInterval(60)
    while Self.files(in: out).isEmpty && process.isRunning && Date() < deadline { usleep(20_000) }
    #expect(!Self.files(in: out).isEmpty, "the render never started writing")
    usleep(200_000)
    process.interrupt()
    let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()

    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 130, "\(log)")
    #expect(log.contains("error[E0813]: render interrupted"))
    #expect(Self.files(in: out).isEmpty)
  }
}
