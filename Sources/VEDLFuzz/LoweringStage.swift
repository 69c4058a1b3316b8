import VEDLLowering
import VEDLMedia
import VEDLSema
import VEDLSyntax

/// Lowers every program that checks without errors to an FFmpeg filter graph and has
/// libavfilter parse it: the lowering either reports a `LoweringError` (a diagnostic for the
/// user) or produces a graph FFmpeg accepts — never text that FFmpeg rejects.
struct LoweringStage: FuzzStage {
  func run(_ result: ParseResult) {
    guard !result.hasErrors else { return }
    let checked = Checker.check(result, options: CheckOptions(media: FuzzMediaFacts(), baseDirectory: "/fuzz"))
    guard let timeline = checked.timeline, timeline.frameCount > 0, timeline.frameCount < 100_000 else { return }
    FuzzStatistics.checked += 1
    var lowered = false
    defer { if lowered { FuzzStatistics.lowered += 1 } }
    for export in [nil] + timeline.exports.map(Optional.some) {
      guard case .success(let graph) = Lowering.lower(timeline, export: export) else { continue }
      lowered = true
      let text = FilterGraphPrinter.filterComplex(graph)
      if let problem = FilterGraphSyntaxCheck.problem(in: text) {
        FuzzInvariant.fail("libavfilter rejects the lowered graph: \(problem)\n\(text)")
      }
    }
  }
}
