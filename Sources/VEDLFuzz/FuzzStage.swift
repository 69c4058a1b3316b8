import VEDLSyntax

/// One step of the fuzz pipeline: given a parse result, exercise one part of the compiler
/// and trap (through ``FuzzInvariant/require(_:_:details:)``) when a property that must hold for
/// every input does not.
protocol FuzzStage: Sendable {
  /// Runs the stage over `result`; returns normally when every invariant holds.
  func run(_ result: ParseResult)
}
