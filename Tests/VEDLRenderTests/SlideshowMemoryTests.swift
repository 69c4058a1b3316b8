import Foundation
import Testing
import VEDLRender
import VEDLSema

/// Peak memory is flat in the number of items: a slideshow of photos joined by crossfades —
/// one run of items, which the FFmpeg backend used to hold in one graph until its end
/// (60 photos peaked at 3.6 GB) — takes about as much memory with 40 photos as with 10, in
/// both backends. Each render is a `vedl render` process of its own, measured by `wait4`.
@Suite struct SlideshowMemoryTests {
  /// A slideshow of the first `count` photos, each 300 ms, joined by 100 ms crossfades.
  static func script(photos count: Int) -> String {
    var lines = ["canvas 160x90 fps: 30", "track main {"]
    for index in 1...count {
      if index > 1 { lines.append("  crossfade 100ms") }
      lines.append("  clip image(\"media/p\(String(format: "%02d", index)).jpg\") duration: 300ms")
    }
    lines += ["}", "export \"out/show.mp4\" quality: low"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// The limit the 40-photo render's peak must stay under: the 10-photo render's, 30 % more
  /// and 32 MiB (a render's peak varies by a few MiB between runs; the 30 photos more used
  /// to add 110 MiB here even at this size).
  static func limit(for peak: Int) -> Int { peak * 13 / 10 + 32 * 1024 }

  @Test(arguments: [RenderBackend.ffmpeg, .native])
  func peakMemoryDoesNotGrowWithTheNumberOfPhotos(_ backend: RenderBackend) throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    try workspace.make(
      "media/p%02d.jpg",
      ["-f", "lavfi", "-i", "testsrc2=size=480x270:rate=1", "-vf", "hue=h=37*t", "-frames:v", "40", "-q:v", "4"])
    var peaks: [Int: Int] = [:]
    for count in [10, 40] {
      let name = "show\(count).vedl"
      try workspace.write(Self.script(photos: count), to: name)
      let output = "out/\(backend.rawValue)\(count).mp4"
      let run = try PeakMemory.run(
        try vedlExecutable(),
        ["render", workspace.path(name), "--backend", backend.rawValue, "-o", workspace.path(output)],
        in: workspace.directory)
      #expect(run.status == 0, "\(backend) \(count) photos: \(run.stderr)")
      #expect(try workspace.frameCount(workspace.path(output)) == Int64(count * 9 - (count - 1) * 3))
      peaks[count] = run.peakKiB
    }
    let small = try #require(peaks[10])
    let large = try #require(peaks[40])
    print("slideshow memory: \(backend): 10 photos \(small / 1024) MiB, 40 photos \(large / 1024) MiB")
    #expect(large < Self.limit(for: small), "\(backend): 10 photos \(small) KiB, 40 photos \(large) KiB")

    // The frames are the graph's: the same as the `ffmpeg` command vedl prints for it.
    guard backend == .ffmpeg else { return }
    let (file, timeline) = try workspace.check(Self.script(photos: 40), name: "show40.vedl")
    let target = try #require(RenderTarget.exports(of: timeline).first)
    let settings = RenderSettings(script: file, baseDirectory: workspace.directory, toolVersion: "test")
    let plan = try RenderPlan(timeline: timeline, target: target, settings: settings)
    let reference = workspace.path("reference.mp4")
    try workspace.ffmpeg(plan.command(output: reference))
    let psnr = try workspace.psnr(workspace.path("out/ffmpeg40.mp4"), reference)
    #expect(psnr >= 40, "PSNR \(psnr) dB")
  }

  /// The `vedl` executable SwiftPM builds beside the test bundle.
  func vedlExecutable() throws -> String {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      Bundle.main.bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL,
    ].map { $0.appendingPathComponent("vedl").path }
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
      throw RenderWorkspace.Failure(description: "no `vedl` executable beside the tests (\(candidates))")
    }
    return found
  }
}

/// Runs a process and reports the peak of its resident memory (`ru_maxrss` of `wait4` for
/// that one child; `RUSAGE_CHILDREN` would mix in every other child of the test process).
enum PeakMemory {
  struct Run {
    var status: Int32
    var peakKiB: Int
    var stderr: String
  }

  /// Runs `executable` with `arguments` (paths absolute: it runs in the test's folder); its
  /// standard error is kept in a file in `folder` until it has ended.
  static func run(_ executable: String, _ arguments: [String], in folder: String) throws -> Run {
    let errors = (folder as NSString).appendingPathComponent("stderr-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(atPath: errors) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
    guard spawned == 0 else {
      throw RenderWorkspace.Failure(description: "cannot start \(executable): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else { throw RenderWorkspace.Failure(description: "wait4 failed: \(errno)") }
    }
    // WIFEXITED / WEXITSTATUS; a signal shows as 128 + its number.
    let exit = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    let message = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
    return Run(status: exit, peakKiB: Int(usage.ru_maxrss), stderr: message)
  }
}
