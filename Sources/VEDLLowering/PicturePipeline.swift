import VEDLSema
import VEDLTime

/// A clip's picture as an ordered list of operations with every size and offset worked out:
/// the one description of the modifier order of docs/language.md §4.8 — crop, mirror,
/// quarter turns (main track), a key (overlays), fit or size/scale, zoom and pan, adjust, lut, blur,
/// sharpen, vignette, other rotations (and every turn of an overlay), opacity — and of where
/// an overlay lands. The FFmpeg lowering prints it as filters (`LoweringRun.lowerPicture`),
/// the native renderer interprets it (`ClipPictureProcessor`). Fades are not steps: they depend on the frame, and both backends
/// apply them after the pipeline (a still's after its loop).
public struct PicturePipeline: Sendable, Equatable {
  /// Where the picture goes, which decides its box and what shows around it.
  public enum Role: Sendable, Equatable {
    /// The main track: the picture fills the canvas and is composed over the background.
    case main
    /// An overlay: the picture has its own box, transparent around it.
    case overlay
  }

  /// One operation, in the pipeline's order.
  public enum Step: Sendable, Equatable {
    /// Keeps the rectangle (a `crop` that changes the size).
    case crop(PictureLayout.Rect)
    /// Mirrors across the axis.
    case mirror(ItemModifiers.MirrorAxis)
    /// Turns clockwise by 1, 2 or 3 quarter turns; the sides swap for odd counts.
    case turn(Int)
    /// Scales `content` into `box` by `mode` (`plan`: the scaled size and the crop or pad
    /// offset); `contain` bars show `background` (the canvas background when `nil`).
    case fit(
      content: PixelSize, box: PixelSize, mode: ItemModifiers.FitMode, plan: PictureLayout.Fit,
      background: ItemModifiers.FitBackground?)
    /// Scales the `box`-sized picture to `plan.scaled`, then crops it back to the box at
    /// `plan.offset` (zoomed in) or pads it into the box there (zoomed out).
    case zoom(box: PixelSize, plan: PictureLayout.Fit)
    /// A colour key (overlays), on the source's own pixels: FFmpeg's `chromakey` (on
    /// `yuva444p`) or `colorkey` (on `rgba`); the key's alpha multiplies the picture's.
    case key(ItemModifiers.Key)
    /// FFmpeg's `eq` with these values (at least one not neutral).
    case adjust(brightness: Rational, contrast: Rational, saturation: Rational)
    /// A 3D look-up table (`lut3d`, trilinear) read from the `.cube` file as written in the
    /// script (resolved against its folder), on straight RGB.
    case lut(file: String)
    /// A Gaussian blur of standard deviation `sigma` pixels (`gblur`), on premultiplied
    /// colour.
    case blur(sigma: Rational)
    /// An unsharp mask of `sixteenths`/16 (`convolution` with a 5×5 kernel), on premultiplied
    /// colour.
    case sharpen(sixteenths: Int)
    /// FFmpeg's `vignette` with this lens angle (degrees), on straight RGB.
    case vignette(degrees: Rational)
    /// Turns clockwise by an angle that is not a quarter turn into a `bounds` frame, about
    /// the centre.
    case rotate(degrees: Rational, bounds: PixelSize)
    /// Multiplies alpha.
    case opacity(Rational)
  }

  /// The role the pipeline was made for.
  public var role: Role
  /// The operations, in order.
  public var steps: [Step]
  /// The box the picture is fitted into: the canvas (main track) or the overlay's box.
  public var box: PixelSize
  /// The size of the result: the box, or for a turned overlay the box that holds it.
  public var bounds: PixelSize
  /// Where the result's top-left corner goes on the canvas (0, 0 on the main track).
  public var corner: (x: Int64, y: Int64)

  /// The pipeline of a `source`-sized picture with `mods`, in `role`, on `canvas`. With
  /// `keepsZoom` the zoom step is there even when it changes nothing, for a lowering that
  /// zooms frame by frame (`animate zoom`/`pan`).
  public init(_ mods: ItemModifiers, source: PixelSize, role: Role, canvas: PixelSize, keepsZoom: Bool = false) {
    self.role = role
    var steps: [Step] = []
    var size = source
    // 1. crop
    if let crop = mods.crop {
      let rect = PictureLayout.cropRect(crop, in: size)
      if rect.size != size {
        steps.append(.crop(rect))
        size = rect.size
      }
    }
    // 2. mirror
    for axis in mods.mirrors { steps.append(.mirror(axis)) }
    // 3. quarter turns before fitting (main track only)
    var rotation = mods.rotation
    if role == .main, PictureLayout.isQuarterTurn(rotation) {
      let turns = PictureLayout.quarterTurns(rotation)
      if turns != 0 { steps.append(.turn(turns)) }
      size = PictureLayout.rotatedBounds(size, degrees: rotation)
      rotation = .zero
    }
    // 3b. a key (overlays only: the checker refuses one on the main track), on the source's
    // own pixels as editors key: before any resampling, whose small differences between
    // scalers a key's threshold would turn into whole pixels keyed or not
    if role == .overlay, let key = mods.key { steps.append(.key(key)) }
    // 4. fit into the canvas, or into the item's box
    let box: PixelSize
    let mode: ItemModifiers.FitMode
    switch role {
    case .main:
      box = canvas
      mode = mods.fit ?? .cover
    case .overlay:
      (box, mode) = PictureLayout.overlayBox(size, mods)
    }
    let plan = PictureLayout.fit(size, into: box, mode: mode)
    if plan.scaled != size || plan.scaled != box {
      steps.append(.fit(content: size, box: box, mode: mode, plan: plan, background: mods.fitBackground))
    }
    // 5. zoom and pan
    if mods.zoom != .one || !mods.pan.x.isZero || !mods.pan.y.isZero {
      let z = PictureLayout.zoom(box, by: mods.zoom, pan: mods.pan)
      if z.scaled != box || keepsZoom { steps.append(.zoom(box: box, plan: z)) }
    } else if keepsZoom {
      steps.append(.zoom(box: box, plan: PictureLayout.Fit(scaled: box, offset: (0, 0))))
    }
    // 6. adjust
    if mods.adjusts {
      steps.append(
        .adjust(
          brightness: mods.brightness ?? .zero, contrast: mods.contrast ?? .one, saturation: mods.saturation ?? .one))
    }
    // 6b. looks
    if let lut = mods.lut { steps.append(.lut(file: lut)) }
    if let radius = mods.blurRadius, radius.isPositive { steps.append(.blur(sigma: radius)) }
    if let amount = mods.sharpenAmount {
      let sixteenths = Int(((amount * Rational(16)).doubleValue).rounded())
      if sixteenths > 0 { steps.append(.sharpen(sixteenths: sixteenths)) }
    }
    if let angle = mods.vignetteAngle, angle.isPositive { steps.append(.vignette(degrees: angle)) }
    // 7. other rotations, and every rotation of an overlay: the main track keeps the canvas
    // size (corners show the background), an overlay grows to hold the whole turned box
    // (corners transparent).
    let bounds = role == .main ? box : PictureLayout.rotatedBounds(box, degrees: rotation)
    if !rotation.isZero {
      if PictureLayout.isQuarterTurn(rotation) {
        let turns = PictureLayout.quarterTurns(rotation)
        if turns != 0 { steps.append(.turn(turns)) }
      } else {
        steps.append(.rotate(degrees: rotation, bounds: bounds))
      }
    }
    // 8. opacity
    if mods.opacity != .one { steps.append(.opacity(mods.opacity)) }
    self.steps = steps
    self.box = box
    self.bounds = bounds
    // 9. position: the unrotated box is placed; a rotated picture keeps its centre.
    corner =
      role == .main
      ? (0, 0)
      : PictureLayout.turnedCorner(
        box: box, bounds: bounds, on: canvas, position: mods.position, offset: mods.offset)
  }

  /// An overlay's box at scale 1 (the pipeline of `mods` at `scale 1`), for an animated
  /// scale (``ItemMotion/Layout``).
  public static func unscaledBox(_ mods: ItemModifiers, source: PixelSize, canvas: PixelSize) -> PixelSize {
    var one = mods
    one.scale = .one
    return PicturePipeline(one, source: source, role: .overlay, canvas: canvas).box
  }

  /// The 5×5 kernel of `sharpen` (FFmpeg's `convolution` with `rdiv` 1/4096, and the native
  /// renderer's `convolved5x5`), row by row: `4096·(1 + a)·δ − 16·a·g` with `a` =
  /// `sixteenths`/16 and `g` the binomial Gaussian `[1 4 6 4 1]ᵀ[1 4 6 4 1]` (sum 256) — the
  /// picture plus `a` times its detail (itself less its blur); the weights sum to 4096.
  public static func sharpenKernel(sixteenths a: Int) -> [Int] {
    let row = [1, 4, 6, 4, 1]
    var kernel: [Int] = []
    for i in 0..<5 {
      for j in 0..<5 { kernel.append(-a * row[i] * row[j]) }
    }
    kernel[12] += 4096 + 256 * a
    return kernel
  }

  /// Equal roles, steps, sizes and corners.
  public static func == (a: PicturePipeline, b: PicturePipeline) -> Bool {
    a.role == b.role && a.steps == b.steps && a.box == b.box && a.bounds == b.bounds && a.corner == b.corner
  }
}
