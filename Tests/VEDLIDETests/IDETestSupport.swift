import Foundation
import VEDLSema
import VEDLSource
import VEDLTestSupport

@testable import VEDLIDE

/// Builds documents for the IDE tests. A `‸` in the text marks the cursor: it is removed and
/// its byte offset returned.
enum IDETestSupport {
  static let caret: Character = "‸"

  /// The text without its caret, and the caret's byte offset (`nil` when there is none).
  static func cursor(_ marked: String) -> (text: String, offset: Int?) {
    guard let index = marked.firstIndex(of: caret) else { return (marked, nil) }
    let offset = marked.utf8.distance(from: marked.utf8.startIndex, to: index.samePosition(in: marked.utf8)!)
    var text = marked
    text.remove(at: index)
    return (text, offset)
  }

  /// The syntax analysis of `marked` and its cursor offset.
  static func syntax(_ marked: String, path: String = "/tmp/vedl-ide-test/test.vedl") -> (SyntaxAnalysis, Int) {
    let (text, offset) = cursor(marked)
    return (SyntaxAnalysis(file: SourceFile(path: path, text: text)), offset ?? 0)
  }

  /// The full analysis of `marked` (no media) and its cursor offset.
  static func analysis(
    _ marked: String, baseDirectory: String = "/tmp/vedl-ide-test", media: MediaFactsCache? = nil
  ) -> (DocumentAnalysis, Int) {
    let (text, offset) = cursor(marked)
    let file = SourceFile(path: baseDirectory + "/test.vedl", text: text)
    let analysis = DocumentAnalysis.analyze(file, options: AnalysisOptions(baseDirectory: baseDirectory, media: media))
    return (analysis, offset ?? 0)
  }

  /// The text of `span` in `analysis`'s file.
  static func text(_ span: Span, in syntax: SyntaxAnalysis) -> String { syntax.file.text(span) }

  /// `text` with `edits` applied (edits must not overlap).
  static func apply(_ edits: [TextEdit], to text: String) -> String {
    var bytes = Array(text.utf8)
    for edit in edits.sorted(by: { $0.span.start > $1.span.start }) {
      bytes.replaceSubrange(edit.span.start..<edit.span.end, with: Array(edit.newText.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// A media prober that counts its calls and answers from a table (tests of the cache).
final class CountingProber: MediaFactsProvider, @unchecked Sendable {
  private let lock = NSLock()
  private var counts: [String: Int] = [:]
  let facts: FakeMediaFacts

  init(_ facts: FakeMediaFacts) {
    self.facts = facts
  }

  func calls(_ path: String) -> Int { lock.withLock { counts[path] ?? 0 } }

  func facts(forPath path: String) -> Result<MediaFacts, MediaFactsError> {
    lock.withLock { counts[path, default: 0] += 1 }
    return facts.facts(forPath: path)
  }
}
