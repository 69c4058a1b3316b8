import VEDLLowering
import VEDLRaster
import VEDLSema
import VEDLTime

/// The `xfade` side of a main-track transition: which blend a VEDL transition is, and the
/// progress `xfade` (FFmpeg 5.1) gives each frame of the overlap — `1 − (pts − offset) /
/// duration` in single precision, clipped to 0…1 (1 shows only the outgoing picture), where
/// `offset` and `duration` are the options the lowering writes, turned into grid ticks.
enum TransitionBlend {
  /// The raster blend of a transition (`crossfade` → `fade`, `fade` → `fadeblack`, `wipe`
  /// and `slide` with their direction, `left` by default).
  static func kind(of transition: Transition) -> TransitionKind {
    let direction: Direction
    switch transition.direction ?? .left {
    case .right: direction = .right
    case .up: direction = .up
    case .down: direction = .down
    case .left: direction = .left
    }
    switch transition.kind {
    case .crossfade: return .fade
    case .fade: return .fadeBlack
    case .fadeWhite: return .fadeWhite
    case .wipe: return .wipe(direction)
    case .slide, .push: return .slide(direction)
    case .smoothWipe: return .smooth(direction)
    case .circleOpen: return .circleOpen
    case .circleClose: return .circleClose
    case .radial: return .radial
    case .zoom: return .zoomIn
    case .pixelize: return .pixelize
    case .blur: return .horizontalBlur
    }
  }

  /// `xfade`'s progress at timeline frame `k` of the transition into main-track item `index`.
  static func progress(
    at k: Int64, into index: Int, items: [TimelineItem], rate: FrameRate, easing: Easing? = nil
  ) -> Double {
    let next = items[index]
    let frames = items[index - 1].endFrame - next.startFrame
    // An eased transition: the lowering's retimed timestamps (TransitionTiming).
    if let easing {
      return TransitionTiming.progress(frame: k - next.startFrame, of: frames, easing: easing, rate: rate)
    }
    let grid = FrameGrid(rate: rate)
    let offset = LibavSetup.canvasTicks(ofSeconds: grid.time(ofFrame: next.startFrame), rate: rate)
    let duration = LibavSetup.canvasTicks(ofSeconds: grid.time(ofFrame: max(1, frames)), rate: rate)
    guard duration > 0 else { return 0 }
    let progress = Float(1) - Float(k - offset) / Float(duration)
    return Double(min(max(progress, 0), 1))
  }
}
