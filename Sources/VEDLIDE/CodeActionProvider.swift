import VEDLDiagnostics
import VEDLSource

/// A quick fix: a diagnostic's fix-it as an edit the editor can apply.
public struct CodeAction: Sendable, Hashable {
  /// The fix-it's message (`snap to \`1s12f\``).
  public var title: String
  /// The diagnostic it fixes.
  public var diagnostic: Diagnostic
  public var edits: [TextEdit]
  /// Whether this is the obvious fix (the diagnostic's only fix-it).
  public var isPreferred: Bool
}

/// Code actions: every fix-it of the diagnostics that touch the requested range (snap to the
/// frame grid, the suggested spelling, `audio` for an audio file written as `video`, …).
public enum CodeActionProvider {
  /// Fixes for the diagnostics of `analysis` whose primary span meets `range` (a cursor
  /// touching a diagnostic counts).
  public static func actions(in range: Span, of analysis: DocumentAnalysis) -> [CodeAction] {
    var actions: [CodeAction] = []
    for d in analysis.diagnostics where d.file === analysis.file && !d.fixIts.isEmpty {
      guard d.span.start <= range.end, range.start <= d.span.end else { continue }
      for fix in d.fixIts {
        actions.append(
          CodeAction(
            title: fix.message.isEmpty ? "apply the fix of \(d.code.id)" : fix.message, diagnostic: d,
            edits: [TextEdit(span: fix.span, newText: fix.replacement)], isPreferred: d.fixIts.count == 1))
      }
    }
    return actions
  }
}
