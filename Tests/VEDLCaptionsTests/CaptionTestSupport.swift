import VEDLCaptions
import VEDLDiagnostics
import VEDLSource
import VEDLTime

/// The outcome of parsing one in-memory caption file, with helpers to turn spans into the
/// `line:column` positions a user would see.
struct ParsedCaptions {
  let file: SourceFile
  let cues: [CaptionCue]
  let diagnostics: [Diagnostic]

  /// Parses `text` as a file called `path`.
  init(_ text: String, path: String = "subs.srt", format: CaptionFormatSelection = .fromExtension) {
    self.init(bytes: Array(text.utf8), path: path, format: format)
  }

  /// Parses raw `bytes` (invalid UTF-8, byte-order marks) as a file called `path`.
  init(bytes: [UInt8], path: String = "subs.srt", format: CaptionFormatSelection = .fromExtension) {
    file = SourceFile(path: path, bytes: bytes)
    (cues, diagnostics) = CaptionParser.parse(file: file, format: format)
  }

  /// The codes of all diagnostics, in order.
  var codes: [String] { diagnostics.map(\.code.id) }

  /// `"line:column"` of the start of `span`.
  func at(_ span: Span) -> String { file.lines.location(of: span.start).description }

  /// `"line:column-line:column"` of `span`.
  func range(_ span: Span) -> String {
    "\(file.lines.location(of: span.start))-\(file.lines.location(of: span.end))"
  }

  /// The text of `span` in the caption file.
  func text(_ span: Span) -> String { file.text(span) }
}

/// `n/d` seconds, for expectations.
func seconds(_ n: Int64, _ d: Int64 = 1) -> Rational { Rational(n, d)! }
