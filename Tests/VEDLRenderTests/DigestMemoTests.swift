import Foundation
import Testing
import VEDLSource

@testable import VEDLRender

/// `DigestMemo`: a digest this process computed for a settled file is taken by the next
/// output's fingerprint without reading the file; files too new to trust are not kept.
@Suite struct DigestMemoTests {
  /// A digest no file has: seeing it in a result proves the file was not read.
  static let plantedOnly = String(repeating: "f", count: 64)

  static func fingerprint(
    _ workspace: RenderWorkspace, _ path: String, memo: DigestMemo, now: Date
  ) throws -> RenderFingerprint {
    try #require(
      try RenderFingerprint.compute(
        settings: FileIdentityTests.settings(workspace, digests: memo), command: ["ffmpeg"], inputPaths: [path],
        now: now))
  }

  @Test func aSettledFileIsHashedOnceAndItsDigestTakenOver() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    let path = try workspace.write("shared music", to: "music.wav")
    let memo = DigestMemo()
    let identity = try #require(FileIdentity.of(path: path))

    // Just written: hashed, not kept.
    let fresh = try Self.fingerprint(workspace, path, memo: memo, now: Date())
    #expect(fresh.inputs.first?.sha256 == (try FileDigest.sha256(ofFileAt: path)))
    #expect(memo.count == 0)

    // Settled: hashed and kept, then taken over (a planted digest proves no read).
    let later = Date().addingTimeInterval(60)
    _ = try Self.fingerprint(workspace, path, memo: memo, now: later)
    #expect(memo.digest(path: path, identity: identity) == (try FileDigest.sha256(ofFileAt: path)))
    memo.store(Self.plantedOnly, path: path, identity: identity)
    let next = try Self.fingerprint(workspace, path, memo: memo, now: later)
    #expect(next.inputs.first?.sha256 == Self.plantedOnly)
    #expect(next.inputs.first?.identity == identity)
    #expect(next.inputs.first?.bytes == 12)

    // Another file at the same path (a new inode, new times) is read.
    try FileManager.default.removeItem(atPath: path)
    try workspace.write("other music!", to: "music.wav")
    let replaced = try Self.fingerprint(workspace, path, memo: memo, now: later)
    #expect(replaced.inputs.first?.sha256 == (try FileDigest.sha256(ofFileAt: path)))
  }

  @Test func theOldestHalfIsDroppedPastTheCapacity() {
    let memo = DigestMemo()
    let identity = FileIdentity(device: 1, inode: 2, bytes: 3, modified: 4, changed: 5)
    for index in 0...DigestMemo.capacity { memo.store("\(index)", path: "/f\(index)", identity: identity) }
    #expect(memo.count == DigestMemo.capacity + 1 - (DigestMemo.capacity + 1) / 2)
    #expect(memo.digest(path: "/f0", identity: identity) == nil)
    #expect(memo.digest(path: "/f\(DigestMemo.capacity)", identity: identity) == "\(DigestMemo.capacity)")
  }

  /// Two outputs of one process (a batch's rows): the second takes the digest the shared
  /// memo holds for the settled clip instead of reading it.
  @Test func aSecondOutputTakesTheDigestFromTheSharedMemo() throws {
    let (workspace, job) = try RenderJobTests.prepare()
    defer { workspace.remove() }
    let clip = workspace.path("media/clip.mp4")
    while FileIdentity.of(path: clip)?.isSettled(at: Date()) != true { usleep(100_000) }
    let identity = try #require(FileIdentity.of(path: clip))
    // The clip's path is this test's own, so planting for it disturbs no other test.
    DigestMemo.shared.store(Self.plantedOnly, path: clip, identity: identity)

    var other = job
    other.target.path = workspace.path("out/other.mp4")
    other.target.thumbnails = []
    other.target.sidecars = []
    for job in [job, other] {
      #expect(try job.run().status == .rendered)
      let record = try #require(RenderMetadata.recordedInputs(at: job.target.metadataPath).first { $0.path == clip })
      #expect(record.sha256 == Self.plantedOnly, "\(job.target.path)")
    }
  }
}

/// `DigestMemo` with a folder: digests outlive the process (each render of a `--plan` line
/// is a process of its own), entries that do not match are ignored, the folder is pruned.
@Suite struct PersistentDigestMemoTests {
  static let identity = FileIdentity(device: 8, inode: 42, bytes: 1000, modified: 1_700_000_000, changed: 1_700_000_001)
  static let digest = String(repeating: "ab", count: 32)

  @Test func aDigestStoredByOneMemoIsFoundByAnother() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    let folder = workspace.path("cache/digests")
    DigestMemo(folder: folder).store(Self.digest, path: "/media/song.wav", identity: Self.identity)
    let later = DigestMemo(folder: folder)
    #expect(later.digest(path: "/media/song.wav", identity: Self.identity) == Self.digest)
    #expect(later.count == 1, "kept in memory once read")
    var touched = Self.identity
    touched.changed += 1
    #expect(later.digest(path: "/media/song.wav", identity: touched) == nil)
    #expect(later.digest(path: "/media/other.wav", identity: Self.identity) == nil)
    #expect(DigestMemo().digest(path: "/media/song.wav", identity: Self.identity) == nil, "memory only")
  }

  @Test func entriesThatDoNotMatchAreIgnored() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    let folder = workspace.path("digests")
    DigestMemo(folder: folder).store(Self.digest, path: "/a", identity: Self.identity)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(names.count == 1 && names[0].count == 64, "\(names)")
    let entry = (folder as NSString).appendingPathComponent(names[0])
    #expect(try String(contentsOfFile: entry, encoding: .utf8) == "sha256 \(Self.digest)\npath /a\n")
    for damaged in [
      "sha256 \(Self.digest)\npath /b\n", "sha256 \(Self.digest.prefix(60))\npath /a\n",
      "sha256 \(Self.digest.uppercased())\npath /a\n", "", "garbage",
    ] {
      try damaged.write(toFile: entry, atomically: true, encoding: .utf8)
      #expect(DigestMemo(folder: folder).digest(path: "/a", identity: Self.identity) == nil, "\(damaged)")
    }
    // A folder that cannot be made costs nothing but the saving.
    try "x".write(toFile: workspace.path("file"), atomically: true, encoding: .utf8)
    let unusable = DigestMemo(folder: workspace.path("file/digests"))
    unusable.store(Self.digest, path: "/a", identity: Self.identity)
    #expect(unusable.digest(path: "/a", identity: Self.identity) == Self.digest, "still in memory")
  }

  @Test func aFullFolderLosesItsOldestHalf() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    let folder = workspace.path("digests")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for index in 0..<12 {
      let path = (folder as NSString).appendingPathComponent("old\(index)")
      try "x".write(toFile: path, atomically: true, encoding: .utf8)
      var times = [timeval(tv_sec: 1_000_000 + index, tv_usec: 0), timeval(tv_sec: 1_000_000 + index, tv_usec: 0)]
      #expect(utimes(path, &times) == 0)
    }
    DigestMemo(folder: folder, folderLimit: 10).store(Self.digest, path: "/a", identity: Self.identity)
    let left = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(left.count == 7, "13 entries, the oldest 6 removed: \(left.sorted())")
    #expect(!left.contains("old0") && !left.contains("old5") && left.contains("old6"))
    #expect(DigestMemo(folder: folder).digest(path: "/a", identity: Self.identity) == Self.digest)
  }

  @Test func theFolderComesFromTheEnvironment() {
    #expect(DigestMemo.forUser(environment: ["VEDL_CACHE_DIR": "/c", "HOME": "/h"]).folder == "/c/digests")
    #expect(DigestMemo.forUser(environment: ["XDG_CACHE_HOME": "/x", "HOME": "/h"]).folder == "/x/vedl/digests")
    #expect(DigestMemo.forUser(environment: ["HOME": "/h"]).folder == "/h/.cache/vedl/digests")
    #expect(DigestMemo.forUser(environment: ["VEDL_CACHE_DIR": "", "HOME": "/h"]) === DigestMemo.shared)
    #expect(DigestMemo.forUser(environment: [:]) === DigestMemo.shared)
    #expect(DigestMemo.forUser(environment: ["HOME": "/h"]) === DigestMemo.forUser(environment: ["HOME": "/h"]))
  }
}
