import Foundation

/// Something for the serving thread to do.
enum ServerEvent: Sendable {
  /// A decoded message from the client.
  case message(IncomingMessage)
  /// Media facts arrived for these paths.
  case mediaFacts([String])
  /// The analysis worker finished a job.
  case analysisFinished(AnalysisJob)
  /// The input ended (the client closed the pipe or died).
  case endOfInput
}

/// A blocking first-in first-out queue between the reading thread (and the media prober)
/// and the serving thread.
final class ServerEventQueue: @unchecked Sendable {
  private let condition = NSCondition()
  private var events: [ServerEvent] = []
  private var head = 0

  func push(_ event: ServerEvent) {
    condition.withLock {
      events.append(event)
      condition.signal()
    }
  }

  /// The next event without waiting, or `nil` when the queue is empty.
  func poll() -> ServerEvent? {
    condition.withLock { take() }
  }

  /// The next event, waiting for one.
  func wait() -> ServerEvent {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let event = take() { return event }
      condition.wait()
    }
  }

  private func take() -> ServerEvent? {
    guard head < events.count else { return nil }
    let event = events[head]
    head += 1
    if head > 64, head * 2 > events.count {
      events.removeFirst(head)
      head = 0
    }
    return event
  }
}
