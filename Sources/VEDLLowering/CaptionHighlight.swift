import VEDLSema
import VEDLTime

/// The words of a cue drawn again in the style's `highlight:` colour while they are spoken
/// (ANIMATION.md §4), as both backends draw them: each word of each drawn line, the text of
/// its line before it (the word sits that many pixels of advance further along the line),
/// and its frames.
public enum CaptionHighlight {
  public struct Piece: Sendable, Equatable {
    /// The index of the line's `drawtext` (`TextBlock.draws`).
    public var draw: Int
    /// The line's text before the word.
    public var prefix: String
    public var word: String
    /// The frames `[first, end)` the word is highlighted on.
    public var first: Int64
    public var end: Int64
  }

  /// The highlighted words of `cue`, whose lines are `draws`, on `grid`, within the cue's
  /// frames `[cueFirst, cueEnd)`. The words of the drawn lines are matched in order with the
  /// cue's words; a line cut inside a word (wrapped mid-word) ends the matching.
  public static func pieces(_ cue: Captions.Cue, drawTexts: [String], grid: FrameGrid, cueFirst: Int64, cueEnd: Int64)
    -> [Piece]
  {
    let words = cue.words
    var pieces: [Piece] = []
    var next = 0
    for (index, text) in drawTexts.enumerated() {
      var prefix = ""
      var current = ""
      func close() -> Bool {
        defer {
          prefix += current
          current = ""
        }
        guard !current.isEmpty else { return true }
        guard next < words.count, words[next].text == current else { return false }
        let word = words[next]
        next += 1
        let first = word.start == cue.start ? cueFirst : max(cueFirst, grid.frameCeiling(at: word.start))
        let end = word.end == cue.end ? cueEnd : min(cueEnd, grid.frameCeiling(at: word.end))
        if first < end {
          pieces.append(Piece(draw: index, prefix: prefix, word: current, first: first, end: end))
        }
        return true
      }
      for c in text {
        if c.isWhitespace {
          guard close() else { return pieces }
          prefix.append(c)
        } else {
          current.append(c)
        }
      }
      guard close() else { return pieces }
    }
    return pieces
  }
}
