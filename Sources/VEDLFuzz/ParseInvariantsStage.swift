import VEDLDiagnostics
import VEDLSource
import VEDLSyntax

/// Checks the shape of the parser's output for any input: every span the front end hands to
/// later stages (tokens, comments, diagnostics, their labels and fix-its, the tree's root)
/// lies inside the file, and the token stream is in source order, does not overlap, and ends
/// with exactly one `endOfFile`.
///
/// Renderers and the language server slice the source with these spans; one that points
/// past the end is a bug even when today's renderer happens to clamp it.
struct ParseInvariantsStage: FuzzStage {
  func run(_ result: ParseResult) {
    let file = result.file

    let tokens = result.tokens
    FuzzInvariant.require(tokens.last?.kind == .endOfFile, "the token stream does not end with endOfFile")
    FuzzInvariant.require(
      tokens.dropLast().allSatisfy { $0.kind != .endOfFile }, "endOfFile appears before the last token")
    var previousEnd = 0
    for token in tokens {
      FuzzInvariant.requireInside(token.span, of: file, "token \(token.kind)")
      FuzzInvariant.require(
        token.span.start >= previousEnd,
        "token \(token.kind) at \(token.span) overlaps or precedes the token ending at \(previousEnd)")
      previousEnd = token.span.end
    }

    for comment in result.comments { FuzzInvariant.requireInside(comment.span, of: file, "a comment") }
    FuzzInvariant.requireInside(result.syntax.span, of: file, "the file's syntax node")

    for diagnostic in result.diagnostics {
      func what() -> String { "diagnostic \(diagnostic.code.id) “\(diagnostic.message)”" }
      FuzzInvariant.require(diagnostic.file === file, "\(what()) points into another file")
      FuzzInvariant.requireInside(diagnostic.span, of: file, what())
      for label in diagnostic.labels where label.file == nil || label.file === file {
        FuzzInvariant.requireInside(label.span, of: file, "a label of \(what())")
      }
      for fixIt in diagnostic.fixIts { FuzzInvariant.requireInside(fixIt.span, of: file, "a fix-it of \(what())") }
    }
  }
}
