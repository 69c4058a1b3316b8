import Foundation

/// How far the inputs of one run got, printed at exit when `VEDL_FUZZ_STATS=1`: the share
/// that reaches the lowering says whether the corpus exercises the back end at all.
enum FuzzStatistics {
  nonisolated(unsafe) static var inputs = 0
  /// Mutants of the inputs (``MutationStage``), also counted by the stages after parsing.
  nonisolated(unsafe) static var mutants = 0
  nonisolated(unsafe) static var checked = 0
  nonisolated(unsafe) static var lowered = 0

  /// Registers the report at exit (once, when asked for).
  static let registered: Bool = {
    guard ProcessInfo.processInfo.environment["VEDL_FUZZ_STATS"] == "1" else { return false }
    atexit {
      let line =
        "fuzz-stats: \(FuzzStatistics.inputs) inputs and \(FuzzStatistics.mutants) mutants of them, "
        + "\(FuzzStatistics.checked) checked without errors, "
        + "\(FuzzStatistics.lowered) lowered to a graph\n"
      FileHandle.standardError.write(Data(line.utf8))
    }
    return true
  }()
}
