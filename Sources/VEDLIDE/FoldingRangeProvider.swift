import VEDLSource
import VEDLSyntax

/// A foldable region.
public struct FoldingRange: Sendable, Hashable {
  public enum Kind: String, Sendable, Hashable {
    /// A block `{ … }`.
    case region
    /// A block comment, or a run of line comments.
    case comment
  }

  /// From the opening `{` (or the first comment) to the closing `}` (or the end of the last
  /// comment).
  public var span: Span
  public var kind: Kind
  /// Whether the line holding the end of `span` stays visible when folded (a block's `}`).
  public var keepsLastLine: Bool
}

/// Folding ranges: every block that spans lines, every multi-line block comment and every
/// run of two or more line comments on consecutive lines.
public enum FoldingRangeProvider {
  /// The ranges of a parsed document, sorted by start.
  public static func ranges(in parse: ParseResult) -> [FoldingRange] {
    let lines = parse.file.lines
    var ranges: [FoldingRange] = []
    func visit(_ items: [Item]) {
      for case .statement(let s) in items {
        guard let block = s.block else { continue }
        if lines.lineIndex(of: block.span.start) < lines.lineIndex(of: max(block.span.start, block.span.end - 1)) {
          ranges.append(FoldingRange(span: block.span, kind: .region, keepsLastLine: true))
        }
        visit(block.items)
      }
    }
    visit(parse.syntax.items)
    var run: (span: Span, lastLine: Int, count: Int)? = nil
    func flush() {
      if let r = run, r.count >= 2 { ranges.append(FoldingRange(span: r.span, kind: .comment, keepsLastLine: false)) }
      run = nil
    }
    for comment in parse.comments {
      let first = lines.lineIndex(of: comment.span.start)
      let last = lines.lineIndex(of: max(comment.span.start, comment.span.end - 1))
      switch comment.style {
      case .block:
        flush()
        if last > first { ranges.append(FoldingRange(span: comment.span, kind: .comment, keepsLastLine: false)) }
      case .line:
        let startsLine = parse.file.bytes[lines.starts[first]..<comment.span.start].allSatisfy {
          $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t")
        }
        if let r = run, startsLine, first == r.lastLine + 1 {
          run = (r.span.merged(with: comment.span), first, r.count + 1)
        } else {
          flush()
          if startsLine { run = (comment.span, first, 1) }
        }
      }
    }
    flush()
    return ranges.sorted { $0.span < $1.span }
  }
}
