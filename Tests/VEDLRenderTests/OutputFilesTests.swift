import Foundation
import Testing

@testable import VEDLRender

/// `OutputFiles`' temporaries: locked while their render owns them, and removed by the next
/// render of the same output once nobody holds them (a render killed outright).
@Suite struct OutputFilesTests {
  /// Opens `path` and takes its lock as another render would; `nil` when it is held.
  static func lock(_ path: String) -> Int32? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return descriptor }
    close(descriptor)
    return nil
  }

  static func entries(_ workspace: RenderWorkspace) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: workspace.directory)) ?? []).sorted()
  }

  @Test func aTemporaryIsLockedUntilItIsMovedIntoPlace() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    let files = OutputFiles()
    let output = workspace.path("out.mp4")
    let temporary = try files.temporaryPath(for: output)
    let name = (temporary as NSString).lastPathComponent
    #expect(name.hasPrefix(".out.vedl-tmp-") && name.hasSuffix(".mp4"), "\(name)")
    #expect(Self.lock(temporary) == nil, "held while the render owns it")
    try files.moveIntoPlace(temporary, to: output)
    let descriptor = try #require(Self.lock(output), "released once in place")
    close(descriptor)
  }

  @Test func staleTemporariesOfTheOutputAreRemovedAndOthersKept() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    let uuid = UUID().uuidString
    let stale = [".out.vedl-tmp-\(uuid).mp4", ".out.vedl-tmp-\(UUID().uuidString).mp4"]
    let kept = [
      "out.mp4", ".out.vedl-tmp-\(uuid).webm", ".other.vedl-tmp-\(uuid).mp4", ".out.vedl-tmp-not-a-uuid.mp4",
      ".out.mp4.vedl-tmp-\(uuid).json", ".out.vedl-tmp-\(uuid).mp4.part",
    ]
    for name in stale + kept { try workspace.write("x", to: name) }
    // A render that is still running holds its temporary.
    let running = ".out.vedl-tmp-\(UUID().uuidString).mp4"
    try workspace.write("x", to: running)
    let held = try #require(Self.lock(workspace.path(running)))
    defer { close(held) }

    let files = OutputFiles()
    let mine = try files.temporaryPath(for: workspace.path("out.mp4"))

    let expected = (kept + [running, (mine as NSString).lastPathComponent]).sorted()
    #expect(Self.entries(workspace) == expected)
    files.removeTemporaries()
    #expect(Self.entries(workspace) == (kept + [running]).sorted(), "its own temporary removed")
  }

  @Test func metadataAndThumbnailNamesAreTheirOwn() {
    let parts = OutputFiles.temporaryNameParts(for: "/a/b/out.mp4.json")
    #expect(parts.folder == "/a/b")
    #expect(parts.prefix == ".out.mp4.vedl-tmp-")
    #expect(parts.suffix == ".json")
    let bare = OutputFiles.temporaryNameParts(for: "/a/b/README")
    #expect(bare.prefix == ".README.vedl-tmp-" && bare.suffix == "")
    let uuid = UUID().uuidString
    #expect(OutputFiles.isTemporaryName(".README.vedl-tmp-\(uuid)", prefix: bare.prefix, suffix: bare.suffix))
    #expect(!OutputFiles.isTemporaryName(".README.vedl-tmp-\(uuid).x", prefix: bare.prefix, suffix: bare.suffix))
  }
}
