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
        settings: FileIdentityTests.settings(workspace), command: ["ffmpeg"], inputPaths: [path], now: now,
        memo: memo))
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
