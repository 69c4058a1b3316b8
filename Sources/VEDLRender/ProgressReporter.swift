import Foundation
import VEDLMedia

/// Draws a `ProgressBar` on a terminal: redraws the line in place (`\r`, erase to the end of
/// the line) at most ten times a second, and erases it when the render ends, so the final
/// message starts on a clean line. Writes through `write`, so it can be tested and so the
/// command line decides where it goes (standard error, and only when it is a terminal).
public final class ProgressReporter {
  private let bar: ProgressBar
  private let write: (String) -> Void
  private let clock: () -> Double
  private let start: Double
  private var lastDraw: Double?
  private var lastLine: String?
  private var drawn = false

  /// Minimum seconds between two redraws.
  public static let interval = 0.1

  /// A reporter for `bar` writing with `write`; `clock` gives seconds (monotonic).
  public init(
    bar: ProgressBar, write: @escaping (String) -> Void,
    clock: @escaping () -> Double = ProgressReporter.monotonicSeconds
  ) {
    self.bar = bar
    self.write = write
    self.clock = clock
    self.start = clock()
  }

  /// Redraws the line for `progress`, unless it was drawn less than `interval` ago (the
  /// report at 100% is always drawn) or would not change.
  public func report(_ progress: RenderProgress) {
    let now = clock()
    let finished = (progress.fraction ?? 0) >= 1
    if let lastDraw, now - lastDraw < Self.interval, !finished { return }
    let line = bar.line(for: progress, elapsed: now - start)
    guard line != lastLine else { return }
    lastDraw = now
    lastLine = line
    drawn = true
    write("\r" + line + "\u{1B}[K")
  }

  /// Erases the line if one was drawn.
  public func finish() {
    guard drawn else { return }
    write("\r\u{1B}[K")
    drawn = false
    lastLine = nil
  }

  /// Seconds from an arbitrary fixed point, never going backwards.
  public static func monotonicSeconds() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
  }
}
