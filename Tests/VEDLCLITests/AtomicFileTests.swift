import Foundation
import Testing
import VEDLTestSupport

@testable import VEDLCLI

/// `vedl fmt --write` (and every `AtomicFile` write) replaces the file a path leads to:
/// through a symbolic link, keeping the permission bits and the hard links. VEDLRenderTests'
/// `AtomicFileTests` test `AtomicFile` itself.
@Suite struct AtomicFileTests {
  static let messy = "canvas   640x360\ntrack main {\nclip testpattern() duration: 1s\n}\n"

  func status(_ path: String) -> stat {
    var s = stat()
    #expect(lstat(path, &s) == 0)
    return s
  }

  @Test func formatWritesThroughASymbolicLink() throws {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = write(Self.messy, "real.vedl", in: folder)
    chmod(target, 0o640)
    let link = folder.appendingPathComponent("link.vedl").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.vedl")
    let formatted = vedl(["fmt", target]).stdout

    let r = vedl(["fmt", "--write", "link.vedl"], in: folder.path)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(status(link).st_mode & S_IFMT == S_IFLNK, "the link is still a link")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.vedl")
    #expect(try String(contentsOfFile: target, encoding: .utf8) == formatted, "the target is formatted")
    #expect(formatted != Self.messy)
    #expect(status(target).st_mode & 0o7777 == 0o640, "the target keeps its mode")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(leftovers == ["link.vedl", "real.vedl"])
  }

  @Test(arguments: [0o644, 0o600] as [mode_t])
  func formatKeepsTheMode(_ mode: mode_t) throws {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = write(Self.messy, "a.vedl", in: folder)
    chmod(path, mode)
    #expect(vedl(["fmt", "--write", path]).status == 0)
    #expect(try String(contentsOfFile: path, encoding: .utf8) != Self.messy)
    #expect(status(path).st_mode & 0o7777 == mode)
  }

  /// A rename would leave the other name with the old content: the file is rewritten in place.
  @Test func formatKeepsHardLinks() throws {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = write(Self.messy, "a.vedl", in: folder)
    let second = folder.appendingPathComponent("b.vedl").path
    try FileManager.default.linkItem(atPath: first, toPath: second)
    let inode = status(first).st_ino

    #expect(vedl(["fmt", "--write", first]).status == 0)
    #expect(status(first).st_ino == inode)
    #expect(status(second).st_ino == inode)
    #expect(status(first).st_nlink == 2)
    let text = try String(contentsOfFile: second, encoding: .utf8)
    #expect(text != Self.messy)
    #expect(vedl(["fmt", "--check", second]).status == 0)
  }
}
