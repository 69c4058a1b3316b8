import Foundation
import VEDLTime

/// What `<output>.json` records about a finished render: the output as measured after
/// writing (size, rate, frame count, codecs), how it was made (quality, backend, compiler
/// version, `--set` values) and the fingerprint that decides whether the next render can be
/// skipped. docs/render.md shows an example.
public struct RenderMetadata: Sendable, Hashable {
  /// `RenderFingerprint.value`.
  public var fingerprint: String
  /// The output's file name.
  public var output: String
  /// `mp4`, `mov`, `webm` or `png`.
  public var format: String
  /// Exact length: frames ÷ rate (0 for a still).
  public var duration: Rational
  /// Picture width in pixels.
  public var width: Int
  /// Picture height in pixels.
  public var height: Int
  /// Frames per second (`nil` for a still).
  public var frameRate: Rational?
  /// Pictures in the file, counted after writing.
  public var frameCount: Int64
  /// The picture codec as FFmpeg names it (`h264`, `vp9`, `png`).
  public var videoCodec: String?
  /// The picture's pixel format (`yuv420p`, `rgb24`).
  public var pixelFormat: String?
  /// The sound codec as FFmpeg names it (`aac`, `opus`), when there is sound.
  public var audioCodec: String?
  /// Sound samples per second.
  public var sampleRate: Int?
  /// Sound channels.
  public var channels: Int?
  /// The quality preset used.
  public var quality: String
  /// The backend that made the pictures: `ffmpeg` or `native`.
  public var backend: String
  /// The compiler's version.
  public var toolVersion: String
  /// The script, with its digest.
  public var script: RenderFingerprint.FileRecord
  /// Every input file, with its digest.
  public var inputs: [RenderFingerprint.FileRecord]
  /// `--set` values.
  public var parameters: [ParameterValue]
  /// Thumbnails written with the output (absolute paths).
  public var thumbnails: [String]
  /// Caption sidecars written with the output (absolute paths).
  public var sidecars: [String]

  /// The JSON text: one object, members in a fixed order, two-space indentation, ending in a
  /// newline. Exact values are strings (`"30000/1001"`) with a number beside them.
  public var jsonText: String {
    typealias Member = JSONText.Member
    func exact(_ value: Rational, _ key: String) -> JSONText {
      .object([
        Member(key: "exact", value: .string(value.description)), Member(key: key, value: .number(value.doubleValue)),
      ])
    }
    func record(_ file: RenderFingerprint.FileRecord) -> JSONText {
      var members = [
        Member(key: "path", value: .string(file.path)), Member(key: "bytes", value: .integer(file.bytes)),
        Member(key: "sha256", value: .string(file.sha256)),
      ]
      if let identity = file.identity {
        members.append(
          Member(
            key: "stat",
            value: .object([
              Member(key: "device", value: .integer(Int64(bitPattern: identity.device))),
              Member(key: "inode", value: .integer(Int64(bitPattern: identity.inode))),
              Member(key: "modified", value: .integer(identity.modified)),
              Member(key: "changed", value: .integer(identity.changed)),
            ])))
      }
      return .object(members)
    }
    var members: [Member] = [
      Member(key: "version", value: 1),
      Member(key: "hash", value: .string(fingerprint)),
      Member(key: "output", value: .string(output)),
      Member(key: "format", value: .string(format)),
      Member(key: "duration", value: exact(duration, "seconds")),
      Member(key: "width", value: .integer(Int64(width))),
      Member(key: "height", value: .integer(Int64(height))),
    ]
    if let frameRate { members.append(Member(key: "frameRate", value: exact(frameRate, "value"))) }
    members.append(Member(key: "frameCount", value: .integer(frameCount)))
    var video: [Member] = []
    if let videoCodec { video.append(Member(key: "codec", value: .string(videoCodec))) }
    if let pixelFormat { video.append(Member(key: "pixelFormat", value: .string(pixelFormat))) }
    if !video.isEmpty { members.append(Member(key: "video", value: .object(video))) }
    if let audioCodec {
      var audio = [Member(key: "codec", value: .string(audioCodec))]
      if let sampleRate { audio.append(Member(key: "sampleRate", value: .integer(Int64(sampleRate)))) }
      if let channels { audio.append(Member(key: "channels", value: .integer(Int64(channels)))) }
      members.append(Member(key: "audio", value: .object(audio)))
    }
    members += [
      Member(key: "quality", value: .string(quality)),
      Member(key: "backend", value: .string(backend)),
      Member(key: "vedl", value: .string(toolVersion)),
      Member(key: "script", value: record(script)),
      Member(
        key: "parameters", value: .object(parameters.map { Member(key: $0.name, value: .string($0.value)) })),
      Member(key: "inputs", value: .array(inputs.map(record))),
      Member(key: "thumbnails", value: .array(thumbnails.map { .string($0) })),
      Member(key: "sidecars", value: .array(sidecars.map { .string($0) })),
    ]
    return JSONText.object(members).printed() + "\n"
  }

  /// The fingerprint recorded in the metadata file at `path`, or `nil` when there is none
  /// (no file, not JSON, no `hash`).
  public static func recordedFingerprint(at path: String) -> String? {
    recordedObject(at: path)?["hash"] as? String
  }

  /// The input records of the metadata file at `path` — what `RenderFingerprint.compute`
  /// may take digests over from — or none when it cannot be read. A record that is not
  /// complete (path, bytes, a 64-digit digest) is left out; its `stat` is kept only when whole.
  public static func recordedInputs(at path: String) -> [RenderFingerprint.FileRecord] {
    guard let inputs = recordedObject(at: path)?["inputs"] as? [[String: Any]] else { return [] }
    func integer(_ value: Any?) -> Int64? { (value as? NSNumber).map(\.int64Value) }
    return inputs.compactMap { entry in
      guard let path = entry["path"] as? String, let bytes = integer(entry["bytes"]),
        let digest = entry["sha256"] as? String, digest.count == 64
      else { return nil }
      var identity: FileIdentity? = nil
      if let stat = entry["stat"] as? [String: Any], let device = integer(stat["device"]),
        let inode = integer(stat["inode"]), let modified = integer(stat["modified"]),
        let changed = integer(stat["changed"])
      {
        identity = FileIdentity(
          device: UInt64(bitPattern: device), inode: UInt64(bitPattern: inode), bytes: bytes, modified: modified,
          changed: changed)
      }
      return RenderFingerprint.FileRecord(path: path, sha256: digest, bytes: bytes, identity: identity)
    }
  }

  private static func recordedObject(at path: String) -> [String: Any]? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return try? JSONSerialization.jsonObject(with: data) as? [String: Any]
  }
}
