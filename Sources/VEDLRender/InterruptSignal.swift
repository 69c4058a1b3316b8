import Dispatch
import Foundation
import VEDLMedia

/// Turns Ctrl-C (`SIGINT`) into a raised `CancellationFlag` while a render runs, so the
/// render stops between frames, removes its temporary files and the command exits with 130 —
/// instead of the process dying with a half-written file.
///
/// While at least one `InterruptSignal` is active, `SIGINT` is ignored by the process and
/// observed through a dispatch source (no code runs inside a signal handler), and each
/// arrival raises the flag of every active watcher. When the last watcher stops, the default
/// action comes back, so a Ctrl-C after the render ends stops the program as usual. Watchers
/// may overlap (renders running side by side in one process).
public final class InterruptSignal: @unchecked Sendable {
  private let flag: CancellationFlag
  private let lock = NSLock()
  private var received = false
  private var active = true

  /// The exit status of a process stopped by Ctrl-C: 128 + `SIGINT`.
  public static let exitStatus: Int32 = 128 + SIGINT

  /// Starts watching for `SIGINT`, raising `flag` when it arrives.
  public init(raising flag: CancellationFlag) {
    self.flag = flag
    InterruptRegistry.shared.add(self)
  }

  /// Whether Ctrl-C was pressed while this watcher was active.
  public var wasReceived: Bool { lock.withLock { received } }

  /// Stops watching; the last watcher to stop restores the default action of `SIGINT`.
  public func stop() {
    let wasActive = lock.withLock {
      defer { active = false }
      return active
    }
    if wasActive { InterruptRegistry.shared.remove(self) }
  }

  /// Whether any watcher is active in this process (`SIGINT` is then ignored and observed).
  public static var isWatching: Bool { InterruptRegistry.shared.isWatching }

  deinit { stop() }

  fileprivate func deliver() {
    lock.withLock { received = true }
    flag.cancel()
  }
}

/// The process's one `SIGINT` observer and the watchers it notifies.
private final class InterruptRegistry: @unchecked Sendable {
  static let shared = InterruptRegistry()

  private let lock = NSLock()
  private var watchers: [ObjectIdentifier: InterruptSignal] = [:]
  private var source: DispatchSourceSignal?

  var isWatching: Bool { lock.withLock { source != nil } }

  func add(_ watcher: InterruptSignal) {
    lock.withLock {
      watchers[ObjectIdentifier(watcher)] = watcher
      guard source == nil else { return }
      signal(SIGINT, SIG_IGN)
      let newSource = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
      newSource.setEventHandler { [weak self] in self?.deliver() }
      newSource.resume()
      source = newSource
    }
  }

  func remove(_ watcher: InterruptSignal) {
    lock.withLock {
      watchers[ObjectIdentifier(watcher)] = nil
      guard watchers.isEmpty, let current = source else { return }
      current.cancel()
      source = nil
      signal(SIGINT, SIG_DFL)
    }
  }

  private func deliver() {
    let current = lock.withLock { Array(watchers.values) }
    for watcher in current { watcher.deliver() }
  }
}
