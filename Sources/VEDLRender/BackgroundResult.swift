import Foundation
import VEDLMedia

/// A value computed on a thread of its own while the caller goes on, and collected with
/// `value()`. The render uses it for the fingerprint when nothing can be skipped anyway
/// (`--force`, or no earlier render to compare with): hashing the inputs — about a third of a
/// second for a minute of 1080p sources — then overlaps with the render's start instead of
/// delaying it.
///
/// The owner must call `abandon()` (in a `defer`) once it no longer needs the value: no
/// thread may outlive the job that started it. A render that fails early would otherwise
/// return — and the process exit — while the worker is still inside libcrypto, whose exit
/// handler then frees what the worker is using (a crash after the diagnostic; issue found
/// by CI in `unwritableFolderIsE0502`).
final class BackgroundResult<Value: Sendable>: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  /// Raised by `abandon()`; the work looks at it and stops early.
  private let stop = CancellationFlag()
  /// Written once by the worker before `done` is signalled; read after waiting for it.
  private var result: Result<Value, RenderError>?

  /// Starts `work` on a new thread. `work` should return soon after its flag is raised.
  init(_ work: @escaping @Sendable (CancellationFlag) throws(RenderError) -> Value) {
    let stop = stop
    let thread = Thread { [self] in
      do throws(RenderError) {
        result = .success(try work(stop))
      } catch {
        result = .failure(error)
      }
      done.signal()
    }
    thread.name = "vedl background"
    thread.start()
  }

  /// A result that is already known.
  init(ready value: Value) {
    result = .success(value)
    done.signal()
  }

  /// Waits for the value (or the error the work threw).
  func value() throws(RenderError) -> Value {
    waitForTheWorker()
    switch result! {
    case .success(let value): return value
    case .failure(let error): throw error
    }
  }

  /// Asks the work to stop and waits until its thread has ended. Does nothing to a value
  /// already computed; `value()` after `abandon()` returns whatever the work returned.
  func abandon() {
    stop.cancel()
    waitForTheWorker()
  }

  private func waitForTheWorker() {
    done.wait()
    // Keep the semaphore signalled for a later call.
    done.signal()
  }
}
