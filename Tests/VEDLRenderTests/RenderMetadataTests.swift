import Foundation
import Testing
import VEDLTime

@testable import VEDLRender

/// `OUT.json` read back with `JSONDecoder`: every value means what `RenderMetadata` holds,
/// whatever characters its strings contain, and a damaged file costs only what is damaged.
@Suite struct RenderMetadataTests {
  /// Every character JSON must escape, the line separators, and non-ASCII text.
  static let awkward = "q \" b \\ n \n t \t u1 \u{1} ls \u{2028} ps \u{2029} é 世界 😀 / end"

  static func metadata(
    frameRate: Rational? = Rational(30000, 1001), audio: Bool = true, parameters: [ParameterValue] = []
  ) -> RenderMetadata {
    RenderMetadata(
      fingerprint: "sha256:" + String(repeating: "f", count: 64), output: "ü \(awkward).mp4", format: "mp4",
      duration: Rational(1001, 300)!, width: 1920, height: 1080, frameRate: frameRate, frameCount: 100,
      videoCodec: "h264", pixelFormat: "yuv420p", audioCodec: audio ? "aac" : nil, sampleRate: audio ? 48000 : nil,
      channels: audio ? 2 : nil, quality: "high", backend: "native", toolVersion: "0.1.0",
      script: RenderFingerprint.FileRecord(
        path: "dir/\(awkward).vedl", sha256: String(repeating: "a", count: 64), bytes: 9),
      inputs: [
        RenderFingerprint.FileRecord(
          path: "/media/\(awkward).mp4", sha256: String(repeating: "b", count: 64), bytes: 1 << 40,
          identity: FileIdentity(
            device: UInt64.max, inode: 1 << 63, bytes: 1 << 40, modified: -1, changed: 1_764_479_924_987_654_321))
      ],
      parameters: parameters, thumbnails: ["/out/\(awkward).jpg"], sidecars: ["/out/a.srt", "/out/a.vtt"])
  }

  @Test func theDocumentDecodesToTheSameValues() throws {
    let metadata = Self.metadata(parameters: [ParameterValue(name: "title", value: Self.awkward)])
    let text = metadata.jsonText
    #expect(text.hasSuffix("}\n"))
    #expect(!text.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" || $0 == "\u{1}" || $0 == "\t" })
    let document = try JSONDecoder().decode(RenderMetadata.Document.self, from: Data(text.utf8))
    #expect(document == RenderMetadata.Document(metadata))
    #expect(document.version == 1)
    #expect(document.hash == metadata.fingerprint)
    #expect(document.output == metadata.output)
    #expect(document.duration.exact == "1001/300" && document.duration.seconds == 1001.0 / 300.0)
    #expect(document.frameRate?.exact == "30000/1001" && document.frameRate?.value == 30000.0 / 1001.0)
    #expect(document.frameCount == 100 && document.width == 1920 && document.height == 1080)
    #expect(document.video == RenderMetadata.Document.Video(codec: "h264", pixelFormat: "yuv420p"))
    #expect(document.audio == RenderMetadata.Document.Audio(codec: "aac", sampleRate: 48000, channels: 2))
    #expect(document.vedl == "0.1.0" && document.backend == "native" && document.quality == "high")
    #expect(document.script.path == "dir/\(Self.awkward).vedl" && document.script.stat == nil)
    #expect(document.parameters == ["title": Self.awkward])
    #expect(document.thumbnails == ["/out/\(Self.awkward).jpg"])
    #expect(document.sidecars == ["/out/a.srt", "/out/a.vtt"])
    let stat = try #require(document.inputs.first?.stat)
    #expect(stat.device == -1 && stat.inode == Int64.min && stat.modified == -1)
    #expect(document.inputs.first?.bytes == 1 << 40)
  }

  @Test func numbersAreTheExactValuesAsDoubles() throws {
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(Self.metadata().jsonText.utf8)) as? [String: Any])
    let rate = try #require(object["frameRate"] as? [String: Any])
    #expect(rate["exact"] as? String == "30000/1001")
    #expect((rate["value"] as? NSNumber)?.doubleValue == 30000.0 / 1001.0)
    // Whole numbers print as integers.
    let whole = Self.metadata(frameRate: 25).jsonText
    #expect(whole.contains("\"value\" : 25\n"))
    let wholeObject = try #require(try JSONSerialization.jsonObject(with: Data(whole.utf8)) as? [String: Any])
    #expect((wholeObject["frameRate"] as? [String: Any])?["exact"] as? String == "25")
  }

  @Test func absentStreamsAndRatesAreLeftOut() throws {
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(Self.metadata(frameRate: nil, audio: false).jsonText.utf8))
        as? [String: Any])
    #expect(object["frameRate"] == nil && object["audio"] == nil && object["video"] != nil)
    #expect(
      Set(object.keys) == [
        "version", "hash", "output", "format", "duration", "width", "height", "frameCount", "video", "quality",
        "backend", "vedl", "script", "parameters", "inputs", "thumbnails", "sidecars",
      ])
  }

  /// `vedl render --set a=1 --set a=2` renders with 2; the metadata says so.
  @Test func aRepeatedParameterKeepsItsLastValue() throws {
    let metadata = Self.metadata(parameters: [
      ParameterValue(name: "a", value: "1"), ParameterValue(name: "b", value: "x"),
      ParameterValue(name: "a", value: "2"),
    ])
    let document = try JSONDecoder().decode(RenderMetadata.Document.self, from: Data(metadata.jsonText.utf8))
    #expect(document.parameters == ["a": "2", "b": "x"])
  }

  @Test func theRecordedInputsAndFingerprintComeBack() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    let metadata = Self.metadata()
    let path = try workspace.write(metadata.jsonText, to: "a.mp4.json")
    #expect(RenderMetadata.recordedFingerprint(at: path) == metadata.fingerprint)
    #expect(RenderMetadata.recordedInputs(at: path) == metadata.inputs)
  }

  /// A record without a whole digest is left out, a broken `stat` alone is dropped, and a file
  /// that is not JSON records nothing.
  @Test func aDamagedFileCostsOnlyItsDamagedParts() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    let digest = String(repeating: "c", count: 64)
    let path = try workspace.write(
      """
      {"hash": 7, "inputs": [
        {"path": "/a", "bytes": 1, "sha256": "\(digest)", "stat": {"device": 1, "inode": 2, "modified": 3}},
        {"path": "/b", "bytes": 2, "sha256": "short"},
        {"path": "/c", "sha256": "\(digest)"},
        {"path": "/d", "bytes": "many", "sha256": "\(digest)"},
        7,
        {"path": "/e", "bytes": 5, "sha256": "\(digest)", "stat": {"device": 1, "inode": 2, "modified": 3, "changed": 4}}
      ]}
      """, to: "damaged.json")
    #expect(RenderMetadata.recordedFingerprint(at: path) == nil)
    #expect(
      RenderMetadata.recordedInputs(at: path) == [
        RenderFingerprint.FileRecord(path: "/a", sha256: digest, bytes: 1),
        RenderFingerprint.FileRecord(
          path: "/e", sha256: digest, bytes: 5,
          identity: FileIdentity(device: 1, inode: 2, bytes: 5, modified: 3, changed: 4)),
      ])
    let notJSON = try workspace.write("{\"hash\": \"sha256:x\", ", to: "cut.json")
    #expect(RenderMetadata.recordedFingerprint(at: notJSON) == nil)
    #expect(RenderMetadata.recordedInputs(at: notJSON).isEmpty)
    #expect(RenderMetadata.recordedFingerprint(at: workspace.path("missing.json")) == nil)
  }
}
