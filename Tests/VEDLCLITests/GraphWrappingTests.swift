import Foundation
import Testing

@testable import VEDLCLI

/// `vedl graph` wraps a text in a `size width:` box as `vedl render` does: one `drawtext`
/// per wrapped line.
@Suite struct GraphWrappingTests {
  @Test func theGraphDrawsEachWrappedLine() throws {
    let folder = temporaryFolder()
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
}
