import VEDLLowering
import VEDLRaster
import VEDLSema
import VEDLTime

/// An export's watermark, drawn as the lowering's `lowerWatermark` draws it: the image (or
/// video) at its own pixel size on the output picture (after any scaling to the quality's
/// size), in a corner — the left or top edge for a leading or top anchor, the right or bottom
/// edge otherwise — `margin` pixels in from both edges (`PictureLayout.anchored`, as for an
/// anchored item), and clipped by the picture's edges. An image is decoded once; a video
/// shows, at frame `k`, its picture with the greatest presentation time `≤ k/F`, and nothing
/// once it has run out.
final class WatermarkRenderer {
  private enum Pictures {
    case still(RGBAImage)
    case video(SourceFrameSelector)
  }

  private let pictures: Pictures
  private let grid: FrameGrid
  /// The corner as anchor fractions (0 leading/top, 1 trailing/bottom).
  private let corner: (x: Rational, y: Rational)
  private let margin: Rational

  /// The watermark of an export of `timeline`.
  init(_ watermark: Export.Watermark, timeline: Timeline) throws(NativeRenderError) {
    guard timeline.sources.indices.contains(watermark.source) else {
      throw NativeRenderError("the watermark refers to a source the timeline does not have")
    }
    let source = timeline.sources[watermark.source]
    switch source.kind {
    case .image:
      pictures = .still(
        try StillSourceDecoder.firstPicture(
          of: try ClipSource.path(of: source), treatment: SourcePictureTreatment(source.facts)))
    case .video:
      pictures = .video(
        SourceFrameSelector(path: try ClipSource.path(of: source), treatment: SourcePictureTreatment(source.facts)))
    default:
      throw NativeRenderError("a watermark must be an image or a video, not \(source.kind.rawValue)")
    }
    grid = timeline.canvas.grid
    corner = ItemModifiers.anchorFractions(watermark.position)
    margin = max(.zero, watermark.margin)
  }

  /// Draws the watermark of timeline frame `k` onto the output `picture`.
  func draw(onto picture: inout RGBAImage, atTimelineFrame k: Int64) throws(NativeRenderError) {
    let mark: RGBAImage
    switch pictures {
    case .still(let image): mark = image
    case .video(let selector):
      let t = grid.time(ofFrame: k)
      mark = try selector.picture(atOrBefore: t)
      // After the video's end the FFmpeg backend's `overlay` passes the picture unmarked.
      if selector.hasRunOut(at: t) { return }
    }
    let x = PictureLayout.anchored(Int64(mark.width), in: Int64(picture.width), fraction: corner.x, margin: margin)
    let y = PictureLayout.anchored(Int64(mark.height), in: Int64(picture.height), fraction: corner.y, margin: margin)
    picture.composite(mark, x: Int(x), y: Int(y))
  }
}
