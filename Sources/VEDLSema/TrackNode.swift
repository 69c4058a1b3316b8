import VEDLDiagnostics
import VEDLSource
import VEDLSyntax
import VEDLTime

/// A track while it is being checked.
final class TrackNode {
  let statement: Statement
  var kind: Track.Kind?
  var name: String?
  var items: [ItemNode] = []
  /// The track's `duck` statement (audio tracks), evaluated once every item has its timing.
  var duck: PendingDuck?

  init(statement: Statement) {
    self.statement = statement
  }
}

/// An item (clip, text, shape, gap or transition) while it is being checked. Its timing is
/// computed on demand and memoised, so items can refer to each other in any order.
final class ItemNode {
  enum Kind: Equatable {
    case clip, text, shape, gap
    case transition(Transition.Kind)
  }

  let statement: Statement
  let kind: Kind
  // The check run owns every track and item and drops them together, so these back
  // references need no reference counting (they are read for every item).
  unowned(unsafe) let track: TrackNode
  unowned(unsafe) let checker: CheckRun
  let entry: SchemaEntry
  let arguments: BoundArguments
  var id: String?
  /// Position among the items of its track in the timeline (transitions have none).
  var timelineIndex: Int?

  var schema: StatementSchema { entry.schema }

  /// Clip facts, evaluated with the timing.
  var source: Int?
  var trim: (start: Rational, end: Rational)?
  var speed: Rational = .one
  var volume: Rational = .zero
  var muted = false
  /// Time operations (``CheckRun/evaluateTimeOperations(_:)``).
  var loops = false
  var reverses = false
  /// `frame:`: the one source time a one-frame clip shows.
  var frameAt: Rational?
  var freeze: TimelineItem.Freeze?
  /// One pass of the source on the timeline, when it differs from the item's length less its
  /// hold: a loop's, or what an overlay or audio clip longer than its source has of it.
  var passLength: Rational?
  var text: String?
  var shape: ShapeKind?
  var textArguments = TextArguments()
  var modifiers: [Modifier] = []
  var animations: [Animation] = []
  var presets: [Preset] = []
  /// The clip's own `duck` statement, evaluated once every item has its timing.
  var duck: PendingDuck?

  /// Placement on the timeline (seconds), memoised.
  var timingCell: Cell<(start: Rational, end: Rational)> = .pending
  /// For main-track items: the timing found by the main-track pass.
  var mainTiming: (start: Rational, end: Rational)?
  /// For main-track items: the length, known even when the start is not.
  var mainLength: Rational?
  /// For a transition: its `easing:` when not `linear`.
  var transitionEasing: Easing?

  init(
    statement: Statement, kind: Kind, track: TrackNode, checker: CheckRun, entry: SchemaEntry,
    arguments: BoundArguments
  ) {
    self.statement = statement
    self.kind = kind
    self.track = track
    self.checker = checker
    self.entry = entry
    self.arguments = arguments
  }

  /// How messages name the item: its id, or its kind and first argument as written
  /// (`text "Hello"`, `clip intro`), shortened.
  var describe: String {
    if let id { return "`\(id)`" }
    var written = statement.positional.first.map { checker.file.text($0.span) } ?? ""
    if written.count > 24 { written = String(written.prefix(21)) + "…" }
    return written.isEmpty ? "`\(statement.name.name)`" : "`\(statement.name.name) \(written)`"
  }

  /// The item's timing; `requestedAt` is where the request came from (for cycle reports).
  func timing(requestedAt span: Span) -> (start: Rational, end: Rational)? {
    if track.kind == .main {
      if let mainTiming { return mainTiming }
      // Not computed yet: run the main-track pass (a cycle if it is already running).
      _ = checker.mainEnd(span)
      return mainTiming
    }
    return checker.memoised(get: { timingCell }, set: { timingCell = $0 }, .timing(self), statement.name.span) {
      checker.placeAbsolute(self)
    }
  }
}

/// A `duck` statement and its arguments, kept until every item has its timing
/// (`resolveDucking`). A box, so that the many items without one spend a pointer on it.
final class PendingDuck {
  let statement: Statement
  let arguments: BoundArguments

  init(_ statement: Statement, _ arguments: BoundArguments) {
    self.statement = statement
    self.arguments = arguments
  }
}
