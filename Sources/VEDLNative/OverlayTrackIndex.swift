import VEDLSema

/// Finds the items of one overlay track that show at a frame without scanning the track:
/// items sorted by first frame, with the running maximum of their end frames, so a binary
/// search and a short walk back find every item covering the frame (one, for the
/// non-overlapping items the checker guarantees).
struct OverlayTrackIndex {
  /// Item indices (in the track) sorted by first frame.
  private let order: [Int]
  private let starts: [Int64]
  /// `maximumEnds[i]`: the largest end frame among `order[0...i]`.
  private let maximumEnds: [Int64]

  /// An index of `items`, whose visible frames are `[startFrame, min(endFrame, frameCount))`.
  init(items: [TimelineItem], frameCount: Int64) {
    let order = items.indices.sorted { (items[$0].startFrame, $0) < (items[$1].startFrame, $1) }
    self.order = order
    starts = order.map { items[$0].startFrame }
    var running = Int64.min
    maximumEnds = order.map {
      running = max(running, min(items[$0].endFrame, frameCount))
      return running
    }
  }

  /// The indices of the items visible at frame `k`, in the track's (script) order, given each
  /// item's visible end.
  func items(at k: Int64, end: (Int) -> Int64) -> [Int] {
    var low = 0
    var high = starts.count
    while low < high {
      let mid = (low + high) / 2
      if starts[mid] <= k { low = mid + 1 } else { high = mid }
    }
    var found: [Int] = []
    var i = low - 1
    while i >= 0 && maximumEnds[i] > k {
      if end(order[i]) > k { found.append(order[i]) }
      i -= 1
    }
    return found.sorted()
  }
}
