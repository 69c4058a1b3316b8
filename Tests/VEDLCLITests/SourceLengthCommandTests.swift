import Foundation
import Testing
import VEDLTestSupport

@testable import VEDLCLI

/// Runs `ffmpeg` to make a test file at `path`: `seconds` of `testsrc2` picture, and a sine of
/// `soundSeconds` when given (AAC, so the sound may end a little apart from the picture).
func makeMedia(at path: String, seconds: String, soundSeconds: String? = nil) {
  var arguments = ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=30:duration=\(seconds)"]
  if let soundSeconds { arguments += ["-f", "lavfi", "-i", "sine=frequency=440:duration=\(soundSeconds)"] }
  arguments += ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"]
  if soundSeconds != nil { arguments += ["-c:a", "aac"] }
  arguments.append(path)
  #expect((try? FFmpegCLI.run(arguments))?.status == 0)
}

/// `vedl check` against a real file (made with ffmpeg) whose picture (2 s) is shorter than
/// its sound (2.5 s): what a clip may ask of it (docs/language.md §4.7).
@Suite struct SourceLengthCommandTests {
  @Test func checkReportsAClipLongerThanItsSourceAndRendersAnUntrimmedOneWhole() throws {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    makeMedia(at: folder.appendingPathComponent("v.mp4").path, seconds: "2", soundSeconds: "2.5")

    _ = write(
      "canvas 160x90 fps: 30\nlet v = video(\"v.mp4\")\ntrack main {\n  clip v duration: 3s\n}\n", "long.vedl",
      in: folder)
    let long = vedl(["check", "long.vedl"], in: folder.path)
    #expect(long.status == 1)
    #expect(
      long.stderr.contains(
        "error[E0406]: `clip v` asks for 3s of `v.mp4` (source time 0s..3s), but `v.mp4`'s picture is only 2s long"),
      "\(long.stderr)")
    #expect(long.stderr.contains("--> long.vedl:4:20"), "\(long.stderr)")
    #expect(long.stderr.contains("`v.mp4`'s picture lasts 2s"))

    // Untrimmed, the clip lasts as long as its picture: all of its frames are rendered.
    _ = write(
      "canvas 160x90 fps: 30\ntrack main {\n  clip video(\"v.mp4\")\n}\nexport \"out.mp4\" quality: low\n",
      "whole.vedl",
      in: folder)
    let check = vedl(["check", "whole.vedl"], in: folder.path)
    #expect(check.status == 0 && check.stderr.isEmpty, "\(check.stderr)")
    let render = vedl(["render", "whole.vedl"], in: folder.path)
    #expect(render.status == 0, "\(render.stderr)")
    #expect(render.stdout.hasPrefix("rendered out.mp4 (60 frames, 2s, 160x90"), "\(render.stdout)")
    #expect(!render.stderr.contains("W0810"), "\(render.stderr)")
  }
}
