import Foundation
import VEDLDiagnostics
import VEDLSema
import VEDLSource
import VEDLSyntax

/// Runs the semantic checker (`VEDLSema`) over the parse, with invented media facts
/// (``FuzzMediaFacts``), and checks what must hold for any input: every diagnostic points
/// inside the file it names and renders; a file without errors has a resolved timeline whose
/// IR JSON (`vedl ir`) encodes and reads back as the same document; and the editor configuration encodes as JSON
/// (`vedl editor-config`).
struct SemanticCheckStage: FuzzStage {
  /// How many of the checker's own diagnostics are rendered as text (see
  /// ``DiagnosticRenderingStage/textRenderingLimit`` for why there is a limit).
  static let textRenderingLimit = 12

  func run(_ result: ParseResult) {
    let checked = Checker.check(result, options: CheckOptions(media: FuzzMediaFacts(), baseDirectory: "/fuzz"))

    for diagnostic in checked.diagnostics {
      func what() -> String { "checker diagnostic \(diagnostic.code.id) “\(diagnostic.message)”" }
      FuzzInvariant.requireInside(diagnostic.span, of: diagnostic.file, what())
      for label in diagnostic.labels {
        FuzzInvariant.requireInside(label.span, of: label.file ?? diagnostic.file, "a label of \(what())")
      }
      for fixIt in diagnostic.fixIts {
        FuzzInvariant.requireInside(fixIt.span, of: diagnostic.file, "a fix-it of \(what())")
      }
    }
    // With syntax errors the checker returns the parse diagnostics, which
    // DiagnosticRenderingStage has rendered already; otherwise render the checker's.
    if !result.hasErrors {
      let renderer = TextRenderer(coloring: .plain)
      for diagnostic in checked.diagnostics.prefix(Self.textRenderingLimit) { _ = renderer.render(diagnostic) }
      _ = JSONRenderer().render(checked.diagnostics)
    }

    if !checked.hasErrors {
      guard let timeline = checked.timeline else {
        FuzzInvariant.fail("the checker reported no errors but resolved no timeline")
      }
      let document = timeline.document
      do {
        let back = try JSONDecoder().decode(TimelineDocument.self, from: JSONEncoder().encode(document))
        FuzzInvariant.require(back == document, "the timeline's IR does not read back as it was written")
      } catch {
        FuzzInvariant.fail("the timeline's IR does not encode and decode as JSON: \(error)")
      }
    }
    do {
      _ = try JSONEncoder().encode(checked.editor)
    } catch {
      FuzzInvariant.fail("the editor configuration does not encode as JSON: \(error)")
    }
  }
}
