import Foundation

/// A value computed on a thread of its own while the caller goes on, and collected with
/// `value()`. The render uses it for the fingerprint when nothing can be skipped anyway
/// (`--force`, or no earlier render to compare with): hashing the inputs — about a third of a
/// second for a minute of 1080p sources — then overlaps with the render's start instead of
/// delaying it.
final class BackgroundResult<Value: Sendable>: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  /// Written once by the worker before `done` is signalled; read after waiting for it.
  private var result: Result<Value, RenderError>?

  /// Starts `work` on a new thread.
  init(_ work: @escaping @Sendable () throws(RenderError) -> Value) {
    let thread = Thread { [self] in
      do throws(RenderError) {
        result = .success(try work())
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
    done.wait()
    // Keep the semaphore signalled for a later call.
    done.signal()
    switch result! {
    case .success(let value): return value
    case .failure(let error): throw error
    }
  }
}
