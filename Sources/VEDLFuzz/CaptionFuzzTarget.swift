import VEDLCaptions
import VEDLDiagnostics
import VEDLSource

/// The caption files' fuzz target (`VEDL_FUZZ_TARGET=captions scripts/fuzz.sh`): the bytes are
/// read as an SRT and as a WebVTT file, as `captions { import "…" }` reads them. Whatever
/// they are, the parser must return normally, every diagnostic (and label) must point inside
/// the caption file and render, and the cues read must survive the sidecar writer: writing
/// them, reading that back and writing again gives the same text, with no error.
enum CaptionFuzzTarget {
  static func run(bytes: [UInt8]) {
    for format in CaptionFormat.allCases {
      let file = SourceFile(path: "fuzz.\(format.rawValue)", bytes: bytes)
      let (cues, diagnostics) = CaptionParser.parse(file: file, format: selection(format))
      let renderer = TextRenderer(coloring: .plain)
      for diagnostic in diagnostics {
        let what = "caption diagnostic \(diagnostic.code.id) “\(diagnostic.message)”"
        FuzzInvariant.requireInside(diagnostic.span, of: diagnostic.file, what)
        for label in diagnostic.labels {
          FuzzInvariant.requireInside(label.span, of: label.file ?? diagnostic.file, "a label of \(what)")
        }
      }
      for diagnostic in diagnostics.prefix(12) { _ = renderer.render(diagnostic) }
      for cue in cues {
        FuzzInvariant.requireInside(cue.span, of: file, "a cue")
        FuzzInvariant.requireInside(cue.timingSpan, of: file, "a cue's timing line")
      }
      let written = CaptionWriter.write(cues, as: format)
      let again = SourceFile(path: "again.\(format.rawValue)", text: written)
      let (reread, rereadDiagnostics) = CaptionParser.parse(file: again, format: selection(format))
      let errors = rereadDiagnostics.filter { $0.severity == .error }
      FuzzInvariant.require(
        errors.isEmpty,
        "the \(format.rawValue) writer's output does not read back: \(errors.map(\.message))",
        details: FuzzInvariant.excerpt(written))
      FuzzInvariant.require(
        CaptionWriter.write(reread, as: format) == written,
        "writing the \(format.rawValue) cues read back from the writer's output changes them",
        details: FuzzInvariant.excerpt(written))
    }
  }

  static func selection(_ format: CaptionFormat) -> CaptionFormatSelection {
    switch format {
    case .srt: .srt
    case .vtt: .vtt
    }
  }
}
