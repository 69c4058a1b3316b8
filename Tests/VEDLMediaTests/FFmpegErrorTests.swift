import Foundation
import Testing
import VEDLMedia

/// `FFmpegError` carries FFmpeg's own message and what was being done.
@Suite struct FFmpegErrorTests {
  @Test func posixCodesUseTheSystemMessage() {
    let error = FFmpegError(
      code: FFmpegError.code(posixError: ENOENT), operation: "opening \"a.mp4\"")

    #expect(error.message == "No such file or directory")
    #expect(error.posixErrorCode == ENOENT)
    #expect(error.description == "opening \"a.mp4\": No such file or directory")
    #expect(!error.isEndOfFile)
  }

  @Test func ffmpegTagsUseFFmpegsMessage() {
    let end = FFmpegError(code: FFmpegError.endOfFileCode, operation: "reading")
    #expect(end.message == "End of file")
    #expect(end.isEndOfFile)
    #expect(end.posixErrorCode == nil)

    let invalid = FFmpegError(code: FFmpegError.invalidDataCode, operation: "reading")
    #expect(invalid.message == "Invalid data found when processing input")
    #expect(invalid.isInvalidData)

    let again = FFmpegError(code: FFmpegError.tryAgainCode, operation: "decoding")
    #expect(again.isTryAgain)
    #expect(again.posixErrorCode == EAGAIN)
  }

  @Test func libraryMessagesAreAppendedToTheDescription() {
    let error = FFmpegError(
      code: FFmpegError.invalidDataCode, operation: "opening \"a.mp4\"",
      libraryMessages: ["moov atom not found"])

    #expect(
      error.description
        == "opening \"a.mp4\": Invalid data found when processing input (moov atom not found)")
  }

  @Test func checkPassesSuccessThroughAndThrowsFailure() throws {
    #expect(try FFmpegError.check(0, "nothing") == 0)
    #expect(try FFmpegError.check(42, "a count") == 42)
    do {
      try FFmpegError.check(FFmpegError.endOfFileCode, "reading a packet")
      Issue.record("a negative code must throw")
    } catch {
      #expect(error.operation == "reading a packet")
      #expect(error.isEndOfFile)
    }
  }

  @Test func openingADamagedFileRecordsWhatTheDemuxerLogged() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let whole = try fixtures.testClip("whole.mp4")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
    let path = try fixtures.write(bytes.prefix(1000), to: "cut.mp4")

    do {
      _ = try FormatInputContext(path: path)
      Issue.record("a cut MP4 without its index must not open")
    } catch {
      #expect(error.isInvalidData)
      #expect(error.operation == "opening \"\(path)\"")
      #expect(error.libraryMessages == ["moov atom not found"])
    }
  }

  @Test func formatInputContextOpensAndDescribesAFile() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let path = try fixtures.testClip("clip.mp4")

    let input = try FormatInputContext(path: path)
    try input.findStreamInfo()

    #expect(input.formatName == "mov,mp4,m4a,3gp,3g2,mj2")
    #expect(input.formatLongName == "QuickTime / MOV")
    #expect(input.streamCount == 1)
    #expect(input.containerDuration == 2)
  }

  @Test func pathsWithColonsAreFilesNotURLs() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    try fixtures.testClip("http:clip.mp4")

    let info = try MediaProbe.probe(path: fixtures.path("http:clip.mp4"))

    #expect(info.primaryVideo?.video?.frameCount == 60)
  }
}
