import VEDLSema
import VEDLTime

/// A text's `typewriter` entrance or exit (ANIMATION.md §3) as both backends draw it.
public enum Typewriter {
  /// Per item-local frame, how many of a text's `total` characters show: ⌊presence · N⌋ of
  /// the product of its typewriter presets' presences (clamped to 0…N).
  public static func visibleCharacters(_ item: TimelineItem, total: Int, frames: Int64, grid: FrameGrid) -> [Int] {
    (0..<max(0, frames)).map { j in
      let p = item.presence(of: [.typewriter], at: item.localTime(ofFrame: item.startFrame + j, grid: grid))
      return min(max(Int((p * Double(total) + 1e-9).rounded(.down)), 0), total)
    }
  }

  /// The first `count` characters of `text`, line breaks kept but not counted.
  public static func prefix(_ text: [Character], _ count: Int) -> String {
    var result = ""
    var left = count
    for c in text {
      if c == "\n" {
        result.append(c)
        continue
      }
      guard left > 0 else { break }
      result.append(c)
      left -= 1
    }
    // Trailing line breaks draw nothing.
    while result.last == "\n" { result.removeLast() }
    return result
  }
}
