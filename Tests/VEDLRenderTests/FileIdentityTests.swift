import Foundation
import Testing
@testable import VEDLRender
import VEDLSource

/// Digests taken over from the previous render: an input whose `stat` is what `OUT.json`
/// recorded is not read again; any change to it, and any file too new to trust its times,
/// is hashed.
@Suite struct FileIdentityTests {
  /// A digest no file has: seeing it in a result proves the file was not read.
  static let recordedOnly = String(repeating: "0", count: 64)

  /// Settings with a memo of their own (by default an empty one: `now` may be in the future
  /// in these tests, which would let a shared memo keep digests of files rewritten within one
  /// clock tick).
  static func settings(_ workspace: RenderWorkspace, digests: DigestMemo = DigestMemo()) -> RenderSettings {
    var settings = workspace.settings(for: SourceFile(path: workspace.path("edit.vedl"), text: "vedl 1\n"))
    settings.digests = digests
    return settings
  }

  /// `compute` for one input, with `known` as the previous render's records.
  static func fingerprint(
    _ workspace: RenderWorkspace, _ path: String, known: [RenderFingerprint.FileRecord], now: Date
  ) throws -> RenderFingerprint {
    try #require(
      try RenderFingerprint.compute(
        settings: settings(workspace), command: ["ffmpeg"], inputPaths: [path], known: known, now: now))
  }

  /// `now` for files written moments ago to count as settled.
  static var later: Date { Date().addingTimeInterval(60) }

  @Test func identityFollowsTheFile() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    let path = workspace.path("blob.bin")
    try Data("first".utf8).write(to: URL(fileURLWithPath: path))
    let first = try #require(FileIdentity.of(path: path))
    #expect(first.bytes == 5)
    #expect(FileIdentity.of(path: path) == first)
    #expect(!first.isSettled(at: Date()))
    #expect(first.isSettled(at: Self.later))

    // The same size, other contents: the status-change time moves.
    usleep(20_000)
    try Data("other".utf8).write(to: URL(fileURLWithPath: path))
    let second = try #require(FileIdentity.of(path: path))
    #expect(second != first)

    #expect(FileIdentity.of(path: workspace.path("missing")) == nil)
    #expect(FileIdentity.of(path: workspace.directory) == nil)
  }

  @Test func unchangedSettledInputKeepsItsRecordedDigest() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    let path = workspace.path("blob.bin")
    try Data(repeating: 7, count: 100_000).write(to: URL(fileURLWithPath: path))

    let hashed = try Self.fingerprint(workspace, path, known: [], now: Self.later)
    let record = try #require(hashed.inputs.first)
    #expect(record.sha256 == (try FileDigest.sha256(ofFileAt: path)))
    #expect(record.identity == FileIdentity.of(path: path))

    // The same identity with another digest: taken over, so the file was not read.
    var earlier = record
    earlier.sha256 = Self.recordedOnly
    let reused = try Self.fingerprint(workspace, path, known: [earlier], now: Self.later)
    #expect(reused.inputs.first?.sha256 == Self.recordedOnly)
    #expect(reused.value != hashed.value)

    // A file too new to trust its times is read, and no identity is recorded for it.
    let fresh = try Self.fingerprint(workspace, path, known: [earlier], now: Date())
    #expect(fresh.inputs.first?.sha256 == record.sha256)
    #expect(fresh.inputs.first?.identity == nil)
    #expect(fresh.value == hashed.value)

    // Rewritten (same size): read again.
    usleep(20_000)
    try Data(repeating: 8, count: 100_000).write(to: URL(fileURLWithPath: path))
    let rewritten = try Self.fingerprint(workspace, path, known: [earlier], now: Self.later)
    #expect(rewritten.inputs.first?.sha256 == (try FileDigest.sha256(ofFileAt: path)))
    #expect(rewritten.inputs.first?.sha256 != record.sha256)

    // A record of another path, or without an identity, is never taken over.
    var elsewhere = earlier
    elsewhere.path = workspace.path("other.bin")
    var anonymous = earlier
    anonymous.identity = nil
    for known in [elsewhere, anonymous] {
      let result = try Self.fingerprint(workspace, path, known: [known], now: Self.later)
      #expect(result.inputs.first?.sha256 == (try FileDigest.sha256(ofFileAt: path)))
    }
  }

  @Test func metadataRoundTripsTheIdentities() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    let identity = FileIdentity(
      device: UInt64.max - 3, inode: 1 << 40, bytes: 1234, modified: 1_764_479_923_123_456_789,
      changed: 1_764_479_924_987_654_321)
    let inputs = [
      RenderFingerprint.FileRecord(path: "/media/a.mp4", sha256: String(repeating: "a", count: 64), bytes: 1234),
      RenderFingerprint.FileRecord(
        path: "/media/b.mp4", sha256: String(repeating: "b", count: 64), bytes: 1234, identity: identity),
    ]
    let metadata = RenderMetadata(
      fingerprint: "sha256:" + Self.recordedOnly, output: "out.mp4", format: "mp4", duration: 1, width: 2,
      height: 2, frameRate: 30, frameCount: 30, videoCodec: "h264", pixelFormat: "yuv420p", audioCodec: nil,
      sampleRate: nil, channels: nil, quality: "low", backend: "ffmpeg", toolVersion: "test",
      script: RenderFingerprint.FileRecord(path: "edit.vedl", sha256: Self.recordedOnly, bytes: 7), inputs: inputs,
      parameters: [], thumbnails: [], sidecars: [])
    let path = workspace.path("out.mp4.json")
    try metadata.jsonText.write(toFile: path, atomically: true, encoding: .utf8)
    #expect(RenderMetadata.recordedInputs(at: path) == inputs)
    #expect(RenderMetadata.recordedInputs(at: workspace.path("missing.json")).isEmpty)
    let document = try JSONDecoder().decode(RenderMetadata.Document.self, from: Data(metadata.jsonText.utf8))
    #expect(document.inputs[1].stat?.inode == 1_099_511_627_776)
    #expect(document.inputs[1].stat?.device == Int64(bitPattern: UInt64.max - 3))
  }

  @Test func aRenderTakesOverTheDigestsOfSettledInputs() throws {
    let (workspace, job) = try RenderJobTests.prepare()
    defer { workspace.remove() }
    let clip = workspace.path("media/clip.mp4")
    let metadataPath = workspace.path("out/edit.mp4.json")
    // Written moments ago: hashed, and no identity recorded.
    #expect(try job.run().status == .rendered)
    #expect(RenderMetadata.recordedInputs(at: metadataPath).first?.identity == nil)

    // Once the clip's times have settled, the next render records its identity.
    while FileIdentity.of(path: clip)?.isSettled(at: Date()) != true { usleep(100_000) }
    var forced = job
    forced.settings.force = true
    #expect(try forced.run().status == .rendered)
    let record = try #require(RenderMetadata.recordedInputs(at: metadataPath).first)
    #expect(record.identity == FileIdentity.of(path: clip))
    #expect(try job.run().status == .upToDate)

    // Proof that the clip is not read again: a recorded digest it does not have is kept.
    let json = try String(contentsOfFile: metadataPath, encoding: .utf8)
    try json.replacingOccurrences(of: record.sha256, with: Self.recordedOnly)
      .write(toFile: metadataPath, atomically: true, encoding: .utf8)
    #expect(try job.run().status == .rendered)
    #expect(RenderMetadata.recordedInputs(at: metadataPath).first?.sha256 == Self.recordedOnly)

    // A changed clip is read again.
    try RenderJobTests.makeClip(in: workspace, frequency: 660)
    #expect(try job.run().status == .rendered)
    #expect(RenderMetadata.recordedInputs(at: metadataPath).first?.sha256 == (try FileDigest.sha256(ofFileAt: clip)))
  }
}
