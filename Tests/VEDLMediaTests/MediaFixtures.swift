import Foundation

/// A temporary folder in which a test makes its media with the `ffmpeg` CLI (FFmpeg's own
/// `testsrc2` and `sine` sources), so no binary file lives in the repository. Each test makes
/// its own folder, so tests can run in parallel; `remove()` deletes it.
struct MediaFixtures {
  /// Why a fixture could not be made; the test fails with this text.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("vedl-media-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  func remove() {
    try? FileManager.default.removeItem(at: directory)
  }

  /// The path of `name` inside the folder (nothing is created).
  func path(_ name: String) -> String {
    directory.appendingPathComponent(name).path
  }

  /// Runs `ffmpeg -y -v error ARGUMENTS… OUTPUT` and returns the output path.
  @discardableResult
  func ffmpeg(_ arguments: [String], output name: String) throws -> String {
    let output = path(name)
    let process = Process()
    process.executableURL = try Self.ffmpegExecutable()
    process.arguments = ["-nostdin", "-hide_banner", "-y", "-v", "error"] + arguments + [output]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(
        description: "ffmpeg \(arguments.joined(separator: " ")) failed with status "
          + "\(process.terminationStatus): \(String(decoding: message, as: UTF8.self))")
    }
    return output
  }

  /// Writes `bytes` to `name` and returns its path.
  @discardableResult
  func write(_ bytes: Data, to name: String) throws -> String {
    let output = path(name)
    try bytes.write(to: URL(fileURLWithPath: output))
    return output
  }

  // MARK: The clips the tests use

  /// `testsrc2` at `size` and `rate` for `seconds`, H.264 in MP4, optionally with a 440 Hz
  /// 48 kHz mono AAC track of the same length.
  @discardableResult
  func testClip(
    _ name: String, size: String = "64x48", rate: String = "30", seconds: String = "2",
    withAudio: AudioTrack = .none, extraArguments: [String] = []
  ) throws -> String {
    var arguments = ["-f", "lavfi", "-i", "testsrc2=size=\(size):rate=\(rate)"]
    if withAudio == .sine {
      arguments += ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000"]
    }
    arguments += ["-t", seconds, "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"]
    if withAudio == .sine { arguments += ["-c:a", "aac", "-ac", "1"] }
    return try ffmpeg(arguments + extraArguments, output: name)
  }

  /// Whether `testClip` adds a sound track.
  enum AudioTrack { case none, sine }

  /// Finds `ffmpeg` on `PATH` (or at /usr/bin/ffmpeg); a missing CLI fails the test loudly
  /// rather than skipping it.
  static func ffmpegExecutable() throws -> URL {
    let environment = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let candidates = environment.split(separator: ":").map { "\($0)/ffmpeg" } + ["/usr/bin/ffmpeg"]
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    else {
      throw Failure(
        description: "the ffmpeg CLI is not installed (not on PATH, not at /usr/bin/ffmpeg); "
          + "VEDLMedia's tests make their media with it: apt-get install ffmpeg")
    }
    return URL(fileURLWithPath: found)
  }
}
