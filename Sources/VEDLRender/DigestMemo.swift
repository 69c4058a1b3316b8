import Foundation

/// The digests computed for settled files, by path and identity, so that a source shared by
/// many outputs — a template's music bed, logo, background footage — is hashed once rather
/// than once per output. `OUT.json` carries digests from one render of an output to the next
/// (`RenderFingerprint.compute(…known:)`); a memo carries them from one output to the next:
/// in memory within a process (a batch's rows), and, when it has a folder, on disk across
/// processes (`vedl batch --plan` lines, a shell loop of `vedl render --set …`).
///
/// Only identities that have settled (`FileIdentity.isSettled(at:)`) are stored, for the same
/// reason `OUT.json` records only those: any later write moves the file's times, so a stored
/// digest can only be found for the contents it was computed from. Safe from any thread; a
/// folder that cannot be read or written only costs the hashing it would have saved.
public final class DigestMemo: @unchecked Sendable {
  /// The in-memory memo renders use unless told otherwise.
  public static let shared = DigestMemo()

  private struct Key: Hashable {
    var path: String
    var identity: FileIdentity
  }

  /// Kept in memory at most; past that the oldest half is dropped (a long-running process
  /// that renders ever-new files does not grow without bound). A folder keeps at most
  /// `capacity` × 4 files by default, pruned the same way by each memo's first store.
  public static let capacity = 4096

  /// Where digests persist, one small file each; `nil` for memory only.
  public let folder: String?

  private let lock = NSLock()
  private var digests: [Key: String] = [:]
  private var order: [Key] = []
  private var prunedFolder = false

  /// Files the folder keeps at most before `pruneFolder` halves it.
  private let folderLimit: Int

  /// A memo in memory only, or persisting in `folder` (created when first written) with at
  /// most `folderLimit` entries.
  public init(folder: String? = nil, folderLimit: Int = DigestMemo.capacity * 4) {
    self.folder = folder
    self.folderLimit = folderLimit
  }

  /// The digest stored for the file at `path` with `identity`, if any.
  public func digest(path: String, identity: FileIdentity) -> String? {
    let key = Key(path: path, identity: identity)
    if let known = lock.withLock({ digests[key] }) { return known }
    guard let found = readEntry(key) else { return nil }
    lock.withLock { remember(found, key) }
    return found
  }

  /// Stores `digest` as the contents of the file at `path` when it had `identity`.
  public func store(_ digest: String, path: String, identity: FileIdentity) {
    let key = Key(path: path, identity: identity)
    let prune = lock.withLock {
      remember(digest, key)
      defer { prunedFolder = true }
      return !prunedFolder
    }
    writeEntry(digest, key)
    if prune { pruneFolder() }
  }

  /// How many digests are held in memory.
  public var count: Int { lock.withLock { digests.count } }

  /// Under the lock.
  private func remember(_ digest: String, _ key: Key) {
    if digests.updateValue(digest, forKey: key) == nil { order.append(key) }
    if order.count > Self.capacity {
      let dropped = order.count / 2
      for old in order.prefix(dropped) { digests[old] = nil }
      order.removeFirst(dropped)
    }
  }

  // MARK: On disk

  /// The memo of the cache folder `environment` names, one per folder in a process:
  /// `$VEDL_CACHE_DIR/digests`, else `$XDG_CACHE_HOME/vedl/digests`, else
  /// `$HOME/.cache/vedl/digests`; `shared` (memory only) when `VEDL_CACHE_DIR` is set but
  /// empty, or none of them is set.
  public static func forUser(environment: [String: String]) -> DigestMemo {
    let base: String?
    if let chosen = environment["VEDL_CACHE_DIR"] {
      base = chosen.isEmpty ? nil : chosen
    } else if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
      base = (xdg as NSString).appendingPathComponent("vedl")
    } else if let home = environment["HOME"], !home.isEmpty {
      base = (home as NSString).appendingPathComponent(".cache/vedl")
    } else {
      base = nil
    }
    guard let base else { return shared }
    let folder = (base as NSString).appendingPathComponent("digests")
    return persistentLock.withLock {
      if let memo = persistent[folder] { return memo }
      let memo = DigestMemo(folder: folder)
      persistent[folder] = memo
      return memo
    }
  }

  /// The memos of `forUser`, by folder; used under `persistentLock` only.
  nonisolated(unsafe) private static var persistent: [String: DigestMemo] = [:]
  private static let persistentLock = NSLock()

  /// The entry's file: named by the SHA-256 of the path and identity, so any path fits.
  private func entryPath(_ key: Key) -> String? {
    guard let folder else { return nil }
    let i = key.identity
    let name = SHA256.hex(
      SHA256.hash("vedl-digest 1\n\(key.path)\n\(i.device) \(i.inode) \(i.bytes) \(i.modified) \(i.changed)\n"))
    return (folder as NSString).appendingPathComponent(name)
  }

  /// An entry's text: the digest, then the path it is of (checked on reading).
  private static func entryText(_ digest: String, _ key: Key) -> String { "sha256 \(digest)\npath \(key.path)\n" }

  private func readEntry(_ key: Key) -> String? {
    guard let path = entryPath(key), let data = FileManager.default.contents(atPath: path) else { return nil }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count >= 2, lines[0].hasPrefix("sha256 "), lines[1] == "path \(key.path)" else { return nil }
    let digest = String(lines[0].dropFirst("sha256 ".count))
    guard digest.count == 64, digest.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return nil }
    return digest
  }

  /// Writes the entry through a temporary file and a rename, so a reader sees all of it or
  /// none; any failure is ignored.
  private func writeEntry(_ digest: String, _ key: Key) {
    guard let folder, let path = entryPath(key) else { return }
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let temporary = path + ".tmp-\(UUID().uuidString)"
    guard (try? Data(Self.entryText(digest, key).utf8).write(to: URL(fileURLWithPath: temporary))) != nil else {
      return
    }
    if rename(temporary, path) != 0 { unlink(temporary) }
  }

  /// Past `folderLimit` entries, removes the least recently written half.
  private func pruneFolder() {
    guard let folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder),
      names.count > folderLimit
    else { return }
    var dated: [(path: String, time: Int)] = []
    for name in names {
      let path = (folder as NSString).appendingPathComponent(name)
      var status = stat()
      if stat(path, &status) == 0 { dated.append((path, status.st_mtim.tv_sec)) }
    }
    for entry in dated.sorted(by: { $0.time < $1.time }).prefix(dated.count / 2) { unlink(entry.path) }
  }
}
