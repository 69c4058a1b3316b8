import Foundation

/// A flag another thread (a Ctrl-C handler, a UI) raises to stop a running render. The
/// runner checks it between frames and stops with `MediaRenderError.cancelled`, after which
/// the caller removes the unfinished output.
public final class CancellationFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var raised = false

  /// A flag that is not raised.
  public init() {}

  /// Asks the render to stop. Safe from any thread, any number of times.
  public func cancel() { lock.withLock { raised = true } }

  /// Whether `cancel()` was called.
  public var isCancelled: Bool { lock.withLock { raised } }
}
