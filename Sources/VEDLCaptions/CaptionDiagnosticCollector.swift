import VEDLDiagnostics

/// Collects the diagnostics of one caption file, folding repeated warnings into one.
///
/// A file exported by a tool that writes `.` instead of `,` does so in every one of its
/// thousand timestamps; a thousand identical warnings would bury everything else. Warnings
/// reported with a `kind` keep only their first occurrence, with a note counting the rest.
struct CaptionDiagnosticCollector {
  private var diagnostics: [Diagnostic] = []
  private var firstIndexByKind: [String: Int] = [:]
  private var repeatsByKind: [String: Int] = [:]

  /// Whether any error has been reported (warnings do not count).
  private(set) var hasErrors = false

  /// Records `diagnostic`.
  mutating func report(_ diagnostic: Diagnostic) {
    if diagnostic.severity == .error { hasErrors = true }
    diagnostics.append(diagnostic)
  }

  /// Records `diagnostic` if it is the first of its `kind`; otherwise only counts it.
  mutating func reportOnce(_ diagnostic: Diagnostic, kind: String) {
    if firstIndexByKind[kind] != nil {
      repeatsByKind[kind, default: 0] += 1
      return
    }
    firstIndexByKind[kind] = diagnostics.count
    report(diagnostic)
  }

  /// The diagnostics in the order reported, folded ones annotated with their count.
  func finished() -> [Diagnostic] {
    var result = diagnostics
    for (kind, count) in repeatsByKind {
      guard let index = firstIndexByKind[kind] else { continue }
      let times = count == 1 ? "1 more time" : "\(count) more times"
      result[index].notes.append("this occurs \(times) in this file")
    }
    return result
  }
}
