import Foundation
import Testing

@testable import VEDLMedia

/// Each way a probe can fail is reported as its own `MediaProbeError` case with a message.
@Suite struct ProbeErrorTests {
  /// The error `probe` throws for `path`, or `nil` (recorded as an issue) when it succeeds.
  private func probeError(_ path: String) -> MediaProbeError? {
    do {
      let info = try MediaProbe.probe(path: path)
      Issue.record(
        "expected an error, probed \(info.formatName) with \(info.streams.count) streams")
      return nil
    } catch {
      return error
    }
  }

  @Test func missingFile() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let path = fixtures.path("nothing-here.mp4")

    let error = try #require(probeError(path))

    #expect(error == .fileMissing(path: path))
    #expect(error.message == "media file \"\(path)\" does not exist")
  }

  @Test func directoryIsNotAFile() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }

    let error = try #require(probeError(fixtures.directory.path))

    #expect(error == .notAFile(path: fixtures.directory.path))
  }

  @Test func symbolicLinksAreJudgedByTheirTarget() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let clip = try fixtures.testClip("clip.mp4", seconds: "1")
    let files = FileManager.default
    try files.createSymbolicLink(atPath: fixtures.path("link.mp4"), withDestinationPath: clip)
    try files.createSymbolicLink(
      atPath: fixtures.path("folder.mp4"), withDestinationPath: fixtures.directory.path)
    try files.createSymbolicLink(
      atPath: fixtures.path("dangling.mp4"), withDestinationPath: fixtures.path("gone.mp4"))

    #expect(
      try MediaProbe.probe(path: fixtures.path("link.mp4")).primaryVideo?.video?.frameCount == 30)
    #expect(probeError(fixtures.path("folder.mp4")) == .notAFile(path: fixtures.path("folder.mp4")))
    #expect(
      probeError(fixtures.path("dangling.mp4")) == .fileMissing(path: fixtures.path("dangling.mp4"))
    )
  }

  @Test func namedPipeIsNotAFile() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let path = fixtures.path("pipe.mp4")
    try #require(mkfifo(path, 0o600) == 0)

    // Probing must not block waiting for a writer.
    #expect(probeError(path) == .notAFile(path: path))
  }

  @Test func emptyFile() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let path = try fixtures.write(Data(), to: "empty.mp4")

    #expect(probeError(path) == .emptyFile(path: path))
  }

  @Test func textFileNamedMp4IsInvalidData() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let path = try fixtures.write(Data("these are notes, not a video\n".utf8), to: "notes.mp4")

    let error = try #require(probeError(path))

    guard case .invalidData(let errorPath, let underlying) = error else {
      Issue.record("expected .invalidData, got \(error)")
      return
    }
    #expect(errorPath == path)
    #expect(underlying.isInvalidData)
    #expect(error.message.hasPrefix("\"\(path)\" is not a media file FFmpeg can read"))
  }

  @Test func containerWithoutStreamsHasNoStreams() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    // FFmpeg's metadata text format: a valid container that holds only tags.
    let path = try fixtures.write(Data(";FFMETADATA1\ntitle=hello\n".utf8), to: "tags.txt")

    let error = try #require(probeError(path))

    #expect(error == .noStreams(path: path, format: "ffmetadata"))
    #expect(
      error.message
        == "\"\(path)\" (ffmetadata) contains no audio, video, image or subtitle streams")
  }

  @Test func randomBytesAreInvalidData() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    // A fixed pseudo-random sequence (xorshift), so the test is repeatable.
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let bytes = (0..<4096).map { _ -> UInt8 in
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return UInt8(truncatingIfNeeded: state)
    }
    let path = try fixtures.write(Data(bytes), to: "noise.bin")

    let error = try #require(probeError(path))

    guard case .invalidData = error else {
      Issue.record("expected .invalidData, got \(error)")
      return
    }
  }

  @Test func firstThousandBytesOfMp4AreTruncated() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let whole = try fixtures.testClip("whole.mp4")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
    let path = try fixtures.write(bytes.prefix(1000), to: "cut.mp4")

    let error = try #require(probeError(path))

    guard case .truncated(let errorPath, let format, let detail) = error else {
      Issue.record("expected .truncated, got \(error)")
      return
    }
    #expect(errorPath == path)
    #expect(format?.contains("mp4") == true)
    // The demuxer's own explanation travels with the error.
    #expect(detail == "moov atom not found")
    #expect(error.message.contains("truncated or damaged: moov atom not found"))
  }

  @Test func wavCutBeforeItsDataChunkIsTruncated() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let whole = try fixtures.ffmpeg(
      ["-f", "lavfi", "-i", "sine=sample_rate=48000", "-t", "1"], output: "tone.wav")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
    let path = try fixtures.write(bytes.prefix(44), to: "header-only.wav")

    let error = try #require(probeError(path))

    guard case .truncated(_, let format, let detail) = error else {
      Issue.record("expected .truncated, got \(error)")
      return
    }
    #expect(format == "wav")
    #expect(detail == "no 'data' tag found")
  }

  /// Tests run as root here, so a real unreadable file cannot be made; the mapping from the
  /// code FFmpeg returns is tested directly instead.
  @Test func permissionDeniedFromFFmpegIsNotReadable() {
    let denied = FFmpegError(
      code: FFmpegError.code(posixError: EACCES), operation: "opening \"x.mp4\"")

    let error = MediaProbe.classifyOpenFailure(denied, path: "x.mp4")

    #expect(error == .notReadable(path: "x.mp4", reason: "permission denied"))
    #expect(error.message == "media file \"x.mp4\" cannot be read: permission denied")
  }

  @Test func missingFileFromFFmpegIsFileMissing() {
    let missing = FFmpegError(
      code: FFmpegError.code(posixError: ENOENT), operation: "opening \"x.mp4\"")

    #expect(MediaProbe.classifyOpenFailure(missing, path: "x.mp4") == .fileMissing(path: "x.mp4"))
  }

  @Test func otherFFmpegFailuresKeepTheirMessage() {
    let failure = FFmpegError(
      code: FFmpegError.code(posixError: EIO), operation: "opening \"x.mp4\"")

    let error = MediaProbe.classifyOpenFailure(failure, path: "x.mp4")

    #expect(error == .ffmpeg(path: "x.mp4", underlying: failure))
    #expect(error.message == "could not probe \"x.mp4\": opening \"x.mp4\": Input/output error")
  }
}
