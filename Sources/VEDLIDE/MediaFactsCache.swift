import Foundation
import VEDLSema

/// Media facts for the language server: probed once per file on a background thread and
/// cached, so that typing never waits for a file to be opened.
///
/// A lookup never probes. It answers from the cache when the cached answer is still fresh
/// (the file's size and modification time have not changed since it was probed), and
/// otherwise reports the path as unknown; ``request(_:)`` then queues the probe, and the
/// update handler is called with the paths whose facts arrived, so the caller can analyse
/// again. The probing itself is the ``MediaFactsProvider`` given at creation (libavformat in
/// `vedl lsp`, a fake in tests).
public final class MediaFactsCache: @unchecked Sendable {
  /// Called on the probing thread with the paths whose facts are now known.
  public typealias UpdateHandler = @Sendable ([String]) -> Void

  private struct Entry {
    var result: Result<MediaFacts, MediaFactsError>
    var stamp: FileStamp?
  }

  private let prober: any MediaFactsProvider
  private let condition = NSCondition()
  // Everything below is guarded by `condition`.
  private var entries: [String: Entry] = [:]
  private var queue: [String] = []
  private var queued: Set<String> = []
  private var isProbing = false
  private var updateHandler: UpdateHandler?

  /// A cache over `prober`, whose `facts(forPath:)` is only ever called from the cache's
  /// probing thread (`fontFile(atPath:)` from the caller's).
  public init(prober: any MediaFactsProvider) {
    self.prober = prober
  }

  /// Whether the font file at `path` can draw text, asked of the prober now (not cached).
  public func fontFile(atPath path: String) -> FontFileStatus {
    prober.fontFile(atPath: path)
  }

  /// Sets the function told about newly probed paths (the server re-analyses documents).
  public func setUpdateHandler(_ handler: UpdateHandler?) {
    condition.withLock { updateHandler = handler }
  }

  /// The cached facts of `path` if they are still fresh; `nil` when the path was never probed,
  /// is being probed, or changed on disk since. Never blocks on a probe.
  public func cachedFacts(forPath path: String) -> Result<MediaFacts, MediaFactsError>? {
    let stamp = FileStamp(path: path)
    return condition.withLock {
      guard let entry = entries[path], entry.stamp == stamp else { return nil }
      return entry.result
    }
  }

  /// Queues probes of `paths` (those not fresh in the cache and not already queued) on the
  /// background thread.
  public func request(_ paths: some Sequence<String>) {
    var startWorker = false
    condition.withLock {
      for path in paths where !queued.contains(path) {
        if let entry = entries[path], entry.stamp == FileStamp(path: path) { continue }
        queue.append(path)
        queued.insert(path)
      }
      if !queue.isEmpty, !isProbing {
        isProbing = true
        startWorker = true
      }
    }
    if startWorker {
      let thread = Thread { [self] in drainQueue() }
      thread.name = "vedl-media-probe"
      thread.start()
    }
  }

  /// Forgets the facts of `paths` (a watched file changed), so the next lookup probes again.
  public func invalidate(_ paths: some Sequence<String>) {
    condition.withLock {
      for path in paths { entries[path] = nil }
    }
  }

  /// Waits until no probe is queued or running, or until `timeout` seconds have passed;
  /// returns whether the cache is idle (tests, and orderly shutdown).
  @discardableResult
  public func waitUntilIdle(timeout: Double) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    condition.lock()
    defer { condition.unlock() }
    while isProbing {
      if !condition.wait(until: deadline) { return !isProbing }
    }
    return true
  }

  /// A non-blocking provider over this cache for one analysis: it answers from the cache and
  /// remembers which paths it could not answer.
  func lookup() -> CachedMediaLookup { CachedMediaLookup(cache: self) }

  private func drainQueue() {
    while true {
      let next: String? = condition.withLock {
        if queue.isEmpty {
          isProbing = false
          condition.broadcast()
          return nil
        }
        return queue.removeFirst()
      }
      guard let path = next else { return }
      // The stamp is taken before the probe: a file that changes during the probe is then
      // seen as stale by the next lookup rather than cached with old facts.
      let stamp = FileStamp(path: path)
      let result = prober.facts(forPath: path)
      let handler: UpdateHandler? = condition.withLock {
        entries[path] = Entry(result: result, stamp: stamp)
        queued.remove(path)
        return updateHandler
      }
      handler?([path])
    }
  }
}

/// The identity of a file's current contents as far as a cache cares: size and modification
/// time, or `nil` when there is no file.
struct FileStamp: Hashable {
  var size: Int64
  var modifiedSeconds: Int
  var modifiedNanoseconds: Int

  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    size = Int64(info.st_size)
    #if canImport(Darwin)
      modifiedSeconds = Int(info.st_mtimespec.tv_sec)
      modifiedNanoseconds = Int(info.st_mtimespec.tv_nsec)
    #else
      modifiedSeconds = Int(info.st_mtim.tv_sec)
      modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
    #endif
  }
}

/// A ``MediaFactsProvider`` that answers only from a ``MediaFactsCache`` and records the paths
/// it had no answer for. One is made per analysis.
final class CachedMediaLookup: MediaFactsProvider, @unchecked Sendable {
  private let cache: MediaFactsCache
  private let lock = NSLock()
  private var missing: [String] = []

  init(cache: MediaFactsCache) {
    self.cache = cache
  }

  /// Paths asked for that the cache could not answer, in the order they were asked.
  var misses: [String] { lock.withLock { missing } }

  func facts(forPath path: String) -> Result<MediaFacts, MediaFactsError> {
    if let cached = cache.cachedFacts(forPath: path) { return cached }
    lock.withLock { missing.append(path) }
    // The checker sees a readable file without facts; the analysis is redone without media
    // when anything was missing, so this answer never reaches a diagnostic.
    return .failure(MediaFactsError(.unreadable, "not probed yet"))
  }

  /// Asked of the prober directly: opening a font's header takes a millisecond, and a font
  /// created or fixed while the user types is then seen at the next keystroke.
  func fontFile(atPath path: String) -> FontFileStatus {
    cache.fontFile(atPath: path)
  }
}
