import VEDLSema
import VEDLTime

/// Maps timeline frames to x positions: the time area spans frames `0 ..< extentFrames`
/// linearly, so a clip's box starts at `x(ofFrame: startFrame)` and is
/// `x(ofFrame: endFrame) - x(ofFrame: startFrame)` wide — the exact frames of the resolved
/// timeline, never re-derived from seconds.
public struct TimelineScale: Sendable, Equatable {
  /// The x of frame 0.
  public var originX: Double
  /// The width of the time area in pixels.
  public var width: Double
  /// The number of frames the time area spans; at least 1.
  public var extentFrames: Int64

  /// A scale spanning `extentFrames` (at least 1) across `width` pixels from `originX`.
  public init(originX: Double, width: Double, extentFrames: Int64) {
    self.originX = originX
    self.width = width
    self.extentFrames = max(1, extentFrames)
  }

  /// The scale of `timeline` in the picture: from ``TimelinePictureMetrics/originX`` across
  /// ``TimelinePictureMetrics/timeWidth``, spanning ``extent(of:)``.
  public init(timeline: Timeline) {
    self.init(
      originX: TimelinePictureMetrics.originX, width: TimelinePictureMetrics.timeWidth,
      extentFrames: Self.extent(of: timeline))
  }

  /// The frames the picture spans: the edit's length, or further when an item, transition
  /// or caption cue ends later (an overlay may outlast the main track); at least 1, so that
  /// an empty edit still has a scale.
  public static func extent(of timeline: Timeline) -> Int64 {
    var extent = timeline.frameCount
    for track in timeline.tracks {
      for item in track.items { extent = max(extent, item.endFrame) }
    }
    for transition in timeline.transitions { extent = max(extent, transition.endFrame) }
    for cue in timeline.captions.cues { extent = max(extent, cue.endFrame) }
    return max(1, extent)
  }

  /// Pixels per frame.
  public var pixelsPerFrame: Double { width / Double(extentFrames) }

  /// The x of timeline instant `t` (seconds) at `rate`: between the edges of the frames
  /// around it, for marks at instants that need not fall on a frame (animation keys).
  public func x(ofTime t: Rational, rate: FrameRate) -> Double {
    originX + t.doubleValue * rate.framesPerSecond.doubleValue * width / Double(extentFrames)
  }

  /// The x of the left edge of `frame`.
  public func x(ofFrame frame: Int64) -> Double {
    originX + Double(frame) * width / Double(extentFrames)
  }
}
