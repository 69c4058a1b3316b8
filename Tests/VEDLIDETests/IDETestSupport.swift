import Foundation
import VEDLSema
import VEDLSource

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

  /// The byte offset of the `n`-th occurrence (0-based) of `needle` in `text`.
  static func offset(of needle: String, in text: String, occurrence n: Int = 0) -> Int {
    var searchStart = text.startIndex
    var found = 0
    while let range = text.range(of: needle, range: searchStart..<text.endIndex) {
      if found == n {
        return text.utf8.distance(from: text.utf8.startIndex, to: range.lowerBound.samePosition(in: text.utf8)!)
      }
      found += 1
      searchStart = range.upperBound
    }
    fatalError("`\(needle)` occurs fewer than \(n + 1) times")
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

  /// A fresh empty folder under the temporary directory.
  static func temporaryFolder() -> String {
    let path = NSTemporaryDirectory() + "vedl-ide-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// A small edit with every kind of statement and a resolved timeline (no media files).
  static let demo = """
    vedl 1

    param title: String = "Hello"
    param accent: Color = #FF6600

    canvas 640x360 fps: 30 background: #101018

    let bars = testpattern()
    let night = color(#1E3A8A)
    let beep = tone(440)

    track main {
      clip bars duration: 3s id: opening
      crossfade 1s
      clip night duration: 4s id: closing {
        fade out: 500ms
      }
    }

    track overlay "titles" {
      text "\\(title)" at: opening.start + 1s duration: 2s {
        position bottom margin: 24
      }
      shape rect at: 3s until: closing.end {
        fill accent
      }
    }

    track audio "tone" {
      clip beep at: 0s until: end volume: -18dB
    }

    captions {
      cue 500ms..2500ms "Captions"
    }

    export "out/demo.mp4" quality: medium {
      thumbnail "out/demo.jpg" at: 1s
    }
    """
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
