import Foundation
import VEDLMedia

/// The SHA-256 that identifies a render: equal fingerprints mean the same output, so a render
/// whose fingerprint matches the one recorded beside an existing output is skipped.
///
/// It covers the script's bytes, the `--set` values, the compiler's version, the backend
/// (`ffmpeg` or `native`: switching renders again), the complete `ffmpeg` command the render
/// stands for (filter graph, encoders and their options, so `--quality` and the format count
/// — the native backend draws the same edit with the same encoders) and the contents of every
/// input file (media, caption files, font files). Each part is
/// written as `tag length\nbytes\n`, so no two different sets of parts hash the same
/// stream. docs/render.md describes it.
public struct RenderFingerprint: Sendable, Hashable {
  /// `sha256:` and 64 hexadecimal digits.
  public var value: String
  /// The script and its digest.
  public var script: FileRecord
  /// Every input file with its digest, sorted by path.
  public var inputs: [FileRecord]

  /// A file that went into the fingerprint.
  public struct FileRecord: Sendable, Hashable {
    /// Absolute path.
    public var path: String
    /// Hexadecimal SHA-256 of the contents.
    public var sha256: String
    /// Size in bytes.
    public var bytes: Int64
    /// The file as `stat(2)` saw it just before it was hashed, when its times had settled
    /// (`FileIdentity.isSettled(at:)`); `nil` for the script and for files written moments
    /// before the render.
    public var identity: FileIdentity? = nil
  }

  /// The format of the hashed stream; bump it when the parts change.
  static let formatVersion = 1

  /// Fingerprints a render of `settings.script` that runs `command`, reading `inputPaths`.
  ///
  /// An input listed in `known` (the records of the previous render's `OUT.json`) with the
  /// identity the file has now keeps its recorded digest and is not read again, as does one
  /// `settings.digests` holds a digest for (hashed for another output); every other input is
  /// hashed, and its identity recorded (and its digest stored in `settings.digests`) when it
  /// has settled at `now`.
  ///
  /// - Returns: `nil` when `cancellation` is raised before every input has been hashed.
  /// - Throws: `RenderError.unreadableInput` when an input cannot be read.
  public static func compute(
    settings: RenderSettings, command: [String], inputPaths: [String], known: [FileRecord] = [],
    now: Date = Date(), cancellation: CancellationFlag? = nil
  ) throws(RenderError) -> RenderFingerprint? {
    var hasher = SHA256()
    func part(_ tag: String, _ bytes: [UInt8]) {
      hasher.update("\(tag) \(bytes.count)\n")
      hasher.update(bytes)
      hasher.update("\n")
    }
    func part(_ tag: String, _ text: String) { part(tag, Array(text.utf8)) }

    part("vedl-render-fingerprint", String(formatVersion))
    part("tool", settings.toolVersion)
    part("backend", settings.backend.rawValue)
    part("script", settings.script.bytes)
    for parameter in settings.parameters {
      part("set", parameter.name + "=" + parameter.value)
    }
    for argument in command { part("argument", argument) }

    let recorded = Dictionary(known.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    var records: [FileRecord] = []
    for path in Set(inputPaths).sorted() {
      // Looked at before reading: a write while the file is read moves its times past these.
      let identity = FileIdentity.of(path: path).flatMap { $0.isSettled(at: now) ? $0 : nil }
      let record: FileRecord
      if let identity, let earlier = recorded[path], earlier.identity == identity {
        record = earlier
      } else if let identity, let digest = settings.digests.digest(path: path, identity: identity) {
        record = FileRecord(path: path, sha256: digest, bytes: identity.bytes, identity: identity)
      } else {
        guard let digest = try FileDigest.sha256(ofFileAt: path, cancellation: cancellation) else { return nil }
        let size =
          identity?.bytes
          ?? (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
        record = FileRecord(path: path, sha256: digest, bytes: size, identity: identity)
        if let identity { settings.digests.store(digest, path: path, identity: identity) }
      }
      records.append(record)
      part("input", path)
      part("content", record.sha256)
    }
    let scriptRecord = FileRecord(
      path: settings.script.path, sha256: SHA256.hex(SHA256.hash(settings.script.bytes)),
      bytes: Int64(settings.script.bytes.count))
    return RenderFingerprint(
      value: "sha256:" + SHA256.hex(hasher.finalize()), script: scriptRecord, inputs: records)
  }
}
