import Foundation
import Testing
import VEDLMedia
import VEDLRender

/// Ctrl-C handling while a render runs. Delivering a real SIGINT or SIGTERM is tested in a
/// separate process (`VEDLCLITests/RenderCommandTests`), never inside the test runner, where
/// it would cancel other tests' renders.
@Suite struct InterruptSignalTests {
  /// The address of the current SIGINT handler (`SIG_DFL` is 0, `SIG_IGN` 1).
  static func sigintHandler() -> Int {
    var current = sigaction()
    sigaction(SIGINT, nil, &current)
    return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
  }

  @Test func watchingReplacesTheDefaultActionUntilTheLastWatcherStops() {
    let first = CancellationFlag()
    let second = CancellationFlag()
    let a = InterruptSignal(raising: first)
    let b = InterruptSignal(raising: second)
    #expect(InterruptSignal.isWatching)
    #expect(Self.sigintHandler() != 0, "SIGINT still has its default action (it would kill the process)")
    a.stop()
    #expect(InterruptSignal.isWatching)
    #expect(Self.sigintHandler() != 0)
    a.stop()
    b.stop()
    #expect(!a.wasReceived && !b.wasReceived)
    #expect(!first.isCancelled && !second.isCancelled)
  }

  @Test func exitStatusIs130WhenNoSignalCame() {
    let watcher = InterruptSignal(raising: CancellationFlag())
    defer { watcher.stop() }
    #expect(watcher.exitStatus == 130)
    #expect(InterruptSignal.observed == [SIGINT, SIGTERM, SIGHUP])
  }
}
