import Foundation

/// The bounded hand-over between two stages of a render running on two threads: at most
/// `capacity` items wait, so the producer can run ahead of the consumer by a few items but
/// memory stays flat whatever the length of the edit.
///
/// The producer `put`s items (blocking while the queue is full) and then `finish`es; the
/// consumer `take`s them in order (blocking while the queue is empty) and `abandon`s the
/// queue when it stops early (an error, Ctrl-C), which drops what waits, wakes a blocked
/// producer and makes every later `put` return `false`. Used by both backends: the FFmpeg
/// backend filters on the calling thread and encodes on another (`EncodingThread`); the
/// native backend draws on another thread and encodes on the calling one.
public final class HandOffQueue<Item>: @unchecked Sendable {
  /// Items that may wait at once.
  public let capacity: Int
  private let condition = NSCondition()
  private var items: [Item] = []
  private var head = 0
  private var finished = false
  private var abandoned = false
  private var peak = 0

  /// An empty queue holding at most `capacity` (at least 1) items.
  public init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  /// Adds `item`, waiting while the queue is full. Returns `false`, without adding, once the
  /// consumer has abandoned the queue.
  @discardableResult
  public func put(_ item: Item) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while items.count - head >= capacity && !abandoned { condition.wait() }
    guard !abandoned else { return false }
    items.append(item)
    peak = max(peak, items.count - head)
    condition.broadcast()
    return true
  }

  /// Says that nothing more will be put.
  public func finish() {
    condition.lock()
    finished = true
    condition.broadcast()
    condition.unlock()
  }

  /// The oldest item, waiting while the queue is empty; `nil` once the producer has finished
  /// and every item was taken, or once the queue was abandoned.
  public func take() -> Item? {
    condition.lock()
    defer { condition.unlock() }
    while items.count == head && !finished && !abandoned { condition.wait() }
    guard items.count > head, !abandoned else { return nil }
    let item = items[head]
    head += 1
    // Drop the taken prefix now and then, so the storage stays as small as the bound.
    if head >= capacity {
      items.removeFirst(head)
      head = 0
    }
    condition.broadcast()
    return item
  }

  /// Stops the queue from the consumer's side: waiting items are dropped and the producer,
  /// blocked or not, is told to stop.
  public func abandon() {
    condition.lock()
    abandoned = true
    items.removeAll()
    head = 0
    condition.broadcast()
    condition.unlock()
  }

  /// Whether the consumer has abandoned the queue (the producer checks it between items).
  public var isAbandoned: Bool {
    condition.lock()
    defer { condition.unlock() }
    return abandoned
  }

  /// The most items that waited at once (for tests of the bound).
  public var highWaterMark: Int {
    condition.lock()
    defer { condition.unlock() }
    return peak
  }
}
