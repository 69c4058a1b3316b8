import VEDLSource
import VEDLSyntax

/// The ordered front-end stages the fuzzer drives over one input: parse once, then hand the
/// same ``ParseResult`` to every stage.
///
/// Adding a stage (lowering, rendering plans) is one entry in ``standard``.
struct FrontEndFuzzPipeline: Sendable {
  /// The stages, run in order on every input.
  var stages: [any FuzzStage]

  /// Everything the front end has today.
  static let standard = FrontEndFuzzPipeline(stages: [
    ParseInvariantsStage(),
    DiagnosticRenderingStage(),
    FormatRoundTripStage(),
    SemanticCheckStage(),
    IDEAnalysisStage(),
    LoweringStage(),
    MutationStage(),
  ])

  /// Parses `bytes` as the file `fuzz.vedl` and runs every stage on the result.
  func run(bytes: [UInt8]) {
    _ = FuzzStatistics.registered
    FuzzStatistics.inputs += 1
    let file = SourceFile(path: "fuzz.vedl", bytes: bytes)
    let result = Parser.parse(file)
    for stage in stages { stage.run(result) }
  }
}
