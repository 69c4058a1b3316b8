import Foundation
import VEDLTestSupport

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
    guard FileManager.default.isExecutableFile(atPath: ChildProcess.ffmpeg) else {
      throw Failure(
        description: "the ffmpeg CLI is not installed (not on PATH, not at /usr/bin/ffmpeg); "
          + "VEDLMedia's tests make their media with it: apt-get install ffmpeg")
    }
    try FFmpegCLI.mustRun(["-y", "-v", "error"] + arguments + [output])
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
}
