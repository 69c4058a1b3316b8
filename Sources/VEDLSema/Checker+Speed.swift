import VEDLDiagnostics
import VEDLSyntax
import VEDLTime

/// The speeds a clip may play at.
public enum SpeedLimit {
  /// The slowest speed, `0.01x` **(choice)**. A clip's sound is slowed by a chain of
  /// `atempo` filters, each at least 0.5, and libavfilter runs such a chain stage by stage:
  /// every source frame becomes 2ᵏ frames after k halvings before the first of them is
  /// encoded. At `0.01x` (7 stages) that is about 1 MB a frame; at `0.00001x` (17 stages)
  /// a gigabyte, and a render grew by 150 MB/s without writing anything. Both backends run
  /// the same chain.
  public static let slowest = Rational(1, 100)!
}

extension CheckRun {
  /// Whether `speed`, written as `expr`, is one a clip can play at; reports E0408 if not.
  func checkSpeed(_ speed: Rational, _ expr: Expr) -> Bool {
    if !speed.isPositive {
      report(
        .invalidSpeed, "speed must be greater than zero, found `\(file.text(expr.span))`", expr.span,
        help: "use a positive speed such as `0.5x` or `2x`")
      return false
    }
    if speed < SpeedLimit.slowest {
      report(
        .invalidSpeed, "speed must be at least `0.01x`, found `\(file.text(expr.span))`", expr.span,
        notes: ["slowing sound further than 100 times needs memory that grows with the slowdown"],
        help: "use `0.01x` or faster")
      return false
    }
    return true
  }
}
