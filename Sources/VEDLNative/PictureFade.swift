import VEDLLowering
import VEDLSema
import VEDLTime

/// An item's `fade in:`/`out:` as the FFmpeg backend's `fade` filters compute it (FFmpeg
/// 5.1, time-based): the item's frames are numbered `j = 0, 1, …` on the canvas grid,
/// `start_time` and `duration` are turned into ticks of that grid with `av_rescale_q`, and
/// frame `j` gets the integer factor `(j − start) · 65535 / duration`, clipped to 0…65535 (0
/// before the fade starts, inverted for a fade out). The native renderer uses the same
/// integers, so a faded frame matches to the rounding of the blend.
struct PictureFade: Sendable {
  /// A fade in (from nothing to the picture) or out.
  enum Direction: Sendable {
    case fadeIn
    case fadeOut
  }

  /// Full visibility: the factor of a frame the fade does not touch.
  static let opaqueFactor = 65535

  var direction: Direction
  /// `start_time` in grid ticks (item frames).
  var startTicks: Int64
  /// `duration` in grid ticks; 0 when the fade is shorter than half a frame (FFmpeg then
  /// fades by frame count, 25 frames).
  var durationTicks: Int64

  /// The fades of `item` (at most one in, one out), with times counted from the instant of
  /// its first frame, as the lowering writes them.
  static func fades(of item: TimelineItem, modifiers mods: ItemModifiers, grid: FrameGrid) -> [PictureFade] {
    let origin = grid.time(ofFrame: item.startFrame)
    var fades: [PictureFade] = []
    func fade(_ direction: Direction, start: Rational, duration: Rational) -> PictureFade {
      PictureFade(
        direction: direction, startTicks: LibavSetup.canvasTicks(ofSeconds: max(.zero, start), rate: grid.rate),
        durationTicks: LibavSetup.canvasTicks(ofSeconds: duration, rate: grid.rate))
    }
    if mods.fadeIn.isPositive { fades.append(fade(.fadeIn, start: item.start - origin, duration: mods.fadeIn)) }
    if mods.fadeOut.isPositive {
      fades.append(fade(.fadeOut, start: item.end - mods.fadeOut - origin, duration: mods.fadeOut))
    }
    return fades
  }

  /// The factor (0 = invisible, 65535 = untouched) of item frame `j`.
  func factor(atFrame j: Int64) -> Int {
    var factor: Int64
    if durationTicks > 0 {
      factor = j < startTicks ? 0 : (j - startTicks) * Int64(Self.opaqueFactor) / durationTicks
    } else {
      // `fade` counts frames instead: 65536/25 per frame from the frame it starts on (its
      // frame counter is 1 on the first frame).
      let count = j + 1
      let first = startTicks == 0 ? 0 : max(startTicks, 0) + 1
      factor = j < startTicks ? 0 : (count - first) * Int64((1 << 16) / 25)
    }
    factor = min(max(factor, 0), Int64(Self.opaqueFactor))
    return direction == .fadeIn ? Int(factor) : Self.opaqueFactor - Int(factor)
  }

  /// The product of several fades' factors at item frame `j`, as a fraction of 1 (the
  /// filters apply one after another).
  static func visibility(_ fades: [PictureFade], atFrame j: Int64) -> Double {
    var visibility = 1.0
    for fade in fades {
      let f = fade.factor(atFrame: j)
      if f < opaqueFactor { visibility *= Double(f) / 65536 }
    }
    return visibility
  }
}
