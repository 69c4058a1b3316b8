import Foundation
import Testing

import VEDLMedia
import VEDLRender
import VEDLTestSupport

@testable import VEDLCLI

/// `vedl render`: exit statuses, messages, the up-to-date rule, diagnostics of failed
/// renders, the progress line, and Ctrl-C (in a child process).
@Suite struct RenderCommandTests {
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
    export "out/a.mp4" quality: low
    """

  @Test func rendersThenSaysUpToDateThenForces() {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = write(Self.script, "a.vedl", in: folder)

    let first = vedl(["render", "a.vedl"], in: folder.path)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout == "rendered out/a.mp4 (30 frames, 1s, 160x90, h264 + aac)\n")
    #expect(first.stderr.isEmpty)
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/a.mp4.json").path))

    let second = vedl(["render", "a.vedl"], in: folder.path)
    #expect(second.status == 0)
    #expect(second.stdout == "out/a.mp4 is up to date (use --force to render it anyway)\n")

    let forced = vedl(["render", "a.vedl", "--force"], in: folder.path)
    #expect(forced.status == 0)
    #expect(forced.stdout.hasPrefix("rendered out/a.mp4"))

    let other = vedl(["render", "a.vedl", "-o", "other.webm"], in: folder.path)
    #expect(other.status == 0, "\(other.stderr)")
    #expect(other.stdout == "rendered other.webm (30 frames, 1s, 160x90, vp9 + opus)\n")
  }

  /// Font files are inputs like media: a text's and the captions' font file changed on disk
  /// (same path, other contents) makes the render out of date, in both backends.
  @Test(arguments: ["ffmpeg", "native"])
  func aChangedFontFileRendersAgain(backend: String) throws {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fonts = "/usr/share/fonts/truetype/dejavu/"
    func install(_ font: String, as name: String) throws {
      let target = folder.appendingPathComponent(name)
      try? FileManager.default.removeItem(at: target)
      try FileManager.default.copyItem(atPath: fonts + font, toPath: target.path)
    }
    try install("DejaVuSans.ttf", as: "title.ttf")
    try install("DejaVuSans.ttf", as: "subs.ttf")
    _ = write(
      """
      canvas 160x90 fps: 30
      track main { clip color(#203040) duration: 1s }
      track overlay { text "Hi" at: 0s duration: 1s { font "title.ttf" size: 20 } }
      captions {
        cue 0s..1s "Yo"
        style font: "subs.ttf" size: 14
      }
      export "out/f.mp4" quality: low
      """, "f.vedl", in: folder)
    func render() -> String {
      let r = vedl(["render", "f.vedl", "--backend", backend], in: folder.path)
      #expect(r.status == 0, "\(r.stderr)")
      return r.stdout
    }
    #expect(render().hasPrefix("rendered out/f.mp4"))
    let metadata = try JSONDecoder().decode(
      RenderMetadata.Document.self, from: Data(contentsOf: folder.appendingPathComponent("out/f.mp4.json")))
    let inputs = metadata.inputs.map(\.path)
    #expect(inputs.contains(folder.appendingPathComponent("title.ttf").path), "\(inputs)")
    #expect(inputs.contains(folder.appendingPathComponent("subs.ttf").path), "\(inputs)")
    #expect(render().hasSuffix("is up to date (use --force to render it anyway)\n"))

    try install("DejaVuSans-Bold.ttf", as: "title.ttf")
    #expect(render().hasPrefix("rendered out/f.mp4"), "the title's font changed")
    #expect(render().hasSuffix("is up to date (use --force to render it anyway)\n"))

    try install("DejaVuSerif.ttf", as: "subs.ttf")
    #expect(render().hasPrefix("rendered out/f.mp4"), "the captions' font changed")
  }

  /// A failure about `-o OUT` points at the argument, not at line 1 of the output as if it
  /// were a source file.
  @Test func outputErrorsPointAtTheOutputArgument() {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = write(Self.script, "a.vedl", in: folder)
    _ = write("in the way\n", "blocked", in: folder)
    let r = vedl(["render", "a.vedl", "-o", "blocked/x.mp4"], in: folder.path)
    #expect(r.status == 1)
    #expect(r.stderr.contains("error[E0502]"), "\(r.stderr)")
    #expect(r.stderr.contains("--> -o:1:1"), "\(r.stderr)")
    #expect(r.stderr.contains("1 | blocked/x.mp4"), "\(r.stderr)")
    #expect(!r.stderr.contains("x.mp4:1:1"), "\(r.stderr)")
  }

  @Test func usageErrorsExitTwo() {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = write(Self.script, "a.vedl", in: folder)
    #expect(vedl(["render"], in: folder.path).status == 2)
    #expect(vedl(["render", "a.vedl", "--backend", "gpu"], in: folder.path).status == 2)
    #expect(vedl(["render", "a.vedl", "--quality", "ultra"], in: folder.path).status == 2)
    #expect(vedl(["render", "a.vedl", "--set", "novalue"], in: folder.path).status == 2)
    let avi = vedl(["render", "a.vedl", "-o", "a.avi"], in: folder.path)
    #expect(avi.status == 2)
    #expect(avi.stderr == "error: cannot tell the format of `a.avi` (use .mp4, .mov, .webm or .png)\n")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
  }

  @Test func scriptErrorsAndMissingFilesExitOne() {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = write("canvas 160x90\ntrack main { clip nothing duration: 1s }\nexport \"out/a.mp4\"\n", "bad.vedl", in: folder)
    #expect(vedl(["render", "bad.vedl"], in: folder.path).status == 1)
    #expect(vedl(["render", "missing.vedl"], in: folder.path).status == 1)
    let noExport = vedl(["render", "none.vedl"], in: folder.path)
    #expect(noExport.status == 1)
    _ = write(
      "canvas 160x90\nlet bars = testpattern()\ntrack main { clip bars duration: 1s }\n", "none.vedl", in: folder)
    let withoutExport = vedl(["render", "none.vedl"], in: folder.path)
    #expect(withoutExport.status == 1)
    #expect(withoutExport.stderr.contains("has no export to render"))
  }

  @Test func badMediaAndUnwritableOutputsAreDiagnosedAndLeaveNoFiles() throws {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    let clip = folder.appendingPathComponent("clip.mp4").path
    try makeClip(at: clip)
    _ = write(
      "canvas 160x90 fps: 30\nlet c = video(\"clip.mp4\")\ntrack main { clip c }\nexport \"out/c.mp4\" quality: low\n",
      "c.vedl", in: folder)
    // The index is at the front (faststart), so a file cut in half still passes `vedl
    // check`'s probe of the header; the render finds the damage while decoding.
    let good = try Data(contentsOf: URL(fileURLWithPath: clip))
    try good.prefix(good.count / 2).write(to: URL(fileURLWithPath: clip))
    let truncated = vedl(["render", "c.vedl"], in: folder.path)
    #expect(truncated.status == 1)
    #expect(truncated.stderr.contains("error[E0811]: cannot read \"\(clip)\" while rendering"), "\(truncated.stderr)")
    #expect(truncated.stderr.contains("let c = video(\"clip.mp4\")"))
    #expect(files(in: folder.appendingPathComponent("out")).isEmpty)

    // Emptied after this process probed it: probes are cached for the life of the process
    // (as in the language server) only while the file is unchanged, so the check finds out.
    try Data().write(to: URL(fileURLWithPath: clip))
    let empty = vedl(["render", "c.vedl"], in: folder.path)
    #expect(empty.status == 1)
    #expect(empty.stderr.contains("error[E0513]: media file `clip.mp4` is truncated or empty"), "\(empty.stderr)")
    #expect(files(in: folder.appendingPathComponent("out")).isEmpty)

    try good.write(to: URL(fileURLWithPath: clip))
    _ = write("in the way\n", "out", in: folder)
    let unwritable = vedl(["render", "c.vedl"], in: folder.path)
    #expect(unwritable.status == 1)
    #expect(unwritable.stderr.contains("error[E0502]"), "\(unwritable.stderr)")
    #expect(unwritable.stderr.contains("\"out/c.mp4\""))
    #expect(files(in: folder).sorted() == ["c.vedl", "clip.mp4", "out"])
  }

  /// A render that fails at once (its folder cannot be made) returns while its fingerprint
  /// may still be computed on a thread of its own; the process must end with the diagnostic
  /// and status 1 every time. The hashing thread used to outlive the job, and libcrypto's
  /// exit handler then crashed it in about half of the runs (SIGSEGV or SIGILL after the
  /// diagnostic), so one run proves little: twenty do.
  @Test(arguments: ["ffmpeg", "native"])
  func aRenderThatFailsAtOnceExitsCleanlyEveryTime(_ backend: String) throws {
    let executable = try vedlExecutable()
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = write(Self.script, "a.vedl", in: folder)
    _ = write("in the way\n", "out", in: folder)
    for attempt in 1...20 {
      // A process of its own: what failed was the process's exit.
      let process = Process()
      let errors = Pipe()
      process.executableURL = executable
      process.arguments = ["render", "a.vedl", "--backend", backend]
      process.currentDirectoryURL = folder
      process.standardError = errors
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      let exited = process.terminationReason == .exit && process.terminationStatus == 1
      #expect(exited, "run \(attempt): \(process.terminationReason) \(process.terminationStatus)\n\(log)")
      #expect(log.contains("error[E0502]"), "run \(attempt): \(log)")
      if !exited { break }
    }
    #expect(files(in: folder).sorted() == ["a.vedl", "out"])
  }

  /// Each `vedl render` — a `vedl batch --plan` line, a shell loop over `--set` values — is a
  /// process of its own: the digest of a settled input goes to the cache folder
  /// (`VEDL_CACHE_DIR`) and the next render of any output takes it from there.
  @Test func settledInputsDigestsAreKeptInTheCacheFolder() throws {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    let clip = folder.appendingPathComponent("clip.mp4").path
    try makeClip(at: clip)
    _ = write(
      "canvas 160x90 fps: 30\nlet c = video(\"clip.mp4\")\ntrack main { clip c trim: 0s..10f }\n"
        + "export \"out/c.mp4\" quality: low\n", "c.vedl", in: folder)
    while FileIdentity.of(path: clip)?.isSettled(at: Date()) != true { usleep(100_000) }
    let identity = try #require(FileIdentity.of(path: clip))
    func recorded(_ output: String) -> String? {
      RenderMetadata.recordedInputs(at: folder.appendingPathComponent(output + ".json").path).first?.sha256
    }

    // Written to the folder by one render…
    let first = folder.appendingPathComponent("cache-a").path
    let one = vedl(["render", "c.vedl", "-o", "one.mp4"], in: folder.path, environment: ["VEDL_CACHE_DIR": first])
    #expect(one.status == 0, "\(one.stderr)")
    let real = try FileDigest.sha256(ofFileAt: clip)
    #expect(recorded("one.mp4") == real)
    #expect(DigestMemo(folder: first + "/digests").digest(path: clip, identity: identity) == real)

    // …and taken by the next: a digest planted there, which the clip does not have, proves
    // the clip was not read.
    let second = folder.appendingPathComponent("cache-b").path
    let planted = String(repeating: "e", count: 64)
    DigestMemo(folder: second + "/digests").store(planted, path: clip, identity: identity)
    let two = vedl(["render", "c.vedl", "-o", "two.mp4"], in: folder.path, environment: ["VEDL_CACHE_DIR": second])
    #expect(two.status == 0, "\(two.stderr)")
    #expect(recorded("two.mp4") == planted)
    // `vedl batch` reads the same folder.
    _ = write(
      "param title: String = \"x\"\ncanvas 160x90 fps: 30\nlet c = video(\"clip.mp4\")\n"
        + "track main { clip c trim: 0s..5f }\ntrack overlay { text title at: 0s until: end }\n"
        + "export \"out/b.mp4\" quality: low\n", "b.vedl", in: folder)
    _ = write("title\nA\n", "rows.csv", in: folder)
    let batch = vedl(
      ["batch", "b.vedl", "--data", "rows.csv", "--out-dir", "rows"], in: folder.path,
      environment: ["VEDL_CACHE_DIR": second])
    #expect(batch.status == 0, "\(batch.stderr)")
    #expect(recorded("rows/001-a.mp4") == planted)

    // `VEDL_CACHE_DIR=` (empty) turns the folder off.
    let three = vedl(["render", "c.vedl", "-o", "three.mp4"], in: folder.path, environment: ["VEDL_CACHE_DIR": ""])
    #expect(three.status == 0, "\(three.stderr)")
    #expect(recorded("three.mp4") == real)
  }

  @Test func progressLineOnlyOnATerminal() {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = write(Self.script, "a.vedl", in: folder)
    let captured = CapturedOutput()
    let plain = captured.io(currentDirectory: folder.path)
    let terminal = CommandIO(
      out: plain.out, err: plain.err, stdoutIsTerminal: false, stderrIsTerminal: true, environment: [:],
      currentDirectory: folder.path)

    #expect(VEDLCommandLine.run(arguments: ["render", "a.vedl"], io: terminal) == 0)

    #expect(captured.stderr.hasPrefix("\rrendering a.mp4  ["))
    #expect(captured.stderr.contains("100%"))
    #expect(captured.stderr.hasSuffix("\r\u{1B}[K"))
    #expect(captured.stdout.hasPrefix("rendered out/a.mp4"))
  }

  /// Ctrl-C (`SIGINT`, 130) and `kill` (`SIGTERM`, 143) alike.
  @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
  func aSignalStopsTheRenderAndLeavesNoFile(_ signal: Int32, _ status: Int32) throws {
    // 120 s: long enough that the signal always lands mid-render. Through `env`, so the
    // signal has its default action in vedl whatever the test runner's children inherit.
    let render = try SignalledRender(seconds: 120, env: "--default-signal=INT,TERM,HUP", in: self)
    defer { try? FileManager.default.removeItem(at: render.folder) }
    #expect(!files(in: render.out).isEmpty, "the render never started writing")
    usleep(200_000)
    let log = render.signal(signal)

    #expect(render.process.terminationReason == .exit)
    #expect(render.process.terminationStatus == status, "\(log)")
    #expect(log.contains("error[E0813]: render interrupted"))
    #expect(files(in: render.out).isEmpty)
  }

  /// `nohup vedl render …`: a hang-up the process was started ignoring does not stop it.
  @Test func anIgnoredHangUpLeavesTheRenderRunning() throws {
    let render = try SignalledRender(seconds: 30, env: "--ignore-signal=HUP", in: self)
    defer { try? FileManager.default.removeItem(at: render.folder) }
    #expect(render.process.isRunning, "the render ended before the hang-up could reach it")
    let log = render.signal(SIGHUP)

    #expect(render.process.terminationReason == .exit)
    #expect(render.process.terminationStatus == 0, "\(log)")
    #expect(files(in: render.out).sorted() == ["long.mp4", "long.mp4.json"])
  }

  /// `kill -9` cannot be observed, so the killed render's temporary stays; the next render
  /// of that output removes it (nobody holds its lock any more).
  @Test func theNextRenderRemovesWhatAKilledRenderLeft() throws {
    let render = try SignalledRender(seconds: 120, env: "--default-signal=INT,TERM,HUP", in: self)
    defer { try? FileManager.default.removeItem(at: render.folder) }
    _ = render.signal(SIGKILL)
    #expect(render.process.terminationReason == .uncaughtSignal)
    // Its temporary and its output lock.
    let left = files(in: render.out).sorted()
    #expect(left.count == 2 && left[0] == ".long.mp4.vedl-lock" && left[1].hasPrefix(".long.vedl-tmp-"), "\(left)")

    _ = write(
      "canvas 160x90 fps: 30\ntrack main { clip color(blue) duration: 10f }\nexport \"out/long.mp4\" quality: low\n",
      "short.vedl", in: render.folder)
    let again = vedl(["render", "short.vedl"], in: render.folder.path)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(files(in: render.out).sorted() == ["long.mp4", "long.mp4.json"])
  }

  /// Two `vedl render`s of one output at once, with different `--set` values: the second
  /// waits for the first (it says so), then renders, so the picture and `OUT.json` are both
  /// the second's. Without the lock both rendered at once and could leave the picture of
  /// one and the metadata of the other, which the next render then called up to date. Two
  /// identical renders at once: the second finds the first's output up to date.
  @Test func twoRendersOfOneOutputTakeTurns() throws {
    let executable = try vedlExecutable()
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("out")
    _ = write(
      "canvas 640x360 fps: 30\nparam hold: Duration = 1s\nlet bars = testpattern()\n"
        + "track main { clip bars duration: hold }\nexport \"out/a.mp4\"\n", "a.vedl", in: folder)

    func start(_ hold: String) throws -> (process: Process, errors: Pipe, output: Pipe) {
      let process = Process()
      let (errors, output) = (Pipe(), Pipe())
      process.executableURL = executable
      process.arguments = ["render", "a.vedl", "--set", "hold=\(hold)"]
      process.currentDirectoryURL = folder
      process.environment = ProcessInfo.processInfo.environment.merging(["VEDL_CACHE_DIR": ""]) { $1 }
      process.standardError = errors
      process.standardOutput = output
      try process.run()
      return (process, errors, output)
    }
    func finish(_ render: (process: Process, errors: Pipe, output: Pipe)) -> (status: Int32, out: String, err: String) {
      let err = String(decoding: render.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      let out = String(decoding: render.output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      render.process.waitUntilExit()
      return (render.process.terminationStatus, out, err)
    }
    /// Starts two renders, the second once the first is at work on the output: its temporary
    /// file is there, which it makes only while it holds the lock (the lock file alone may
    /// not be locked yet, and on a loaded machine the second could then take it first).
    func race(_ first: String, _ second: String) throws -> [(status: Int32, out: String, err: String)] {
      let a = try start(first)
      let deadline = Date().addingTimeInterval(60)
      while !files(in: out).contains(where: { $0.contains(".vedl-tmp-") }) && a.process.isRunning
        && Date() < deadline
      {
        usleep(5_000)
      }
      let b = try start(second)
      return [finish(a), finish(b)]
    }
    /// The frames in the picture, and the frame count and `hold` `OUT.json` records.
    func written() throws -> (frames: Int64?, recordedFrames: Int64, recordedHold: String?) {
      let info = try MediaProbe.probe(path: out.appendingPathComponent("a.mp4").path, options: .countFrames)
      let json = try Data(contentsOf: out.appendingPathComponent("a.mp4.json"))
      let metadata = try JSONDecoder().decode(RenderMetadata.Document.self, from: json)
      return (info.primaryVideo?.video?.frameCount, metadata.frameCount, metadata.parameters["hold"])
    }

    let takingTurns = try race("4s", "2s")
    #expect(takingTurns.map(\.status) == [0, 0], "\(takingTurns)")
    #expect(takingTurns[0].out == "rendered out/a.mp4 (120 frames, 4s, 640x360, h264)\n", "\(takingTurns[0])")
    #expect(takingTurns[1].err == "waiting for another render of out/a.mp4 to finish\n", "\(takingTurns[1])")
    #expect(takingTurns[1].out == "rendered out/a.mp4 (60 frames, 2s, 640x360, h264)\n", "\(takingTurns[1])")
    let result = try written()
    #expect(result.frames == 60 && result.recordedFrames == 60 && result.recordedHold == "2s", "\(result)")
    // No lock file stays behind.
    #expect(files(in: out).sorted() == ["a.mp4", "a.mp4.json"])
    // Up to date only for the values the picture was made with.
    let upToDate = vedl(["render", "a.vedl", "--set", "hold=2s"], in: folder.path, environment: ["VEDL_CACHE_DIR": ""])
    #expect(upToDate.stdout == "out/a.mp4 is up to date (use --force to render it anyway)\n", "\(upToDate)")

    let same = try race("3s", "3s")
    #expect(same.map(\.status) == [0, 0], "\(same)")
    #expect(same[0].out == "rendered out/a.mp4 (90 frames, 3s, 640x360, h264)\n", "\(same[0])")
    #expect(same[1].out == "out/a.mp4 is up to date (use --force to render it anyway)\n", "\(same[1])")
    let again = try written()
    #expect(again.frames == 90 && again.recordedFrames == 90 && again.recordedHold == "3s", "\(again)")
    #expect(files(in: out).sorted() == ["a.mp4", "a.mp4.json"])
  }

  /// Every command of a script whose captions import a file, run from another folder: the
  /// caption file resolves against the script's folder for `check`, `graph` and `timeline`,
  /// and for both backends of `render` and for `still` too (the render fingerprinted the
  /// path as written, relative to the current folder, and failed with E0811), which burn the
  /// cue in and write it to the sidecar.
  @Test func captionImportsResolveAgainstTheScriptFromAnotherFolder() throws {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    let project = folder.appendingPathComponent("project")
    try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
    _ = write("1\n00:00:00,000 --> 00:00:01,000\nHELLO\n", "subs.srt", in: project)
    _ = write(
      """
      canvas 160x90 fps: 30
      track main { clip color(black) duration: 1s }
      captions {
        import "subs.srt"
        style size: 20 color: #FFFFFF box: #FF0000 position: bottom
      }
      export "out/a.mp4" quality: low {
        thumbnail "out/a.jpg" at: 0s
        sidecar "out/a.srt"
      }
      """, "a.vedl", in: project)
    let elsewhere = folder.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    let script = "../project/a.vedl"
    let environment = ["VEDL_CACHE_DIR": ""]
    for command in [["check", script], ["graph", script], ["timeline", script, "-o", "t.svg"]] {
      let result = vedl(command, in: elsewhere.path, environment: environment)
      #expect(result.status == 0, "\(command): \(result.stderr)")
    }
    let out = project.appendingPathComponent("out")
    let rendered = vedl(["render", script], in: elsewhere.path, environment: environment)
    #expect(rendered.status == 0, "\(rendered.stderr)")
    #expect(rendered.stdout.hasPrefix("rendered out/a.mp4 (30 frames"), "\(rendered.stdout)")
    let sidecar = try? String(contentsOf: out.appendingPathComponent("a.srt"), encoding: .utf8)
    #expect(sidecar?.contains("HELLO") == true, "\(sidecar ?? "no sidecar")")
    #expect(try redPixels(out.appendingPathComponent("a.jpg").path) > 100)

    let native = vedl(
      ["render", script, "--backend", "native", "-o", "../project/out/n.png"], in: elsewhere.path,
      environment: environment)
    #expect(native.status == 0, "\(native.stderr)")
    #expect(try redPixels(out.appendingPathComponent("n.png").path) > 100)

    let still = vedl(["still", script, "--at", "0s", "-o", "../project/out/s.png"], in: elsewhere.path)
    #expect(still.status == 0, "\(still.stderr)")
    #expect(try redPixels(out.appendingPathComponent("s.png").path) > 100)
  }

  /// The pixels of a picture file that are clearly red (the caption box above).
  func redPixels(_ path: String) throws -> Int {
    let rgb = [UInt8](
      try FFmpegCLI.run(["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"]).stdout)
    return stride(from: 0, to: rgb.count - 2, by: 3).count { rgb[$0] > 180 && rgb[$0 + 1] < 80 && rgb[$0 + 2] < 80 }
  }

  /// `vedl render` of `seconds` of a test pattern, started through `env ENV` in a folder of
  /// its own, returned once its output folder has a file (or it ended, or a minute passed).
  struct SignalledRender {
    let folder: URL
    let out: URL
    let process = Process()
    private let errors = Pipe()

    init(seconds: Int, env: String, in tests: RenderCommandTests) throws {
      let executable = try tests.vedlExecutable()
      folder = TestFolder.fresh()
      out = folder.appendingPathComponent("out")
      _ = write(
        "canvas 640x360 fps: 30\nlet bars = testpattern()\ntrack main { clip bars duration: \(seconds)s }\n"
          + "export \"out/long.mp4\"\n", "long.vedl", in: folder)
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [env, executable.path, "render", "long.vedl"]
      process.currentDirectoryURL = folder
      process.standardError = errors
      process.standardOutput = FileHandle.nullDevice
      try process.run()
      let deadline = Date().addingTimeInterval(60)
      // Its temporary exists once it holds the output's lock and renders (the lock file
      // appears first, before the lock is taken).
      while !tests.files(in: out).contains(where: { $0.contains(".vedl-tmp-") }) && process.isRunning
        && Date() < deadline
      {
        usleep(20_000)
      }
    }

    /// Sends `number`, waits for the process to end and returns its standard error.
    func signal(_ number: Int32) -> String {
      kill(process.processIdentifier, number)
      let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      return log
    }
  }

  /// A clip whose file's pictures end (1 s) before its sound (3 s). In an MP4 the picture
  /// stream's length is known, so the check refuses the clip (E0406) and nothing renders. A
  /// Matroska file does not say how long each stream is: the check takes the file's length,
  /// and the render finds the missing pictures — the FFmpeg backend with E0818 at the clip.
  @Test func picturesEndingBeforeTheClipStopTheRenderAtTheClip() throws {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["av.mp4", "av.mkv"] {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
      process.arguments = [
        "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=96x54:rate=30:duration=1", "-f",
        "lavfi", "-i", "sine=duration=3", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a",
        "aac", folder.appendingPathComponent(name).path,
      ]
      try process.run()
      process.waitUntilExit()
      _ = write(
        """
        canvas 96x54 fps: 30
        let a = video("\(name)")
        track main {
          clip color(#336699) duration: 1s
          clip a trim: 0s..3s id: long
        }
        export "out/av.mp4" quality: low
        """, "\(name).vedl", in: folder)
    }
    for backend in ["ffmpeg", "native"] {
      let result = vedl(["render", "av.mp4.vedl", "--backend", backend], in: folder.path)
      #expect(result.status == 1, "\(backend): \(result.stderr)")
      #expect(
        result.stderr.contains(
          "error[E0406]: `long` asks for 3s of `av.mp4` (source time 0s..3s), but `av.mp4`'s picture is only 1s long"),
        "\(backend): \(result.stderr)")
      #expect(result.stderr.contains(" --> av.mp4.vedl:5:16"), "\(backend): \(result.stderr)")
      #expect(files(in: folder.appendingPathComponent("out")).isEmpty, "\(backend)")
    }
    let still = vedl(["still", "av.mp4.vedl", "--at", "1900ms", "-o", "s.png"], in: folder.path)
    #expect(still.status == 1 && still.stderr.contains("error[E0406]"), "\(still.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("s.png").path))

    let result = vedl(["render", "av.mkv.vedl"], in: folder.path)
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.contains("error[E0818]: the render of "), "\(result.stderr)")
    #expect(result.stderr.contains("stopped at frame 60 of 120"), "\(result.stderr)")
    #expect(result.stderr.contains(" --> av.mkv.vedl:5:3"), "\(result.stderr)")
    #expect(result.stderr.contains("`long` plays at frame 60, the first one missing"))
    #expect(files(in: folder.appendingPathComponent("out")).isEmpty)
    // FIXME: the native backend reports this valid file as damaged (E0811, "its pictures
    // stop at 0.990s, but it declares 3.023s") rather than E0818 at the clip.
    let native = vedl(["render", "av.mkv.vedl", "--backend", "native"], in: folder.path)
    #expect(native.status == 1 && native.stderr.contains("error[E0811]"), "\(native.stderr)")
    #expect(files(in: folder.appendingPathComponent("out")).isEmpty)
  }

  // MARK: Helpers

  func files(in folder: URL) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
  }

  func makeClip(at path: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
    process.arguments = [
      "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=30", "-t", "2", "-c:v",
      "libx264",
      "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-movflags", "+faststart", path,
    ]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }

  /// The `vedl` executable SwiftPM builds beside the test bundle.
  func vedlExecutable() throws -> URL {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      Bundle.main.bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL,
    ].map { $0.appendingPathComponent("vedl") }
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
      throw CocoaError(
        .fileNoSuchFile,
        userInfo: [
          NSLocalizedDescriptionKey:
            "no `vedl` executable beside the tests (\(candidates.map(\.path))); run `swift build`"
        ])
    }
    return found
  }
}
