import Foundation
import Testing
import VEDLMedia

@testable import VEDLRender

/// `BackgroundResult`: the value or error of the work, and `abandon()` — which must not
/// return while the work's thread still runs (a job that returned early used to leave the
/// fingerprint's thread inside libcrypto while the process exited).
@Suite struct BackgroundResultTests {
  /// Set by the work just before it returns; read by the test after `abandon()`.
  final class Finished: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
  }

  @Test func valueIsWhatTheWorkReturnedOrThrew() throws {
    let result = BackgroundResult { _ throws(RenderError) in 42 }
    #expect(try result.value() == 42)
    #expect(try result.value() == 42, "a second call gives the value again")

    let failing = BackgroundResult { _ throws(RenderError) -> Int in
      throw .unreadableInput(path: "/x", reason: "no such file")
    }
    #expect(throws: RenderError.self) { try failing.value() }
  }

  @Test func abandonStopsTheWorkAndReturnsOnlyOnceItHasEnded() throws {
    let finished = Finished()
    let started = DispatchSemaphore(value: 0)
    let result = BackgroundResult { stop throws(RenderError) -> Int in
      started.signal()
      var rounds = 0
      // Runs until asked to stop (a minute at most, so a broken `abandon` fails the test
      // instead of hanging it).
      while !stop.isCancelled, rounds < 60_000 {
        usleep(1000)
        rounds += 1
      }
      usleep(50_000)  // Still working for a while after the flag is seen.
      finished.set()
      return rounds
    }
    started.wait()
    result.abandon()
    #expect(finished.isSet, "abandon() returned while the work was still running")
    #expect(try result.value() < 60_000, "the work saw the flag")
  }

  @Test func abandoningAReadyOrFinishedResultKeepsItsValue() throws {
    let ready = BackgroundResult<Int>(ready: 7)
    ready.abandon()
    #expect(try ready.value() == 7)

    let computed = BackgroundResult { _ throws(RenderError) in "done" }
    #expect(try computed.value() == "done")
    computed.abandon()
    #expect(try computed.value() == "done")
  }

  @Test func aRaisedFlagStopsHashing() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    let path = workspace.path("big.bin")
    try Data(repeating: 7, count: 3 * FileDigest.blockSize).write(to: URL(fileURLWithPath: path))
    let stop = CancellationFlag()
    #expect(try FileDigest.sha256(ofFileAt: path, cancellation: stop) != nil)
    stop.cancel()
    #expect(try FileDigest.sha256(ofFileAt: path, cancellation: stop) == nil)
  }
}
