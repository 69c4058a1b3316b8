import VEDLLowering
import VEDLRaster
import VEDLSema
import VEDLTime

/// A clip's picture through its `PicturePipeline` — the modifier order the FFmpeg lowering
/// prints as filters (docs/language.md §4.8) — and, on the main track, composed over the
/// canvas background. Fades come afterwards, per frame (`PictureFade`).
///
/// Every size and offset comes from the pipeline (`PictureLayout`'s arithmetic), so the
/// picture lands on the same pixels as in the FFmpeg backend.
final class ClipPictureProcessor {
  /// A processed picture and, for an overlay, where its top-left corner goes on the canvas.
  struct Placed {
    var image: RGBAImage
    var x: Int
    var y: Int
    /// An overlay's unturned box, the size of its picture, and the source picture's size
    /// (``ItemMotion/Layout``).
    var box: PixelSize = PixelSize(width: 0, height: 0)
    var bounds: PixelSize = PixelSize(width: 0, height: 0)
    var source: PixelSize = PixelSize(width: 0, height: 0)
  }

  let role: PicturePipeline.Role
  let mods: ItemModifiers
  let canvas: PixelSize
  /// The opaque canvas background (bars, uncovered corners, the main track's backdrop).
  let background: PremultipliedColor
  /// The colour table of a `lut` step, read when the clip's renderer opened.
  let look: CubeLUT?
  /// The pipeline of the last source size seen (a source keeps its size).
  private var cached: (source: PixelSize, pipeline: PicturePipeline)?

  init(
    role: PicturePipeline.Role, mods: ItemModifiers, canvas: PixelSize, background: PremultipliedColor,
    look: CubeLUT? = nil
  ) {
    self.look = look
    self.role = role
    self.mods = mods
    self.canvas = canvas
    self.background = background
  }

  /// Processes one source picture; `mayHaveAlpha` says whether the source may be
  /// transparent (images, translucent colours).
  ///
  /// `frameModifiers` are the item's modifiers at the frame drawn when they change from frame
  /// to frame (an animated `zoom` or `pan`); the pipeline is then that frame's own.
  func process(_ source: RGBAImage, mayHaveAlpha sourceMayHaveAlpha: Bool, frameModifiers: ItemModifiers? = nil)
    -> Placed
  {
    let sourceSize = size(of: source)
    let pipeline: PicturePipeline
    if let frameModifiers {
      pipeline = PicturePipeline(frameModifiers, source: sourceSize, role: role, canvas: canvas)
    } else if let cached, cached.source == sourceSize {
      pipeline = cached.pipeline
    } else {
      pipeline = PicturePipeline(mods, source: sourceSize, role: role, canvas: canvas)
      cached = (sourceSize, pipeline)
    }
    var image = source
    var mayHaveAlpha = sourceMayHaveAlpha
    let fill = role == .main ? background : .transparent
    for step in pipeline.steps {
      switch step {
      case .crop(let rect):
        image = image.cropped(
          x: Int(rect.x), y: Int(rect.y), width: Int(rect.size.width), height: Int(rect.size.height))
      case .mirror(let axis):
        image = image.mirrored(horizontally: axis == .horizontal)
      case .turn(let turns):
        image = image.rotatedQuarterTurns(turns)
      case .fit(let content, let box, let mode, let plan, let bars):
        image = fit(image, content: content, into: box, mode: mode, plan: plan, bars: bars, mayHaveAlpha: &mayHaveAlpha)
      case .zoom(let box, let plan):
        image = image.scaled(width: Int(plan.scaled.width), height: Int(plan.scaled.height))
        if plan.scaled.width >= box.width {
          image = image.cropped(
            x: Int(plan.offset.x), y: Int(plan.offset.y), width: Int(box.width), height: Int(box.height))
        } else {
          image = PicturePadding.pad(
            image, width: Int(box.width), height: Int(box.height), x: Int(plan.offset.x), y: Int(plan.offset.y),
            color: fill)
        }
      case .key(let key):
        image = image.keyed(
          key.kind == .chroma ? .chroma : .color, red: Int(key.color >> 24), green: Int(key.color >> 16 & 0xFF),
          blue: Int(key.color >> 8 & 0xFF), similarity: key.similarity.doubleValue, blend: key.blend.doubleValue)
        mayHaveAlpha = true
      case .adjust(let brightness, let contrast, let saturation):
        image = image.adjusted(
          brightness: brightness.doubleValue, contrast: contrast.doubleValue, saturation: saturation.doubleValue)
      case .lut:
        // The renderer refuses a `lut` clip whose table it cannot read (`ClipItemRenderer`).
        if let look { image = image.applyingLUT(size: look.size, table: look.table) }
      case .blur(let sigma):
        image = image.blurred(sigma: Double(Float(sigma.doubleValue)))
      case .sharpen(let sixteenths):
        image = image.convolved5x5(PicturePipeline.sharpenKernel(sixteenths: sixteenths))
      case .vignette(let degrees):
        image = image.vignetted(angle: degrees.doubleValue * Double.pi / 180)
      case .rotate(let degrees, let bounds):
        image = image.rotated(
          degrees: degrees.doubleValue, outputWidth: Int(bounds.width), outputHeight: Int(bounds.height), fill: fill)
      case .opacity(let opacity):
        image = image.multipliedAlpha(by: opacity.doubleValue)
        mayHaveAlpha = true
      }
    }
    guard role == .overlay else {
      if mayHaveAlpha {
        var flat = RGBAImage(width: Int(canvas.width), height: Int(canvas.height), fill: background)
        flat.composite(image, x: 0, y: 0)
        image = flat
      }
      return Placed(image: image, x: 0, y: 0)
    }
    return Placed(
      image: image, x: Int(pipeline.corner.x), y: Int(pipeline.corner.y), box: pipeline.box, bounds: pipeline.bounds,
      source: sourceSize)
  }

  /// The size of a picture, as the layout counts it.
  func size(of image: RGBAImage) -> PixelSize {
    PixelSize(width: Int64(image.width), height: Int64(image.height))
  }

  /// Scales `image` (`content`-sized) into `box` by `mode` along `plan`: `cover` scales and
  /// crops the overflow, `contain` scales and fills the bars with `bars` (the canvas
  /// background when `nil`) or a blurred covering copy, `fill` stretches.
  func fit(
    _ image: RGBAImage, content: PixelSize, into box: PixelSize, mode: ItemModifiers.FitMode,
    plan: PictureLayout.Fit, bars: ItemModifiers.FitBackground?, mayHaveAlpha: inout Bool
  ) -> RGBAImage {
    func scale(_ picture: RGBAImage, _ s: PixelSize) -> RGBAImage {
      picture.scaled(width: Int(s.width), height: Int(s.height))
    }
    switch mode {
    case .fill, .cover:
      var out = image
      if plan.scaled != content { out = scale(out, plan.scaled) }
      if plan.scaled != box {
        out = out.cropped(x: Int(plan.offset.x), y: Int(plan.offset.y), width: Int(box.width), height: Int(box.height))
      }
      return out
    case .contain:
      if plan.scaled == box { return plan.scaled != content ? scale(image, plan.scaled) : image }
      if bars == .blur {
        // The bars show the same picture covering the box, blurred.
        let cover = PictureLayout.fit(content, into: box, mode: .cover)
        let sigma = max(Int64(2), max(box.width, box.height) / 40)
        var backdrop = scale(image, cover.scaled)
          .cropped(x: Int(cover.offset.x), y: Int(cover.offset.y), width: Int(box.width), height: Int(box.height))
          .blurred(sigma: Double(sigma))
        backdrop.composite(scale(image, plan.scaled), x: Int(plan.offset.x), y: Int(plan.offset.y))
        return backdrop
      }
      var color = background
      if case .color(let c)? = bars {
        color = PremultipliedColor(straightRGBA: c)
        if c & 0xFF != 0xFF { mayHaveAlpha = true }
      }
      return PicturePadding.pad(
        scale(image, plan.scaled), width: Int(box.width), height: Int(box.height), x: Int(plan.offset.x),
        y: Int(plan.offset.y), color: color)
    }
  }
}
