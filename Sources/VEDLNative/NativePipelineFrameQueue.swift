import Foundation
import VEDLRaster

/// The bounded hand-over between the pipeline's compositing thread and its encoding thread:
/// at most `capacity` finished pictures wait, so the compositor can run ahead of the encoder
/// by a few frames but memory stays flat whatever the length of the edit.
///
/// The producer `put`s pictures (blocking while the queue is full) and then `finish`es, or
/// `fail`s with the error that stopped it; the consumer `take`s them in order (blocking while
/// the queue is empty) and `abandon`s the queue when it stops early (an error, Ctrl-C), which
/// wakes a blocked producer and makes every later `put` return `false`.
final class NativePipelineFrameQueue: @unchecked Sendable {
  /// What the consumer receives.
  enum Item: Sendable {
    /// Timeline frame `index`, drawn.
    case picture(index: Int64, image: RGBAImage)
    /// The producer stopped with this error; nothing follows.
    case failure(NativePipelineError)
  }

  /// Pictures that may wait at once.
  let capacity: Int
  private let condition = NSCondition()
  private var items: [Item] = []
  private var finished = false
  private var abandoned = false
  /// The most pictures that waited at once (for tests of the bound).
  private(set) var highWaterMark = 0

  /// An empty queue holding at most `capacity` (at least 1) items.
  init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  /// Adds `item`, waiting while the queue is full. Returns `false`, without adding, once the
  /// consumer has abandoned the queue.
  @discardableResult
  func put(_ item: Item) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while items.count >= capacity && !abandoned { condition.wait() }
    guard !abandoned else { return false }
    items.append(item)
    highWaterMark = max(highWaterMark, items.count)
    condition.broadcast()
    return true
  }

  /// Says that nothing more will be put.
  func finish() {
    condition.lock()
    finished = true
    condition.broadcast()
    condition.unlock()
  }

  /// The oldest item, waiting while the queue is empty; `nil` once the producer has finished
  /// and every item was taken.
  func take() -> Item? {
    condition.lock()
    defer { condition.unlock() }
    while items.isEmpty && !finished { condition.wait() }
    guard !items.isEmpty else { return nil }
    let item = items.removeFirst()
    condition.broadcast()
    return item
  }

  /// Stops the queue from the consumer's side: waiting pictures are dropped and the producer,
  /// blocked or not, is told to stop.
  func abandon() {
    condition.lock()
    abandoned = true
    items.removeAll()
    condition.broadcast()
    condition.unlock()
  }

  /// Whether the consumer has abandoned the queue (the producer checks it between pictures).
  var isAbandoned: Bool {
    condition.lock()
    defer { condition.unlock() }
    return abandoned
  }
}
