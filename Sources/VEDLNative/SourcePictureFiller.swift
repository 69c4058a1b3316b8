import VEDLSema
import VEDLTime

/// Decodes a timeline's video pictures ahead of `vedl preview`'s requests into a
/// ``SourcePictureStore``: one lane per video clip, each decoding its clip's pictures in
/// order (the cheap direction), the lanes in the order their clips start — except that a
/// lane a request is waiting on goes first. Only decoding happens here; converting and
/// composing are the request's.
///
/// Clips with time operations are not decoded ahead (their source times do not only grow);
/// their requests decode as a renderer without a store does, keeping what they decode.
/// Made on one thread and run on another, by one thread at a time.
public final class SourcePictureFiller: @unchecked Sendable {
  private struct Lane {
    var id = 0
    var source: ClipSource?
    var next: Int64
    var end: Int64
    /// The file and the first and last source times the lane decodes.
    var file: SourcePictureStore.FileKey
    var first: Rational
    var last: Rational
  }

  private let store: SourcePictureStore
  private var lanes: [Lane] = []

  /// A filler of `store` with the pictures of `timeline`'s video clips; announces its lanes
  /// to the store now, so that requests wait for them from the start.
  public init(timeline: Timeline, store: SourcePictureStore) {
    self.store = store
    var lanes: [Lane] = []
    for track in timeline.tracks where track.kind == .main || track.kind == .overlay {
      for item in track.items where item.kind == .clip {
        let end = min(item.endFrame, timeline.frameCount)
        guard item.startFrame < end,
          let source = try? ClipSource(item: item, timeline: timeline, store: store, waitsForFiller: false),
          let first = source.aheadTime(atTimelineFrame: item.startFrame),
          let last = source.aheadTime(atTimelineFrame: end - 1)
        else { continue }
        lanes.append(
          Lane(source: source, next: item.startFrame, end: end, file: first.file, first: first.time, last: last.time))
      }
    }
    // Stable: clips starting together keep the tracks' order.
    self.lanes = lanes.enumerated().sorted { ($0.element.next, $0.offset) < ($1.element.next, $1.offset) }.map {
      var lane = $0.element
      lane.id = store.openLane(lane.file, from: lane.first, to: lane.last)
      return lane
    }
  }

  deinit {
    for lane in lanes where lane.source != nil { store.closeLane(lane.id) }
  }

  /// Decodes on the calling thread until every lane is done, the store is full or
  /// `isCancelled` says so; pauses while a request is being drawn.
  public func run(isCancelled: () -> Bool) {
    defer { closeAll() }
    while !isCancelled(), !store.isFull {
      store.waitWhileRequestsRun()
      let wanted = store.laneInDemand()
      guard
        let index = lanes.firstIndex(where: { $0.source != nil && $0.id == wanted })
          ?? lanes.firstIndex(where: { $0.source != nil })
      else { return }
      step(index)
    }
  }

  /// Decodes lane `index`'s next picture; closes the lane when it is done or fails (a
  /// request then decodes that picture itself, and reports the failure).
  private func step(_ index: Int) {
    guard let source = lanes[index].source else { return }
    let k = lanes[index].next
    do throws(NativeRenderError) {
      try source.decodeAhead(atTimelineFrame: k)
    } catch {
      close(index)
      return
    }
    lanes[index].next = k + 1
    if k + 1 >= lanes[index].end {
      close(index)
    } else if let next = source.aheadTime(atTimelineFrame: k + 1) {
      store.advanceLane(lanes[index].id, to: next.time)
    } else {
      close(index)
    }
  }

  private func close(_ index: Int) {
    lanes[index].source = nil
    store.closeLane(lanes[index].id)
  }

  private func closeAll() {
    for index in lanes.indices where lanes[index].source != nil { close(index) }
  }
}
