import VEDLFontRaster
import VEDLLowering
import VEDLRaster
import VEDLSema
import VEDLTime

/// The heart of the native backend: draws any frame of a checked timeline in Swift, the way
/// the FFmpeg backend's graph composes it, so the two backends agree frame for frame.
///
/// A frame is composed in the lowering's order: the main track (clips through their
/// modifiers, gaps black, transitions blended like `xfade`; the canvas background when there
/// is no main track), then every overlay track in order (clips, images, shapes, text), then
/// the burnt-in captions; then, for an export, the picture is scaled to the export quality's
/// size and the export's watermark is drawn. Source pictures are chosen by the §5 rule on
/// exact timestamps (`ClipTiming`), never by floating-point seconds.
///
/// Sources are opened when their item first needs a frame and closed once the item has
/// ended, and only still sources keep a picture, so memory stays flat in the length of the
/// timeline. Frames may be asked for in any order; increasing order is fastest (every source
/// is decoded sequentially). Not for concurrent use: one thread at a time.
public final class NativeFrameRenderer {
  /// The number of timeline frames.
  public let frameCount: Int64
  /// The width of every picture: the canvas's, or the export quality's when an export is
  /// given (its watermark is drawn on the scaled picture, as in the FFmpeg backend).
  public let width: Int
  /// The height of every picture (see `width`).
  public let height: Int

  private let timeline: Timeline
  private let fonts: FontLibrary
  private let baseDirectory: String?
  private let background: PremultipliedColor
  private let mainTrack: MainTrackRenderer
  /// Overlay tracks in drawing order: the track's index in the timeline and its item index.
  private let overlays: [(track: Int, index: OverlayTrackIndex)]
  private let captions: CaptionRenderer
  private let watermark: WatermarkRenderer?
  /// Renderers of the overlay items showing now, by track and item.
  private var overlayItems: [OverlayItemKey: OverlayItemRenderer] = [:]
  private let store: SourcePictureStore?
  /// Whether this renderer is background work that yields to the store's requests.
  private let yieldsToRequests: Bool

  /// A renderer of `timeline`; `export` non-nil draws its watermark on pictures of its
  /// quality's size, `nil` draws the canvas without a watermark. `fonts` rasterises text and
  /// captions; `baseDirectory` is the script's folder, against which relative font files
  /// resolve (as in the lowering's `LoweringOptions.baseDirectory`). `store` keeps decoded
  /// source pictures between renderers (`vedl preview`'s requests and its filler);
  /// `yieldsToRequests` makes every frame wait while one of the store's requests is drawn
  /// (the preview's proxy render).
  public init(
    timeline: Timeline, export: Export?, fonts: FontLibrary, baseDirectory: String? = nil,
    store: SourcePictureStore? = nil, yieldsToRequests: Bool = false
  ) throws(NativeRenderError) {
    LibavSetup.ensureLogging()
    self.store = store
    self.yieldsToRequests = yieldsToRequests
    self.timeline = timeline
    self.fonts = fonts
    self.baseDirectory = baseDirectory
    frameCount = timeline.frameCount
    guard timeline.canvas.width > 0, timeline.canvas.height > 0 else {
      throw NativeRenderError("the canvas has no pixels (\(timeline.canvas.width)x\(timeline.canvas.height))")
    }
    // An opaque background: a translucent one is composed over black.
    var background = PremultipliedColor(straightRGBA: timeline.canvas.background)
    background.alpha = 255
    self.background = background
    mainTrack = MainTrackRenderer(
      timeline: timeline, background: background, baseDirectory: baseDirectory, store: store)
    overlays = timeline.tracks.enumerated().filter { $0.element.kind == .overlay }.map {
      ($0.offset, OverlayTrackIndex(items: $0.element.items, frameCount: timeline.frameCount))
    }
    captions = CaptionRenderer(timeline: timeline, fonts: fonts, baseDirectory: baseDirectory)
    if let export {
      let preset = QualityPreset.named(export.quality) ?? QualityPreset.named(.high)
      let size = preset.outputSize(canvasWidth: timeline.canvas.width, canvasHeight: timeline.canvas.height)
      width = Int(size.width)
      height = Int(size.height)
      watermark = try export.watermark.map { (mark) throws(NativeRenderError) in
        try WatermarkRenderer(mark, timeline: timeline)
      }
    } else {
      width = Int(timeline.canvas.width)
      height = Int(timeline.canvas.height)
      watermark = nil
    }
  }

  /// A renderer with a font library of its own (see the designated initialiser); a font
  /// library that cannot start (no FreeType, no Fontconfig) is reported as the error.
  public convenience init(
    timeline: Timeline, export: Export?, baseDirectory: String?, store: SourcePictureStore? = nil
  ) throws(NativeRenderError) {
    let fonts: FontLibrary
    do {
      fonts = try FontLibrary()
    } catch {
      throw NativeRenderError("cannot start the font library: \(error.message)")
    }
    try self.init(timeline: timeline, export: export, fonts: fonts, baseDirectory: baseDirectory, store: store)
  }

  /// The opaque picture of timeline frame `index` (`0 ..< frameCount`), `width` × `height`,
  /// premultiplied RGBA.
  public func frame(_ index: Int64) throws(NativeRenderError) -> RGBAImage {
    guard index >= 0, index < frameCount else {
      throw NativeRenderError("frame \(index) is outside the edit (\(frameCount) frames)")
    }
    if yieldsToRequests { store?.waitWhileRequestsRun() }
    var picture = try mainTrack.picture(at: index)
    for (track, trackIndex) in overlays {
      let items = timeline.tracks[track].items
      for item in trackIndex.items(at: index, end: { min(items[$0].endFrame, self.frameCount) }) {
        let key = OverlayItemKey(track: track, item: item)
        let renderer: OverlayItemRenderer
        if let existing = overlayItems[key] {
          renderer = existing
        } else {
          renderer = try OverlayItemRenderer(
            item: items[item], timeline: timeline, background: background, fonts: fonts, baseDirectory: baseDirectory,
            store: store)
          overlayItems[key] = renderer
        }
        try renderer.draw(onto: &picture, atTimelineFrame: index)
      }
    }
    if !captions.isEmpty { try captions.draw(onto: &picture, atTimelineFrame: index) }
    release(after: index)
    if picture.width != width || picture.height != height {
      picture = picture.scaled(width: width, height: height)
    }
    try watermark?.draw(onto: &picture, atTimelineFrame: index)
    return picture
  }

  /// Closes the items that show no frame after `index`.
  private func release(after index: Int64) {
    mainTrack.release(endingAtOrBefore: index + 1)
    for key in overlayItems.keys where timeline.tracks[key.track].items[key.item].endFrame <= index + 1 {
      overlayItems[key] = nil
    }
  }
}

/// An overlay item by its track and its index in the track.
struct OverlayItemKey: Hashable {
  var track: Int
  var item: Int
}
