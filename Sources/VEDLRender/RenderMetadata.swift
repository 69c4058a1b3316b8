import Foundation
import VEDLDiagnostics
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
  /// The plan the output was made for, when a plan's job made it (docs/scale-out.md).
  public var plan: String? = nil
  /// Which chunk of a chunked render the file is, when it is one.
  public var chunk: Document.Chunk? = nil

  /// The JSON text: one object (``Document``), keys sorted, two-space indentation, ending in
  /// a newline. Exact values are strings (`"30000/1001"`) with a number beside them.
  public var jsonText: String {
    JSONOutput(.document).text(of: Document(self)) + "\n"
  }

  /// `OUT.json` as written and read back.
  public struct Document: Codable, Sendable, Hashable {
    /// A length in seconds: exact, and as a floating-point number (the timeline's form).
    public typealias Seconds = ExactSeconds

    /// A rate per second: exact, and as a floating-point number.
    public typealias Rate = ExactNumber

    /// The picture stream; a member is left out when unknown.
    public struct Video: Codable, Sendable, Hashable {
      public var codec: String?
      public var pixelFormat: String?
    }

    /// The sound stream.
    public struct Audio: Codable, Sendable, Hashable {
      public var codec: String
      public var sampleRate: Int?
      public var channels: Int?
    }

    /// A file read: its path, size and digest, and `stat` when its times had settled.
    public struct File: Codable, Sendable, Hashable {
      public var path: String
      public var bytes: Int64
      public var sha256: String
      public var stat: Stat?

      public init(_ record: RenderFingerprint.FileRecord) {
        path = record.path
        bytes = record.bytes
        sha256 = record.sha256
        stat = record.identity.map(Stat.init)
      }
    }

    /// What `stat(2)` said of a file; device and inode are unsigned, written as their signed
    /// 64-bit patterns (JSON readers take integers up to 2⁶³ − 1).
    public struct Stat: Codable, Sendable, Hashable {
      public var device: Int64
      public var inode: Int64
      /// Nanoseconds since 1970.
      public var modified: Int64
      public var changed: Int64

      public init(_ identity: FileIdentity) {
        device = Int64(bitPattern: identity.device)
        inode = Int64(bitPattern: identity.inode)
        modified = identity.modified
        changed = identity.changed
      }
    }

    /// A chunk of a chunked render: its index, its frames `[first, end)` of the timeline,
    /// and (chunk 0 only) the name of the file beside it holding the whole edit's sound.
    public struct Chunk: Codable, Sendable, Hashable {
      public var index: Int
      public var frames: [Int64]
      public var sound: String?

      public init(index: Int, frames: Range<Int64>, sound: String?) {
        self.index = index
        self.frames = [frames.lowerBound, frames.upperBound]
        self.sound = sound
      }
    }

    /// The format's version, 1.
    public var version: Int
    /// `RenderMetadata.fingerprint`: the only member the up-to-date rule reads.
    public var hash: String
    public var output: String
    public var format: String
    public var duration: Seconds
    public var width: Int
    public var height: Int
    /// Left out for a still.
    public var frameRate: Rate?
    public var frameCount: Int64
    /// Left out when neither its codec nor its pixel format is known.
    public var video: Video?
    /// Left out when there is no sound.
    public var audio: Audio?
    public var quality: String
    public var backend: String
    /// The compiler's version.
    public var vedl: String
    public var script: File
    /// `--set` values by name.
    public var parameters: [String: String]
    public var inputs: [File]
    public var thumbnails: [String]
    public var sidecars: [String]
    /// Left out unless a plan's job made the file.
    public var plan: String?
    /// Left out unless the file is a chunk.
    public var chunk: Chunk?

    /// The document for `metadata`.
    public init(_ metadata: RenderMetadata) {
      version = 1
      hash = metadata.fingerprint
      output = metadata.output
      format = metadata.format
      duration = Seconds(metadata.duration)
      width = metadata.width
      height = metadata.height
      frameRate = metadata.frameRate.map(Rate.init)
      frameCount = metadata.frameCount
      video =
        metadata.videoCodec == nil && metadata.pixelFormat == nil
        ? nil : Video(codec: metadata.videoCodec, pixelFormat: metadata.pixelFormat)
      audio = metadata.audioCodec.map {
        Audio(codec: $0, sampleRate: metadata.sampleRate, channels: metadata.channels)
      }
      quality = metadata.quality
      backend = metadata.backend
      vedl = metadata.toolVersion
      script = File(metadata.script)
      // A repeated `--set` name: the last value is the one the render used.
      parameters = Dictionary(metadata.parameters.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
      inputs = metadata.inputs.map(File.init)
      thumbnails = metadata.thumbnails
      sidecars = metadata.sidecars
      plan = metadata.plan
      chunk = metadata.chunk
    }
  }

  /// The fingerprint recorded in the metadata file at `path`, or `nil` when there is none
  /// (no file, not JSON, no `hash`).
  public static func recordedFingerprint(at path: String) -> String? {
    struct Recorded: Decodable { var hash: String? }
    return recorded(Recorded.self, at: path)?.hash
  }

  /// The plan and chunk recorded in the metadata file at `path` (both `nil` when there is
  /// none): what a plan's job compares to find its output done.
  public static func recordedPlan(at path: String) -> (plan: String?, chunk: Document.Chunk?) {
    struct Recorded: Decodable {
      var plan: String?
      var chunk: Document.Chunk?
    }
    let recorded = recorded(Recorded.self, at: path)
    return (recorded?.plan, recorded?.chunk)
  }

  /// The input records of the metadata file at `path` — what `RenderFingerprint.compute`
  /// may take digests over from — or none when it cannot be read. A record that is not
  /// complete (path, bytes, a 64-digit digest) is left out; its `stat` is kept only when whole.
  public static func recordedInputs(at path: String) -> [RenderFingerprint.FileRecord] {
    /// Any member may be missing or of another type: such a record (or `stat`) is dropped alone.
    struct Lenient<Value: Decodable>: Decodable {
      var value: Value?
      init(from decoder: any Decoder) throws { value = try? Value(from: decoder) }
    }
    struct Input: Decodable {
      var path: String
      var bytes: Int64
      var sha256: String
      var stat: Lenient<Document.Stat>?
    }
    struct Recorded: Decodable { var inputs: [Lenient<Input>] }
    guard let inputs = recorded(Recorded.self, at: path)?.inputs else { return [] }
    return inputs.compactMap { entry in
      guard let input = entry.value, input.sha256.count == 64 else { return nil }
      let identity = input.stat?.value.map {
        FileIdentity(
          device: UInt64(bitPattern: $0.device), inode: UInt64(bitPattern: $0.inode), bytes: input.bytes,
          modified: $0.modified, changed: $0.changed)
      }
      return RenderFingerprint.FileRecord(
        path: input.path, sha256: input.sha256, bytes: input.bytes, identity: identity)
    }
  }

  private static func recorded<Value: Decodable>(_ type: Value.Type, at path: String) -> Value? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return try? JSONDecoder().decode(type, from: data)
  }
}
