import Dispatch
import Foundation
import VEDLMedia

/// Turns Ctrl-C (`SIGINT`), `kill` (`SIGTERM`) and a closed terminal (`SIGHUP`) into a raised
/// `CancellationFlag` while a render runs, so the render stops between frames, removes its
/// temporary files and the command exits with 128 + the signal (130 for Ctrl-C, 143 for
/// `SIGTERM`) — instead of the process dying with a half-written file beside the output.
///
/// While at least one `InterruptSignal` is active, these signals are ignored by the process
/// and observed through dispatch sources (no code runs inside a signal handler), and each
/// arrival raises the flag of every active watcher. When the last watcher stops, the default
/// actions come back, so a Ctrl-C after the render ends stops the program as usual. Watchers
/// may overlap (renders running side by side in one process). A signal the process was
/// started with ignored stays ignored and is not observed — `nohup vedl render …` keeps
/// rendering when the terminal closes, as Unix programs do.
public final class InterruptSignal: @unchecked Sendable {
  private let flag: CancellationFlag
  private let lock = NSLock()
  private var receivedSignal: Int32?
  private var active = true

  /// The signals observed: Ctrl-C, `kill`'s default and the terminal hanging up.
  public static let observed: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// Starts watching for the `observed` signals, raising `flag` when one arrives.
  public init(raising flag: CancellationFlag) {
    self.flag = flag
    InterruptRegistry.shared.add(self)
  }

  /// Whether a signal arrived while this watcher was active.
  public var wasReceived: Bool { lock.withLock { receivedSignal != nil } }

  /// The exit status for the render this watcher guarded once it has stopped on a signal:
  /// 128 + the first signal received (shells' convention), 130 (Ctrl-C's) when none was —
  /// the render was cancelled otherwise.
  public var exitStatus: Int32 { 128 + (lock.withLock { receivedSignal } ?? SIGINT) }

  /// Stops watching; the last watcher to stop restores the default actions.
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

  fileprivate func deliver(_ signal: Int32) {
    lock.withLock { receivedSignal = receivedSignal ?? signal }
    flag.cancel()
  }
}

/// The process's one observer of each signal and the watchers it notifies.
private final class InterruptRegistry: @unchecked Sendable {
  static let shared = InterruptRegistry()

  private let lock = NSLock()
  private var watchers: [ObjectIdentifier: InterruptSignal] = [:]
  /// The observed signals with their sources; empty while nobody watches.
  private var sources: [(signal: Int32, source: DispatchSourceSignal)] = []
  private var watching = false

  var isWatching: Bool { lock.withLock { watching } }

  func add(_ watcher: InterruptSignal) {
    lock.withLock {
      watchers[ObjectIdentifier(watcher)] = watcher
      guard !watching else { return }
      watching = true
      for number in InterruptSignal.observed {
        // Ignored since the process started (`nohup`, a background job): leave it so.
        let previous = signal(number, SIG_IGN)
        guard unsafeBitCast(previous, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self) else { continue }
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler { [weak self] in self?.deliver(number) }
        source.resume()
        sources.append((number, source))
      }
    }
  }

  func remove(_ watcher: InterruptSignal) {
    lock.withLock {
      watchers[ObjectIdentifier(watcher)] = nil
      guard watchers.isEmpty, watching else { return }
      for (number, source) in sources {
        source.cancel()
        signal(number, SIG_DFL)
      }
      sources = []
      watching = false
    }
  }

  private func deliver(_ signal: Int32) {
    let current = lock.withLock { Array(watchers.values) }
    for watcher in current { watcher.deliver(signal) }
  }
}
