import Foundation
import VEDLDiagnostics
import VEDLIDE

/// Runs a ``LanguageServer`` over a pair of file descriptors (standard input and output in
/// `vedl lsp`). One thread reads and decodes frames — and records `$/cancelRequest` at once,
/// ahead of the queue — while the calling thread serves messages in order and, whenever none
/// is waiting, publishes diagnostics. Media facts arrive on the prober's thread and are
/// queued like messages, so the server's state is only ever touched by the serving thread.
public enum StdioServer {
  /// Serves until `exit` (or the end of the input) and returns the exit status: 0 after a
  /// `shutdown` request, 1 otherwise.
  public static func run(
    configuration: ServerConfiguration, log: ServerLog, input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO
  ) -> Int32 {
    // A client that goes away must not kill the server with SIGPIPE mid-write; the write
    // fails instead and the end of the input follows.
    signal(SIGPIPE, SIG_IGN)
    let queue = ServerEventQueue()
    let cancellations = CancellationRegistry()
    let writer = FrameWriter(descriptor: output, log: log)
    let worker = AnalysisWorker { job in queue.push(.analysisFinished(job)) }
    let server = LanguageServer(configuration: configuration, log: log, cancellations: cancellations, worker: worker) {
      message in writer.write(message)
    }
    configuration.media?.setUpdateHandler { paths in queue.push(.mediaFacts(paths)) }
    defer {
      configuration.media?.setUpdateHandler(nil)
      worker.stop()
    }

    let reader = Thread {
      read(from: input, into: queue, cancellations: cancellations, log: log)
    }
    reader.name = "vedl-lsp-reader"
    reader.stackSize = 8 << 20
    reader.start()

    while true {
      let event: ServerEvent
      if let next = queue.poll() {
        event = next
      } else if server.hasIdleWork {
        server.performIdleWork()
        continue
      } else {
        event = queue.wait()
      }
      switch event {
      case .message(let message):
        server.handle(message)
      case .mediaFacts(let paths):
        server.mediaFactsArrived(paths)
      case .analysisFinished(let job):
        server.analysisFinished(job)
      case .endOfInput:
        log.info("input closed")
        return server.exitStatus ?? (server.state == .shutDown ? 0 : 1)
      }
      if let status = server.exitStatus {
        log.info("exit (\(status))")
        return status
      }
    }
  }

  /// The reading thread: frames, decodes and queues messages until the input ends.
  static func read(
    from descriptor: Int32, into queue: ServerEventQueue, cancellations: CancellationRegistry, log: ServerLog
  ) {
    var framer = MessageFramer()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else {
        if count < 0 { log.error("reading input failed: \(String(cString: strerror(errno)))") }
        queue.push(.endOfInput)
        return
      }
      framer.append(buffer[0..<count])
      while let event = framer.next() {
        switch event {
        case .malformedHeader(let problem):
          log.error("malformed frame: \(problem)")
        case .message(let body):
          let message = IncomingMessage.decode(body)
          if case .notification("$/cancelRequest", let params) = message, let raw = params?["id"],
            let id = RequestID(raw)
          {
            cancellations.cancel(id)
          }
          queue.push(.message(message))
        }
      }
    }
  }
}

/// Writes framed messages to a file descriptor, whole frames at a time.
final class FrameWriter: @unchecked Sendable {
  private let descriptor: Int32
  private let log: ServerLog
  private let lock = NSLock()
  private var failed = false

  init(descriptor: Int32, log: ServerLog) {
    self.descriptor = descriptor
    self.log = log
  }

  func write(_ message: JSON) {
    let frame = MessageFramer.frame(message.bytes)
    lock.withLock {
      guard !failed else { return }
      var offset = 0
      while offset < frame.count {
        let written = frame.withUnsafeBytes {
          Foundation.write(descriptor, $0.baseAddress! + offset, frame.count - offset)
        }
        if written < 0 {
          if errno == EINTR { continue }
          log.error("writing output failed: \(String(cString: strerror(errno)))")
          failed = true
          return
        }
        offset += written
      }
    }
  }
}
