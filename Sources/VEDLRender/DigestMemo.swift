import Foundation

/// The digests this process has computed, by path and settled identity, so that a batch whose
/// rows share sources (a template's music bed, logo, background footage) hashes each of them
/// once rather than once per row. `OUT.json` carries digests from one render of an output to
/// the next (`RenderFingerprint.compute(…known:)`); this carries them from one output to the
/// next within a process.
///
/// Only identities that have settled (`FileIdentity.isSettled(at:)`) are kept, for the same
/// reason `OUT.json` records only those: any later write moves the file's times, so a stored
/// digest can only be found for the contents it was computed from. Safe from any thread.
public final class DigestMemo: @unchecked Sendable {
  /// The memo renders use unless told otherwise.
  public static let shared = DigestMemo()

  private struct Key: Hashable {
    var path: String
    var identity: FileIdentity
  }

  /// Kept at most; past that the oldest half is dropped (a long-running process that renders
  /// ever-new files does not grow without bound).
  public static let capacity = 4096

  private let lock = NSLock()
  private var digests: [Key: String] = [:]
  private var order: [Key] = []

  /// An empty memo.
  public init() {}

  /// The digest stored for the file at `path` with `identity`, if any.
  public func digest(path: String, identity: FileIdentity) -> String? {
    lock.withLock { digests[Key(path: path, identity: identity)] }
  }

  /// Stores `digest` as the contents of the file at `path` when it had `identity`.
  public func store(_ digest: String, path: String, identity: FileIdentity) {
    let key = Key(path: path, identity: identity)
    lock.withLock {
      if digests.updateValue(digest, forKey: key) == nil { order.append(key) }
      if order.count > Self.capacity {
        let dropped = order.count / 2
        for old in order.prefix(dropped) { digests[old] = nil }
        order.removeFirst(dropped)
      }
    }
  }

  /// How many digests are stored.
  public var count: Int { lock.withLock { digests.count } }
}
