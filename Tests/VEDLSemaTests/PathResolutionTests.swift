import Foundation
import Testing
import VEDLDiagnostics
import VEDLSource

@testable import VEDLSema

/// Paths written in a script resolve against the script's folder by their text alone: a
/// symbolic link on the way is left for the file system to follow. (Found by the
/// differential tests: with `NSString.standardizingPath`, a script whose `media` folder was
/// a relative link did not check unless run from its own folder.)
@Suite struct PathResolutionTests {
  @Test func componentsAreStandardisedByTheirText() {
    #expect(Checker.standardized("/a/./b//c/../d") == "/a/b/d")
    #expect(Checker.standardized("/a/../../b") == "/b")
    #expect(Checker.standardized("/") == "/")
    #expect(Checker.standardized("a/../../b/.") == "../b")
    #expect(Checker.standardized("./") == ".")
    #expect(Checker.resolvePath("media/../x.srt", baseDirectory: "/edits/one") == "/edits/one/x.srt")
    #expect(Checker.resolvePath("/abs/./y.mp4", baseDirectory: "/edits") == "/abs/y.mp4")
  }

  /// `media -> ..`: on Linux `standardizingPath` took the link's target against the
  /// process's current folder whenever a folder of that name was there — `..` always is —
  /// and so named another file, or none (with `media -> ../media` it read a `media` folder
  /// beside the current one, if any).
  @Test func aRelativeLinkIsFollowedFromItsOwnFolder() throws {
    let root = NSTemporaryDirectory() + "vedl-paths-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: root) }
    try FileManager.default.createDirectory(atPath: root + "/script", withIntermediateDirectories: true)
    try Data("1\n00:00:00,000 --> 00:00:01,000\nHello\n".utf8).write(to: URL(fileURLWithPath: root + "/subs.srt"))
    try FileManager.default.createSymbolicLink(atPath: root + "/script/media", withDestinationPath: "..")

    let resolved = Checker.resolvePath("media/subs.srt", baseDirectory: root + "/script")
    #expect(resolved == root + "/script/media/subs.srt")
    #expect(FileManager.default.fileExists(atPath: resolved))

    // The test runs in the package's folder, not the script's.
    let file = SourceFile(path: root + "/script/edit.vedl", text: "captions {\n  import \"media/subs.srt\"\n}\n")
    let result = Checker.check(file, options: CheckOptions(baseDirectory: root + "/script"))
    #expect(result.diagnostics.filter { $0.severity == .error }.map(\.message) == [])
    #expect(result.timeline?.captions.burntInCues.map(\.text) == ["Hello"])
  }
}
