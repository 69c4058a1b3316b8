import VEDLIDE
import VEDLSource
import VEDLSyntax

/// Runs what an editor asks of a document while the user types — the analysis, hover,
/// completion, go-to-definition and references at spread positions, symbols, inlay hints,
/// semantic tokens, folding ranges, code actions and formatting — and checks that every
/// span they return lies inside the file. The language server runs these on every keystroke,
/// so an input that traps here would crash-loop an editor.
struct IDEAnalysisStage: FuzzStage {
  /// How many byte offsets of the input each position-based request is asked at.
  static let positions = 24

  func run(_ result: ParseResult) {
    let file = result.file
    let syntax = SyntaxAnalysis(parse: result)
    let analysis = DocumentAnalysis.analyze(syntax, options: AnalysisOptions(baseDirectory: "/fuzz"))
    let whole = Span(start: 0, end: file.bytes.count)
    for offset in Self.offsets(in: file) {
      if let hover = HoverProvider.hover(at: offset, in: analysis) {
        FuzzInvariant.requireInside(hover.span, of: file, "the hover at \(offset)")
      }
      _ = CompletionProvider.complete(at: offset, in: syntax, baseDirectory: "/fuzz")
      if let definition = NameNavigation.definition(at: offset, in: syntax) {
        FuzzInvariant.requireInside(definition.declarationSpan, of: file, "the definition found at \(offset)")
      }
      for reference in NameNavigation.references(at: offset, in: syntax, includeDeclaration: true) {
        FuzzInvariant.requireInside(reference.span, of: file, "a reference found at \(offset)")
      }
    }
    _ = DocumentSymbolProvider.symbols(in: analysis)
    _ = InlayHintProvider.hints(in: whole, of: analysis)
    _ = SemanticTokenProvider.tokens(in: syntax)
    _ = FoldingRangeProvider.ranges(in: result)
    _ = CodeActionProvider.actions(in: whole, of: analysis)
    for edit in FormattingProvider.edits(for: result) ?? [] {
      FuzzInvariant.requireInside(edit.span, of: file, "a formatting edit")
    }
  }

  /// Offsets spread evenly over the file, its start and end included.
  static func offsets(in file: SourceFile) -> [Int] {
    let size = file.bytes.count
    guard size > 0 else { return [0] }
    let count = min(positions, size + 1)
    return (0..<count).map { size * $0 / max(1, count - 1) }
  }
}
