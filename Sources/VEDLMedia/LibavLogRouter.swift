import CFFmpeg
import Foundation

/// The single libav log callback and the state it reads: the configuration chosen through
/// `LibavLog`, and the recorders that collect error lines about one FFmpeg object while a
/// call on it runs (so `FFmpegError` can say "moov atom not found", not only "Invalid data").
///
/// libav calls the callback from any thread, hence the lock; a C callback cannot capture
/// context, hence the one shared instance.
final class LibavLogRouter: @unchecked Sendable {
  static let shared = LibavLogRouter()

  private let lock = NSLock()
  private var configuration: LibavLogConfiguration = .silent
  private var installed = false
  /// Recorders by the address of the FFmpeg object they listen to.
  private var recorders: [UInt: LibavErrorRecorder] = [:]
  /// Recorders by the thread they listen on: every error logged by that thread, whatever the
  /// object (a filter graph's errors come from its many filters, an encoder's from its codec).
  private var threadRecorders: [UInt: LibavErrorRecorder] = [:]

  private init() {}

  var currentConfiguration: LibavLogConfiguration {
    lock.withLock { configuration }
  }

  func configure(_ newConfiguration: LibavLogConfiguration) {
    lock.withLock {
      configuration = newConfiguration
      installLocked()
    }
  }

  func installDefaultIfNeeded() {
    lock.withLock {
      if !installed { installLocked() }
    }
  }

  /// Sets libav's own level (so libav skips building messages nobody reads) and the callback.
  /// Error lines are always let through for the recorders.
  private func installLocked() {
    let level = max(configuration.threshold, .error)
    av_log_set_level(level.avLevel)
    if !installed {
      av_log_set_callback(libavLogCallback)
      installed = true
    }
  }

  /// Collects the error lines libav logs about `object` while `body` runs.
  func recordingErrors<T>(
    about object: UnsafeMutableRawPointer?, _ body: () -> T
  ) -> (result: T, messages: [String]) {
    guard let object else { return (body(), []) }
    let recorder = LibavErrorRecorder()
    let key = UInt(bitPattern: object)
    lock.withLock {
      if !installed { installLocked() }
      recorders[key] = recorder
    }
    let result = body()
    lock.withLock { recorders[key] = nil }
    return (result, recorder.messages)
  }

  /// Collects the error lines libav logs on the calling thread, about any object, while
  /// `body` runs. Calls may nest; the innermost recorder receives the lines.
  func recordingErrorsOnThisThread<T, E: Error>(
    _ body: () throws(E) -> T
  ) throws(E) -> (result: T, messages: [String]) {
    let recorder = LibavErrorRecorder()
    let key = currentThreadKey()
    let previous = lock.withLock {
      if !installed { installLocked() }
      let previous = threadRecorders[key]
      threadRecorders[key] = recorder
      return previous
    }
    defer { lock.withLock { threadRecorders[key] = previous } }
    let result = try body()
    return (result, recorder.messages)
  }

  /// Called by libav for every message, before any level filtering.
  fileprivate func deliver(
    context: UnsafeMutableRawPointer?, level avLevel: Int32, format: UnsafePointer<CChar>?,
    arguments: CVaListPointer?
  ) {
    guard let format, let arguments else { return }
    let level = LibavLogLevel(avLevel: avLevel)
    let (configuration, recorder) = lock.withLock {
      () -> (LibavLogConfiguration, LibavErrorRecorder?) in
      let recorder =
        context.flatMap { recorders[UInt(bitPattern: $0)] }
        ?? threadRecorders[currentThreadKey()]
      return (self.configuration, recorder)
    }
    let wantedByConfiguration = level != .quiet && level <= configuration.threshold
    let wantedByRecorder = recorder != nil && level <= .error
    guard wantedByConfiguration || wantedByRecorder else { return }

    var buffer = [CChar](repeating: 0, count: 1024)
    _ = vsnprintf(&buffer, buffer.count, format, arguments)
    let text = String(nulTerminated: buffer).trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { return }
    let component = vedl_av_log_context_name(context).map { String(cString: $0) }
    let message = LibavLogMessage(level: level, component: component, text: text)

    if wantedByRecorder { recorder?.append(text) }
    guard wantedByConfiguration else { return }
    switch configuration {
    case .silent:
      break
    case .standardError:
      FileHandle.standardError.write(Data((message.description + "\n").utf8))
    case .handler(_, let handler):
      handler(message)
    }
  }
}

/// A number identifying the calling thread (its `pthread_t`), for `threadRecorders`.
private func currentThreadKey() -> UInt {
  #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
  #else
    UInt(pthread_self())
  #endif
}

/// The error lines logged about one FFmpeg object during one call.
final class LibavErrorRecorder: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []

  func append(_ line: String) {
    lock.withLock {
      // A damaged file can make a demuxer repeat itself; a few lines say enough.
      if lines.count < 8, lines.last != line { lines.append(line) }
    }
  }

  var messages: [String] { lock.withLock { lines } }
}

/// The C callback libav calls; it cannot capture anything, so it forwards to the router.
private func libavLogCallback(
  context: UnsafeMutableRawPointer?, level: Int32, format: UnsafePointer<CChar>?,
  arguments: CVaListPointer?
) {
  LibavLogRouter.shared.deliver(
    context: context, level: level, format: format, arguments: arguments)
}
