import VEDLLowering
import VEDLRaster
import VEDLSema
import VEDLTime

/// One clip's pictures, frame by frame: the source picture (§5), the modifiers, the fades —
/// either as the main track's canvas-sized picture or drawn onto the composite as an
/// overlay. A clip of a still source (image, colour) is processed once and its picture kept;
/// a moving source is processed on every frame.
final class ClipItemRenderer {
  private let item: TimelineItem
  private let source: ClipSource
  private let processor: ClipPictureProcessor
  private let fades: [PictureFade]
  /// The item's animations; an animated scale or turn needs the laid-out picture's sizes,
  /// known once its first picture is processed.
  private var motion: ItemMotion?
  private var motionLaidOut = false
  private let canvas: PixelSize
  private let grid: FrameGrid
  /// The modifiers the picture is laid out with (``ItemMotion/baseModifiers(_:grid:)``).
  private let base: ItemModifiers
  /// The processed picture of a still source.
  private var processedStill: ClipPictureProcessor.Placed?

  /// A renderer for clip `item` in `role`; opens its source and reads its colour table
  /// (`lut`, resolved against `baseDirectory`, the script's folder). `store` keeps decoded
  /// pictures between renderers (``SourcePictureStore``).
  init(
    item: TimelineItem, role: PicturePipeline.Role, timeline: Timeline, background: PremultipliedColor,
    baseDirectory: String?, store: SourcePictureStore? = nil
  ) throws(NativeRenderError) {
    self.item = item
    source = try ClipSource(item: item, timeline: timeline, store: store)
    grid = timeline.canvas.grid
    let mods = ItemMotion.baseModifiers(item, grid: grid)
    base = mods
    motion = ItemMotion(item, frameCount: item.endFrame - item.startFrame, grid: grid)
    canvas = PixelSize(width: timeline.canvas.width, height: timeline.canvas.height)
    var look: CubeLUT? = nil
    if let written = mods.lut {
      let path = CubeLUT.path(written, baseDirectory: baseDirectory)
      switch CubeLUT.load(path: path) {
      case .success(let table): look = table
      case .failure(.unreadable): throw NativeRenderError("cannot read the LUT file \(path)")
      case .failure(.malformed(let d)): throw NativeRenderError("the LUT file \(path) cannot be used: \(d.message)")
      }
    }
    processor = ClipPictureProcessor(
      role: role, mods: mods, canvas: PixelSize(width: timeline.canvas.width, height: timeline.canvas.height),
      background: background, look: look)
    fades = PictureFade.fades(of: item, modifiers: mods, grid: grid)
  }

  /// The processed picture (before fades) at timeline frame `k`.
  private func processed(atTimelineFrame k: Int64) throws(NativeRenderError) -> ClipPictureProcessor.Placed {
    if let processedStill { return processedStill }
    // An animated zoom or pan: each frame through its own pipeline (a still's too).
    let frameModifiers = item.hasAnimatedZoom ? frameBase(atTimelineFrame: k) : nil
    let placed = processor.process(
      try source.picture(atTimelineFrame: k), mayHaveAlpha: source.mayHaveAlpha, frameModifiers: frameModifiers)
    if source.isStill && frameModifiers == nil { processedStill = placed }
    return placed
  }

  /// The modifiers of timeline frame `k` the picture is processed with: the base ones
  /// (`ItemMotion.baseModifiers`: position and opacity are applied after) with that frame's
  /// zoom and pan.
  private func frameBase(atTimelineFrame k: Int64) -> ItemModifiers {
    var mods = base
    let frame = item.resolved(atFrame: k, grid: grid)
    mods.zoom = frame.zoom
    mods.pan = frame.pan
    return mods
  }

  /// How visible the picture is at timeline frame `k` after the fades (1 = untouched).
  private func visibility(atTimelineFrame k: Int64) -> Double {
    PictureFade.visibility(fades, atFrame: k - item.startFrame)
  }

  /// The main track's picture at timeline frame `k`: canvas-sized and opaque, faded to the
  /// canvas background.
  func mainPicture(atTimelineFrame k: Int64, background: PremultipliedColor) throws(NativeRenderError) -> RGBAImage {
    let picture = try processed(atTimelineFrame: k).image
    let visible = visibility(atTimelineFrame: k)
    guard visible < 1 else { return picture }
    var faded = RGBAImage(width: picture.width, height: picture.height, fill: background)
    faded.composite(picture, x: 0, y: 0, opacity: visible)
    return faded
  }

  /// Draws the overlay's picture at timeline frame `k` onto `composite`.
  func draw(onto composite: inout RGBAImage, atTimelineFrame k: Int64) throws(NativeRenderError) {
    let placed = try processed(atTimelineFrame: k)
    if !motionLaidOut && item.isAnimated {
      motion = ItemMotion(
        item, frameCount: item.endFrame - item.startFrame, grid: grid,
        layout: ItemMotion.Layout(
          box: placed.box, picture: placed.bounds, canvas: canvas,
          unscaledBox: PicturePipeline.unscaledBox(base, source: placed.source, canvas: canvas), turn: base.rotation))
    }
    motionLaidOut = true
    let j = k - item.startFrame
    let visible = visibility(atTimelineFrame: k) * (motion?.opacity(atLocalFrame: j)?.doubleValue ?? 1)
    guard visible > 0 else { return }
    guard let motion else {
      composite.composite(placed.image, x: placed.x, y: placed.y, opacity: visible)
      return
    }
    let corner = motion.corner(atLocalFrame: j, laidOut: (placed.x, placed.y))
    composite.composite(
      motion.transformed(placed.image, atLocalFrame: j), x: corner.x, y: corner.y, opacity: visible)
  }
}
