/// The lines of one text split into runs by the font that draws them and measured as
/// `drawtext` measures them (`FontLibrary.measure`).
public struct TextMeasurement: Sendable, Equatable {
  /// Consecutive characters of one line drawn with one font: one `drawtext`.
  public struct Run: Sendable, Equatable {
    /// The characters.
    public var text: String
    /// The font file that draws them.
    public var font: FontRequest
    /// The run's left pen position along its line: the widths of the runs before it.
    public var offset: Int
    /// `drawtext`'s `tw` for the run.
    public var width: Int
  }

  /// One line.
  public struct Line: Sendable, Equatable {
    /// The line's runs, left to right (none for an empty line).
    public var runs: [Run]
    /// The line's width: its runs' widths added up.
    public var width: Int
  }

  /// The lines, in order.
  public var lines: [Line]
  /// `drawtext`'s `ascent` for the whole text: its first baseline lies this far below `y`.
  public var ascent: Int
  /// `drawtext`'s `lh` for the whole text: the distance between two baselines.
  public var lineHeight: Int
}
