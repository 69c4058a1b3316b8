import Foundation
import Testing

@testable import VEDLRender

/// `AtomicFile`: the one-file writes of the commands, through `OutputFiles` as renders write.
/// VEDLCLITests' `AtomicFileTests` test the same through `vedl fmt --write`.
@Suite struct AtomicFileTests {
  func status(_ path: String) -> stat {
    var s = stat()
    #expect(lstat(path, &s) == 0)
    return s
  }

  /// A dangling link names the file it would create.
  @Test func writesThroughADanglingLink() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    let link = workspace.path("link.json")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "sub/out.json")
    try AtomicFile.write(Data("{}\n".utf8), to: link)
    #expect(status(link).st_mode & S_IFMT == S_IFLNK)
    #expect(try String(contentsOfFile: workspace.path("sub/out.json"), encoding: .utf8) == "{}\n")
    #expect(workspace.leftoverTemporaries().isEmpty)
  }

  @Test func keepsTheModeAndLeavesNoTemporary() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    let path = try workspace.write("old\n", to: "a.txt")
    chmod(path, 0o604)
    try AtomicFile.write(Data("new\n".utf8), to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
    #expect(status(path).st_mode & 0o7777 == 0o604)
    #expect(workspace.allFiles() == ["a.txt"])
  }

  /// A temporary of a write killed outright (unlocked) goes with the next write of that file.
  @Test func removesAStaleTemporary() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    let stale = ".a.vedl-tmp-\(UUID().uuidString).txt"
    try workspace.write("partial", to: stale)
    try AtomicFile.write(Data("new\n".utf8), to: workspace.path("a.txt"))
    #expect(workspace.allFiles() == ["a.txt"])
  }

  /// A failed write leaves neither its temporary nor the folders it made.
  @Test func aFailedWriteLeavesNothing() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    try FileManager.default.createDirectory(
      atPath: workspace.path("new/out.txt/inside"), withIntermediateDirectories: true)
    #expect(throws: AtomicFileError.self) { try AtomicFile.write(Data("x".utf8), to: workspace.path("new/out.txt")) }
    #expect(workspace.allFiles().isEmpty)

    try workspace.write("", to: "blocked")
    let blocked = workspace.path("blocked/sub")
    #expect(throws: AtomicFileError(reason: "cannot create the folder \"\(blocked)\": not a directory")) {
      try AtomicFile.write(Data("x".utf8), to: blocked + "/out.txt")
    }
    #expect(workspace.allFiles() == ["blocked"])
  }
}
