import Foundation
import Testing
import VEDLTestSupport

@testable import VEDLCLI

/// `vedl graph` wraps a text in a `size width:` box as `vedl render` does: one `drawtext`
/// per wrapped line.
@Suite struct GraphWrappingTests {
  @Test func theGraphDrawsEachWrappedLine() throws {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    func graph(_ box: String) -> String {
      _ = write(
        """
        canvas 320x180 fps: 10
        track main { clip color(black) duration: 500ms }
        track overlay { text "Several words that cannot share one line" at: 0s duration: 500ms { font "DejaVu Sans" size: 20\(box) } }
        """, "t.vedl", in: folder)
      let result = vedl(["graph", "t.vedl"], in: folder.path)
      #expect(result.status == 0, "\(result.stderr)")
      return result.stdout
    }
    let wrapped = graph("; size width: 150")
    #expect(wrapped.contains("text=Several words:"), "\(wrapped)")
    #expect(!wrapped.contains("text=Several words that cannot share one line"), "\(wrapped)")
    #expect(graph("").contains("text=Several words that cannot share one line:"))
  }

  @Test func aMissingFontFileIsE0515AtItsString() throws {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = write(
      """
      canvas 320x180 fps: 10
      track main { clip color(black) duration: 500ms }
      track overlay { text "Hi" at: 0s duration: 500ms { font "fonts/missing.ttf" size: 20 } }
      """, "t.vedl", in: folder)
    for command in ["check", "graph"] {
      let result = vedl([command, "t.vedl"], in: folder.path)
      #expect(result.status == 1, "\(command): \(result.stderr)")
      #expect(result.stderr.contains("error[E0515]: font file `fonts/missing.ttf` not found"), "\(result.stderr)")
      #expect(result.stderr.contains("t.vedl:3:57"), "\(result.stderr)")
    }
  }

  @Test func theCommandOfAStyledWrappedTextRunsWithTheResolvedFontFile() throws {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = write(
      """
      canvas 320x180 fps: 10
      track main { clip color(black) duration: 100ms }
      track overlay { text "Bold words wrapped in a box" at: 0s duration: 100ms { font "DejaVu Sans:style=Bold" size: 20; size width: 150 } }
      export "out/t.png"
      """, "t.vedl", in: folder)
    let result = vedl(["graph", "t.vedl", "--command"], in: folder.path)
    #expect(result.status == 0, "\(result.stderr)")
    // The pattern is resolved to its file: `drawtext`'s `font=` would read it as a family.
    #expect(result.stdout.contains("fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"), "\(result.stdout)")
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = ["-c", result.stdout]
    shell.currentDirectoryURL = folder
    try shell.run()
    shell.waitUntilExit()
    #expect(shell.terminationStatus == 0)
    #expect(FileManager.default.fileExists(atPath: folder.path + "/out/t.png"))
  }
}
