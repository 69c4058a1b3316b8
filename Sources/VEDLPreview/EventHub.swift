import Foundation

/// The open `/events` connections and what is announced to them (Server-Sent Events).
public final class EventHub: @unchecked Sendable {
  private let lock = NSLock()
  private var streams: [ObjectIdentifier: EventStream] = [:]
  private var closed = false

  public init() {}

  /// A new stream, already holding `greeting` (so a page learns the current revision).
  public func subscribe(greeting: String? = nil) -> EventStream {
    let stream = EventStream(hub: self)
    if let greeting { stream.push(greeting) }
    lock.withLock {
      if closed { stream.close() } else { streams[ObjectIdentifier(stream)] = stream }
    }
    return stream
  }

  /// Sends `event` with `data` (one line of JSON) to every open stream.
  public func publish(event: String, data: String) {
    let text = Self.message(event: event, data: data)
    for stream in lock.withLock({ Array(streams.values) }) { stream.push(text) }
  }

  /// The wire form of one event.
  public static func message(event: String, data: String) -> String {
    "event: \(event)\ndata: \(data)\n\n"
  }

  /// How many streams are open (tests).
  public var count: Int { lock.withLock { streams.count } }

  /// Ends every stream, now and later (the server is stopping).
  public func close() {
    let all = lock.withLock {
      closed = true
      defer { streams = [:] }
      return Array(streams.values)
    }
    for stream in all { stream.close() }
  }

  fileprivate func remove(_ stream: EventStream) {
    _ = lock.withLock { streams.removeValue(forKey: ObjectIdentifier(stream)) }
  }
}

/// One `/events` connection: text waiting to be written, read by the connection's thread.
/// A comment line is sent every 15 s of silence, so a closed browser tab is noticed (the
/// write fails) and proxies keep the connection open.
public final class EventStream: @unchecked Sendable {
  private let condition = NSCondition()
  private var pending = Data()
  private var closed = false
  private weak var hub: EventHub?

  fileprivate init(hub: EventHub) { self.hub = hub }

  func push(_ text: String) {
    condition.withLock {
      pending.append(Data(text.utf8))
      condition.signal()
    }
  }

  func close() {
    condition.withLock {
      closed = true
      condition.broadcast()
    }
  }

  /// Up to `maximum` bytes, waiting for some; `nil` once closed.
  func next(maximum: Int) -> Data? {
    condition.lock()
    defer { condition.unlock() }
    while pending.isEmpty && !closed {
      if !condition.wait(until: Date(timeIntervalSinceNow: 15)) && pending.isEmpty && !closed {
        pending.append(Data(": keep-alive\n\n".utf8))
      }
    }
    if closed { return nil }
    let count = min(maximum, pending.count)
    let chunk = pending.prefix(count)
    pending.removeFirst(count)
    return Data(chunk)
  }

  /// The connection is gone.
  func detach() {
    close()
    hub?.remove(self)
  }
}
