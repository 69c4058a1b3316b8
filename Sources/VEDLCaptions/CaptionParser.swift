import VEDLDiagnostics
import VEDLSource

/// Reads SRT and WebVTT caption files into ``CaptionCue``s.
///
/// Like the VEDL parser, it never fails and never traps: whatever the bytes, it returns the
/// cues it could read and a diagnostic for everything else. Every diagnostic's `file` is the
/// caption file and its span points at the exact characters at fault, so the checker only
/// has to add a label at the `import` statement. A malformed cue is skipped; reading resumes
/// at the next cue. See `docs/captions.md` for the accepted syntax and its leniencies.
public enum CaptionParser {
  /// Reads `file` as the format `format` selects.
  ///
  /// - Returns: the cues in file order (not sorted, not checked for overlaps — the checker
  ///   compares imported and inline cues together) and the diagnostics in file order.
  public static func parse(
    file: SourceFile, format: CaptionFormatSelection = .fromExtension
  ) -> (cues: [CaptionCue], diagnostics: [Diagnostic]) {
    var reader = CaptionFileReader(file: file, selection: format)
    return reader.read()
  }
}
