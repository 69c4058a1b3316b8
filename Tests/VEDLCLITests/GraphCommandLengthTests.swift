import Foundation
import Testing
import VEDLTestSupport

@testable import VEDLCLI

/// `vedl graph --command` stays runnable when the graph is longer than Linux lets one
/// argument be (128 KiB): the graph goes into a here-document read as
/// `-filter_complex_script /dev/stdin`, and the command renders the same frames as
/// `vedl render`.
@Suite struct GraphCommandLengthTests {
  static func subtitles(cues: Int) -> String {
    (0..<cues).map { k in
      func time(_ tenths: Int) -> String {
        String(format: "00:%02d:%02d,%03d", tenths / 600, tenths / 10 % 60, tenths % 10 * 100)
      }
      return "\(k + 1)\n\(time(k)) --> \(time(k + 1))\nline number \(k)\n"
    }.joined(separator: "\n")
  }

  @Test func aLongGraphIsAHereDocumentAndRendersTheSameFrames() throws {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    let cues = 1500
    _ = write(Self.subtitles(cues: cues), "subs.srt", in: folder)
    _ = write(
      """
      canvas 64x36 fps: 10
      track main { clip color(#203040) duration: \(cues / 10)s }
      captions {
        import "subs.srt"
        style font: "DejaVu Sans" size: 8
      }
      export "out/long.mp4" quality: low
      """, "long.vedl", in: folder)

    let printed = vedl(["graph", "long.vedl", "--command", "-o", "cli.mp4"], in: folder.path)
    #expect(printed.status == 0, "\(printed.stderr)")
    let command = printed.stdout
    #expect(command.contains(" -filter_complex_script /dev/stdin "), "\(command.prefix(300))")
    #expect(command.contains("cli.mp4 <<'VEDL_FILTER_GRAPH'\n"), "\(command.prefix(600))")
    #expect(command.hasSuffix("\nVEDL_FILTER_GRAPH\n"))
    #expect(command.utf8.count > 131_072, "longer than one argument may be")
    #expect(!command.contains("-filter_complex "))

    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.currentDirectoryURL = folder
    let input = Pipe()
    shell.standardInput = input
    try shell.run()
    input.fileHandleForWriting.write(Data(command.utf8))
    try input.fileHandleForWriting.close()
    shell.waitUntilExit()
    #expect(shell.terminationStatus == 0)

    let rendered = vedl(["render", "long.vedl", "-o", "vedl.mp4"], in: folder.path)
    #expect(rendered.status == 0, "\(rendered.stderr)")
    let cli = try FFmpegCLI.frameDigests(folder.appendingPathComponent("cli.mp4").path)
    #expect(cli.count == cues)
    #expect(cli == (try FFmpegCLI.frameDigests(folder.appendingPathComponent("vedl.mp4").path)))
  }

  @Test func aShortGraphStaysOneLine() throws {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = write(Self.subtitles(cues: 3), "subs.srt", in: folder)
    _ = write(
      """
      canvas 64x36 fps: 10
      track main { clip color(#203040) duration: 1s }
      captions { import "subs.srt" }
      """, "short.vedl", in: folder)
    let printed = vedl(["graph", "short.vedl", "--command", "-o", "cli.mp4"], in: folder.path)
    #expect(printed.status == 0, "\(printed.stderr)")
    #expect(printed.stdout.hasPrefix("ffmpeg "))
    #expect(!printed.stdout.contains("<<"), "\(printed.stdout)")
    #expect(printed.stdout.contains(" -filter_complex '"))
  }
}
