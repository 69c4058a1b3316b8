import Foundation
import Testing
import VEDLCLI

/// `vedl import` and `vedl export` in-process: files written, refusals, usage errors.
@Suite struct InterchangeCommandTests {
  static func run(_ arguments: [String], in directory: String) -> (status: Int32, out: String, err: String) {
    let captured = CapturedOutput()
    let status = VEDLCommandLine.run(
      arguments: arguments, io: captured.io(environment: ["NO_COLOR": "1"], currentDirectory: directory))
    return (status, captured.stdout, captured.stderr)
  }

  static func folder() throws -> String {
    let path = NSTemporaryDirectory() + "vedl-otio-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test func exportThenImportThroughTheCommandLine() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try """
    canvas 320x180 fps: 25
    track main {
      clip testpattern() duration: 2s id: bars
      crossfade 10f
      clip color(#336699) duration: 1s
    }
    track overlay "titles" {
      text "Hi" at: 0.5s duration: 1s
    }

    """.write(toFile: dir + "/edit.vedl", atomically: true, encoding: .utf8)
    let exported = Self.run(["export", "edit.vedl", "-o", "edit.otio"], in: dir)
    #expect(exported.status == 0, "\(exported.err)")
    let imported = Self.run(["import", "edit.otio", "-o", "again.vedl"], in: dir)
    #expect(imported.status == 0, "\(imported.err)")
    #expect(Self.run(["fmt", "--check", "again.vedl"], in: dir).status == 0)
    let before = Self.run(["ir", "edit.vedl"], in: dir)
    let after = Self.run(["ir", "again.vedl"], in: dir)
    #expect(before.status == 0 && after.status == 0)
    #expect(before.out == after.out)
    // Without `-o` the script goes to standard output.
    let printed = Self.run(["import", "edit.otio"], in: dir)
    #expect(printed.out == (try String(contentsOfFile: dir + "/again.vedl", encoding: .utf8)))
  }

  @Test func importNeverWritesOverItsInput() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try "track main { clip testpattern() duration: 1s }\n".write(
      toFile: dir + "/a.vedl", atomically: true, encoding: .utf8)
    #expect(Self.run(["export", "a.vedl", "-o", "a.otio"], in: dir).status == 0)
    let original = try Data(contentsOf: URL(fileURLWithPath: dir + "/a.otio"))
    let refused = Self.run(["import", "a.otio", "-o", "./a.otio"], in: dir)
    #expect(refused.status == 1)
    #expect(refused.err.contains("E0802"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/a.otio")) == original)
    let overScript = Self.run(["export", "a.vedl", "-o", "a.vedl"], in: dir)
    #expect(overScript.status == 1)
    #expect(overScript.err.contains("E0802"))
  }

  @Test func usageErrors() throws {
    let dir = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    #expect(Self.run(["export", "a.vedl"], in: dir).status == 2)
    #expect(Self.run(["import"], in: dir).status == 2)
    #expect(Self.run(["import", "a.otio", "--canvas", "wide"], in: dir).status == 2)
    #expect(Self.run(["import", "a.otio", "--fps", "fast"], in: dir).status == 2)
    let missing = Self.run(["import", "nothing.otio"], in: dir)
    #expect(missing.status == 1)
    #expect(missing.err.contains("E0501"))
  }
}
