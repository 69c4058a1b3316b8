import VEDLMutation
import VEDLSource
import VEDLSyntax
import VEDLTestSupport

/// Mutates every input that parses cleanly the way a user edits a script (``ScriptMutator``:
/// a statement cut to its name, a value of another type, a dropped argument, a moved or
/// duplicated line) and runs the checking, editor and lowering stages on each mutant.
///
/// libFuzzer's own mutations work on bytes and mostly break the syntax, so the checker sees
/// few valid-looking programs; these keep the syntax and break the meaning instead. The
/// mutations are seeded by the input's bytes, so a crash reproduces from the saved input.
struct MutationStage: FuzzStage {
  /// Mutants checked per input.
  static let mutantsPerInput = 3

  /// What runs on each mutant.
  let stages: [any FuzzStage] = [SemanticCheckStage(), IDEAnalysisStage(), LoweringStage()]

  func run(_ result: ParseResult) {
    guard !result.hasErrors else { return }
    let bytes = result.file.bytes
    let mutator = ScriptMutator(result)
    var random = SplitMix64(seed: Self.fingerprint(bytes))
    for _ in 0..<Self.mutantsPerInput {
      guard let mutation = mutator.randomMutation(using: &random) else { return }
      FuzzStatistics.mutants += 1
      let mutant = Parser.parse(SourceFile(path: result.file.path, bytes: mutation.applied(to: bytes)))
      for stage in stages { stage.run(mutant) }
    }
  }

  /// FNV-1a of the input: its mutations' seed.
  static func fingerprint(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    return hash
  }
}
