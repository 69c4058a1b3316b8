/// "Did you mean": the candidate closest to a misspelt word by edit distance
/// (case-insensitive, with adjacent transpositions counting as one edit), within a limit that
/// grows with the word's length. Used by every "unknown name" diagnostic.
enum Suggestion {
  /// The number of single-character insertions, deletions, substitutions and adjacent
  /// transpositions that turn `a` into `b`, ignoring case (optimal string alignment).
  static func editDistance(_ a: String, _ b: String) -> Int {
    let x = Array(a.lowercased())
    let y = Array(b.lowercased())
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    var beforePrevious = [Int](repeating: 0, count: y.count + 1)
    var previous = Array(0...y.count)
    var current = [Int](repeating: 0, count: y.count + 1)
    for i in 1...x.count {
      current[0] = i
      for j in 1...y.count {
        let substitution = previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
        if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
          current[j] = min(current[j], beforePrevious[j - 2] + 1)
        }
      }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[y.count]
  }

  /// The most edits a suggestion may be away from `word`: 1 for short words, up to 3.
  static func limit(for word: String) -> Int { max(1, min(3, (word.count + 1) / 3)) }

  /// The candidate closest to `word` (ties go to the earlier candidate), or `nil` when none
  /// is within ``limit(for:)`` or `word` itself is a candidate.
  static func closest(to word: String, among candidates: [String]) -> String? {
    guard !candidates.contains(word) else { return nil }
    var best: (candidate: String, distance: Int)? = nil
    for candidate in candidates {
      let distance = editDistance(word, candidate)
      if distance <= limit(for: word), distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    return best?.candidate
  }
}

extension Suggestion {
  /// ``closest(to:among:)`` over an unordered collection (sorted first, so the answer is stable).
  static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
    closest(to: word, among: Array(Set(candidates)).sorted())
  }
}
