import Foundation
import Testing
import VEDLTestSupport

@testable import VEDLCLI

@Suite struct TimelineCommandTests {
  @Test func writesSVGAndPNGAndRejectsOtherExtensions() throws {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = write(
      "canvas 640x360\ntrack main {\n  clip testpattern() duration: 2s id: a\n  crossfade 10f\n  clip color(red) duration: 2s\n}\n",
      "t.vedl", in: folder)
    let svg = folder.appendingPathComponent("t.svg").path
    let r = vedl(["timeline", file, "-o", svg])
    #expect(r.status == 0, "\(r.stderr)")
    let text = try String(contentsOfFile: svg, encoding: .utf8)
    #expect(text.hasPrefix("<?xml") || text.hasPrefix("<svg"))
    #expect(text.contains("data-start-frame"))
    let png = folder.appendingPathComponent("t.png").path
    #expect(vedl(["timeline", file, "-o", png]).status == 0)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG signature")
    #expect(vedl(["timeline", file, "-o", folder.appendingPathComponent("t.jpg").path]).status == 2)
    #expect(vedl(["timeline", file]).status == 2)
  }

  /// The output's folder is created, as `vedl render` creates it; a folder that cannot be
  /// made fails at once, before the picture is drawn, with E0502 naming it.
  @Test func createsTheOutputFolderOrFailsAtOnce() throws {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = write("canvas 640x360\ntrack main {\n  clip testpattern() duration: 2s\n}\n", "t.vedl", in: folder)
    let made = vedl(["timeline", "t.vedl", "-o", "pictures/new/t.svg"], in: folder.path)
    #expect(made.status == 0, "\(made.stderr)")
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("pictures/new/t.svg").path))

    _ = write("in the way\n", "blocked", in: folder)
    let blocked = vedl(["timeline", "t.vedl", "-o", "blocked/t.png"], in: folder.path)
    #expect(blocked.status == 1)
    let named = "\"\(folder.appendingPathComponent("blocked").path)\" is not a folder"
    #expect(blocked.stderr.contains("error[E0502]: cannot write `blocked/t.png`: \(named)"), "\(blocked.stderr)")
    #expect(blocked.stderr.contains("--> -o:1:1"), "\(blocked.stderr)")
  }
}
