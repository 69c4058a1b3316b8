/// Word wrapping of a text in a `size width:` box, shared by the FFmpeg lowering and the
/// native renderer so that both backends draw the same lines.
///
/// The text is first split into paragraphs at `\n` (which always breaks). A paragraph wider
/// than the box is then broken greedily at spaces: each line takes as many words as fit, so
/// that its measured width is at most the box's; a single word wider than the box stays
/// alone on its line (words are never broken). The spaces at a break are dropped; the spaces
/// between the words of one line are kept as written.
public enum TextWrapping {
  /// The lines of `text`: its `\n`-separated paragraphs, each broken so that every line
  /// measures at most `width` pixels by `measure` (the line's drawn width, `drawtext`'s
  /// `tw`). `width == nil` only splits at `\n`.
  public static func lines(_ text: String, width: Int64?, measure: (String) -> Int64) -> [String] {
    let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let width else { return paragraphs }
    return paragraphs.flatMap { wrap($0, width: width, measure: measure) }
  }

  /// One paragraph (no `\n`) broken greedily at spaces.
  static func wrap(_ paragraph: String, width: Int64, measure: (String) -> Int64) -> [String] {
    guard paragraph.contains(" "), measure(paragraph) > width else { return [paragraph] }
    var lines: [String] = []
    var current: String? = nil
    for (separator, word) in words(of: paragraph) {
      guard let line = current else {
        current = separator + word
        continue
      }
      let candidate = line + separator + word
      if measure(candidate) <= width {
        current = candidate
      } else if !word.isEmpty {
        lines.append(line)
        current = word
      }
      // Trailing spaces that do not fit are at a break: dropped.
    }
    if let current { lines.append(current) }
    return lines
  }

  /// The words of `paragraph`, each with the run of spaces before it; the paragraph's
  /// trailing spaces come last with an empty word.
  static func words(of paragraph: String) -> [(separator: String, word: String)] {
    var result: [(separator: String, word: String)] = []
    var separator = ""
    var word = ""
    for character in paragraph {
      if character == " " {
        if !word.isEmpty {
          result.append((separator, word))
          separator = ""
          word = ""
        }
        separator.append(character)
      } else {
        word.append(character)
      }
    }
    if !word.isEmpty || !separator.isEmpty { result.append((separator, word)) }
    return result
  }
}
