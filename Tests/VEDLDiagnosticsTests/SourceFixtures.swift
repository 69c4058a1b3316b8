import VEDLSource

/// Small helpers for building diagnostics over in-memory sources in tests.
enum SourceFixtures {
  /// The byte span of the `occurrence`-th (0-based) appearance of `needle` in `file`.
  static func span(of needle: String, in file: SourceFile, occurrence: Int = 0) -> Span {
    let haystack = file.bytes
    let pattern = Array(needle.utf8)
    var found = -1
    var i = 0
    while i + pattern.count <= haystack.count {
      if Array(haystack[i..<(i + pattern.count)]) == pattern {
        found += 1
        if found == occurrence { return Span(start: i, end: i + pattern.count) }
      }
      i += 1
    }
    preconditionFailure("`\(needle)` occurrence \(occurrence) not in test source")
  }
}
