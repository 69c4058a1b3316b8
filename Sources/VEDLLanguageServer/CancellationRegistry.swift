import Foundation

/// Request ids the client cancelled with `$/cancelRequest`. The reading thread records them
/// as they arrive, ahead of the queue; the serving thread answers a cancelled request that it
/// has not started with `RequestCancelled` instead of doing the work.
public final class CancellationRegistry: @unchecked Sendable {
  private let lock = NSLock()
  private var cancelled: Set<RequestID> = []

  /// At most this many ids are remembered (cancels of requests already answered are never
  /// collected otherwise).
  static let capacity = 4096

  public init() {}

  /// Records that the client cancelled `id`.
  public func cancel(_ id: RequestID) {
    lock.withLock {
      if cancelled.count >= Self.capacity { cancelled.removeAll() }
      cancelled.insert(id)
    }
  }

  /// Whether `id` was cancelled; forgets it either way (each id is answered once).
  public func take(_ id: RequestID) -> Bool {
    lock.withLock { cancelled.remove(id) != nil }
  }
}
