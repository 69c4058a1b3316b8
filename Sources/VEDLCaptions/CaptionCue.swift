import VEDLSource
import VEDLTime

/// One caption read from (or written to) an SRT or WebVTT file: the text shown between two
/// exact times.
///
/// Times are exact ``Rational`` seconds (`00:00:01,500` is exactly `3/2`), so imported cues
/// join the timeline's frame arithmetic without rounding. The spans point into the caption
/// file, so the checker can report an overlap between an imported cue and an inline `cue`
/// at the line where the imported one is written.
public struct CaptionCue: Hashable, Sendable {
  /// When the cue appears, in seconds from the start of the caption file's timeline.
  public var start: Rational
  /// When the cue disappears (exclusive), in seconds; always after ``start`` for parsed cues.
  public var end: Rational
  /// The displayed text: markup tags removed, character references decoded, lines joined
  /// with `"\n"`. Empty when the cue has no text (the parser warns, `W0603`).
  public var text: String
  /// The SRT cue number or the WebVTT cue identifier as written (`"12"`, `"intro"`), or
  /// `nil` when the file gives none.
  public var identifier: String?
  /// WebVTT cue settings as written after the end time (`"align:start position:10%"`), kept
  /// as data for a later renderer; `nil` when there are none (always `nil` for SRT).
  public var settings: String?
  /// The whole cue block in the caption file: identifier line (if any), timing line and text.
  /// Cues not parsed from a file (e.g. built for export) use an empty span.
  public var span: Span
  /// The timing line (`00:00:01,000 --> 00:00:02,500`) in the caption file, without its
  /// trailing whitespace.
  public var timingSpan: Span
  /// WebVTT's inline timestamps within the cue (`<00:00:01.200>`, the karaoke form), in
  /// order; empty for most cues.
  public var timestamps: [Timestamp] = []

  /// An inline timestamp: the text from `utf8Offset` on is spoken from `time` on.
  public struct Timestamp: Hashable, Sendable {
    /// A byte offset into ``text``.
    public var utf8Offset: Int
    /// Seconds, on the caption file's timeline.
    public var time: Rational

    public init(utf8Offset: Int, time: Rational) {
      self.utf8Offset = utf8Offset
      self.time = time
    }
  }

  /// Creates a cue; the spans default to empty so that cues built in code (for export) need
  /// no source positions.
  public init(
    start: Rational,
    end: Rational,
    text: String,
    identifier: String? = nil,
    settings: String? = nil,
    span: Span = .point(0),
    timingSpan: Span = .point(0),
    timestamps: [Timestamp] = []
  ) {
    self.start = start
    self.end = end
    self.text = text
    self.identifier = identifier
    self.settings = settings
    self.span = span
    self.timingSpan = timingSpan
    self.timestamps = timestamps
  }

  /// The length of the cue, `end - start` (`nil` only if the subtraction overflows).
  public var duration: Rational? { end.checkedSubtracting(start) }
}
