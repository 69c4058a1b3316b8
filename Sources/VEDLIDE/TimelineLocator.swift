import VEDLSema
import VEDLSource
import VEDLSyntax

/// Finds the resolved timeline entry of an item or transition statement. The timeline
/// carries no spans; its tracks and items are in the order of the track statements and of
/// the item statements in their blocks (the checker builds it that way and only when the file
/// has no errors), so the locator pairs them up in that order and gives up on a track whose
/// counts do not agree rather than guess.
public struct TimelineLocator: Sendable {
  /// Where a statement landed on the timeline.
  public enum Placement: Sendable, Hashable {
    /// `timeline.tracks[track].items[item]`.
    case item(track: Int, item: Int)
    /// `timeline.transitions[index]`.
    case transition(Int)
  }

  /// Statement names that become timeline items, and those that become transitions.
  static let itemStatements: Set<String> = ["clip", "text", "shape", "gap"]
  static let transitionStatements: Set<String> = ["crossfade", "fade", "wipe", "slide", "transition"]

  private var placements: [Int: Placement] = [:]

  /// Pairs the statements of `statements` with the entries of `timeline`.
  public init(statements: StatementTable, timeline: Timeline) {
    let entries = statements.entries
    let tracks = entries.indices.filter {
      entries[$0].depth == 0 && entries[$0].statement.name.name == "track" && entries[$0].blockContext != nil
        && entries[$0].statement.block != nil
    }
    guard tracks.count == timeline.tracks.count else { return }
    var children: [Int: [Int]] = [:]
    for (index, entry) in entries.enumerated() {
      if let parent = entry.parent { children[parent, default: []].append(index) }
    }
    for (trackIndex, entryIndex) in tracks.enumerated() {
      let track = timeline.tracks[trackIndex]
      let block = children[entryIndex] ?? []
      let items = block.filter { Self.itemStatements.contains(entries[$0].statement.name.name) }
      guard items.count == track.items.count else { continue }
      for (itemIndex, statementIndex) in items.enumerated() {
        placements[entries[statementIndex].statement.span.start] = .item(track: trackIndex, item: itemIndex)
      }
      guard track.kind == .main else { continue }
      var itemsBefore = 0
      for statementIndex in block {
        let name = entries[statementIndex].statement.name.name
        if Self.itemStatements.contains(name) {
          itemsBefore += 1
        } else if Self.transitionStatements.contains(name),
          let t = timeline.transitions.firstIndex(where: { $0.toItem == itemsBefore && $0.fromItem == itemsBefore - 1 })
        {
          placements[entries[statementIndex].statement.span.start] = .transition(t)
        }
      }
    }
  }

  /// The placement of `statement`, if it is an item or transition of the timeline.
  public func placement(of statement: Statement) -> Placement? {
    placements[statement.span.start]
  }
}
