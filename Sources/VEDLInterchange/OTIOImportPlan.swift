import VEDLSema
import VEDLTime

/// A clip as the import plans it, before it is written: timing in exact seconds, so that
/// transitions can lengthen it before any text exists.
struct PlannedClip {
  /// Where the clip's picture or sound comes from.
  enum Source {
    /// A media file: `video(…)`, `image(…)` or `audio(…)`.
    case file(kind: SourceInfo.Kind, written: String)
    /// A source written inline: `testpattern()`, `color(#…)`, a placeholder.
    case inline(String)
  }

  var source: Source
  /// The statement's head when it is not `clip SOURCE` (`text "…"`, `shape rect`).
  var head: String?
  /// The item's start on the timeline (overlay and audio tracks).
  var start: Rational = .zero
  /// Its length on the timeline.
  var length: Rational
  /// The first instant of source time it plays (trimmable sources).
  var sourceStart: Rational = .zero
  var speed: Rational = .one
  /// Video and audio files take `trim:`; the rest take `duration:`.
  var trimmable: Bool
  /// Further arguments (`id: x`, `muted: true`, `volume: -3dB`).
  var arguments: [String] = []
  /// The block, braces included.
  var block: String?
  var fadeIn: Rational?
  var fadeOut: Rational?
  /// Comment lines written above the statement.
  var comments: [String] = []
  /// The range of source time the media has, when known (for transitions that reach past
  /// the clip's range).
  var availableStart: Rational = .zero
  var availableEnd: Rational?
  /// The OTIO clip's name, for diagnostics.
  var otioName: String

  /// The source time after the clip's last instant.
  var sourceEnd: Rational { sourceStart + length * speed }
}

/// One entry of a planned track.
enum PlannedEntry {
  case clip(PlannedClip)
  /// A gap of this length, with comments.
  case gap(Rational, [String])
  /// An OTIO transition: its VEDL statement name and extra arguments, offsets, comments.
  case transition(PlannedTransition)
}

struct PlannedTransition {
  /// `crossfade`, or what a VEDL export recorded (`fade`, `wipe`, `slide`).
  var statement: String
  var arguments: [String]
  var inOffset: Rational
  var outOffset: Rational
  var name: String
  var type: String
  var comments: [String]
}

/// A planned track.
struct PlannedTrack {
  var kind: Track.Kind
  var name: String?
  var comments: [String]
  var entries: [PlannedEntry]
}
