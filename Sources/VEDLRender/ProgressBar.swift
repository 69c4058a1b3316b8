import VEDLMedia

/// The progress line `vedl render` keeps redrawing on a terminal's standard error:
///
///     rendering demo.mp4  [#########---------------]  37%  2.2s of 6.0s  0:03 left
///
/// A pure formatter; `ProgressReporter` decides when to draw it.
public struct ProgressBar: Sendable, Hashable {
  /// What is being rendered (the output's file name).
  public var label: String
  /// Characters between the brackets.
  public var width: Int

  /// A bar for `label`.
  public init(label: String, width: Int = 24) {
    self.label = label
    self.width = max(1, width)
  }

  /// The line for `progress`, `elapsed` wall-clock seconds after the start, without carriage
  /// return or newline. The time left is extrapolated from the pace so far and shown once
  /// there is enough to go on.
  public func line(for progress: RenderProgress, elapsed: Double) -> String {
    var text = "rendering \(label)"
    let done = Self.seconds(progress.time.doubleValue)
    guard let fraction = progress.fraction, let total = progress.expectedDuration else {
      return text + "  \(done)"
    }
    let filled = Int((fraction * Double(width)).rounded(.down))
    text += "  [" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
    let percent = Int((fraction * 100).rounded(.down))
    text += "  " + String(repeating: " ", count: max(0, 3 - String(percent).count)) + "\(percent)%"
    text += "  \(done) of \(Self.seconds(total.doubleValue))"
    if fraction >= 0.02, fraction < 1, elapsed > 0 {
      let left = elapsed * (1 - fraction) / fraction
      text += "  \(Self.clock(left)) left"
    }
    return text
  }

  /// `2.2s`.
  static func seconds(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded(.down))
    return "\(tenths / 10).\(tenths % 10)s"
  }

  /// `0:03`, `12:40`, `1:02:03`.
  static func clock(_ value: Double) -> String {
    let total = Int(value.rounded(.up))
    let (hours, minutes, seconds) = (total / 3600, total / 60 % 60, total % 60)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return hours > 0 ? "\(hours):\(two(minutes)):\(two(seconds))" : "\(minutes):\(two(seconds))"
  }
}
