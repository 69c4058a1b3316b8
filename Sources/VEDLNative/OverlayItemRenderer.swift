import VEDLFontRaster
import VEDLRaster
import VEDLSema

/// One item of an overlay track, drawn onto the composite on the frames it shows: a clip (a
/// video or an image through its modifiers), a shape, or a text.
enum OverlayItemRenderer {
  case clip(ClipItemRenderer)
  case shape(ShapeItemRenderer)
  case text(TextItemRenderer)
  case nothing

  /// The renderer of `item`; opens its source (asking `store` for decoded pictures first),
  /// rasterises its text or draws its shape.
  init(
    item: TimelineItem, timeline: Timeline, background: PremultipliedColor, fonts: FontLibrary, baseDirectory: String?,
    store: SourcePictureStore? = nil
  ) throws(NativeRenderError) {
    switch item.kind {
    case .clip:
      self = .clip(
        try ClipItemRenderer(
          item: item, role: .overlay, timeline: timeline, background: background, baseDirectory: baseDirectory,
          store: store))
    case .shape:
      self = .shape(ShapeItemRenderer(item: item, timeline: timeline))
    case .text:
      guard let text = item.text, !text.isEmpty else {
        self = .nothing
        return
      }
      self = .text(try TextItemRenderer(item: item, timeline: timeline, fonts: fonts, baseDirectory: baseDirectory))
    case .gap:
      self = .nothing
    }
  }

  /// Draws the item's picture of timeline frame `k` onto `composite`.
  func draw(onto composite: inout RGBAImage, atTimelineFrame k: Int64) throws(NativeRenderError) {
    switch self {
    case .clip(let clip): try clip.draw(onto: &composite, atTimelineFrame: k)
    case .shape(let shape): shape.draw(onto: &composite, atTimelineFrame: k)
    case .text(let text): text.draw(onto: &composite, atTimelineFrame: k)
    case .nothing: break
    }
  }
}
