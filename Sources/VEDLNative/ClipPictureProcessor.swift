import VEDLLowering
import VEDLRaster
import VEDLSema
import VEDLTime

/// A clip's picture through the modifiers, in the fixed order of the lowering's
/// `lowerPicture` (docs/language.md §4.8): crop, mirror, quarter turns (main track), fit or
/// size/scale, zoom and pan, adjust, other rotations, opacity — and, on the main track,
/// composed over the canvas background. Fades come afterwards, per frame (`PictureFade`).
///
/// Every size and offset comes from `PictureLayout`, the lowering's own arithmetic, so the
/// picture lands on the same pixels as in the FFmpeg backend.
struct ClipPictureProcessor {
  /// A processed picture and, for an overlay, where its top-left corner goes on the canvas.
  struct Placed {
    var image: RGBAImage
    var x: Int
    var y: Int
  }

  let role: PictureRole
  let mods: ItemModifiers
  let canvas: PixelSize
  /// The opaque canvas background (bars, uncovered corners, the main track's backdrop).
  let background: PremultipliedColor

  /// Processes one source picture; `mayHaveAlpha` says whether the source may be
  /// transparent (images, translucent colours).
  func process(_ source: RGBAImage, mayHaveAlpha sourceMayHaveAlpha: Bool) -> Placed {
    var image = source
    var mayHaveAlpha = sourceMayHaveAlpha
    // 1. crop
    if let crop = mods.crop {
      let rect = PictureLayout.cropRect(crop, in: size(of: image))
      if rect.size != size(of: image) {
        image = image.cropped(
          x: Int(rect.x), y: Int(rect.y), width: Int(rect.size.width), height: Int(rect.size.height))
      }
    }
    // 2. mirror
    for axis in mods.mirrors { image = image.mirrored(horizontally: axis == .horizontal) }
    // 3. quarter turns before fitting (main track only)
    var rotation = mods.rotation
    if role == .main, PictureLayout.isQuarterTurn(rotation) {
      image = turned(image, rotation)
      rotation = .zero
    }
    // 4. fit into the canvas, or into the item's box
    let box: PixelSize
    let mode: ItemModifiers.FitMode
    switch role {
    case .main:
      box = canvas
      mode = mods.fit ?? .cover
    case .overlay:
      (box, mode) = PictureLayout.overlayBox(size(of: image), mods)
    }
    image = fit(image, into: box, mode: mode, mayHaveAlpha: &mayHaveAlpha)
    // 5. zoom and pan
    if mods.zoom != .one || !mods.pan.x.isZero || !mods.pan.y.isZero {
      let z = PictureLayout.zoom(box, by: mods.zoom, pan: mods.pan)
      if z.scaled != box {
        image = image.scaled(width: Int(z.scaled.width), height: Int(z.scaled.height))
        if z.scaled.width >= box.width {
          image = image.cropped(
            x: Int(z.offset.x), y: Int(z.offset.y), width: Int(box.width), height: Int(box.height))
        } else {
          image = PicturePadding.pad(
            image, width: Int(box.width), height: Int(box.height), x: Int(z.offset.x), y: Int(z.offset.y),
            color: role == .main ? background : .transparent)
        }
      }
    }
    // 6. adjust
    if mods.adjusts {
      image = image.adjusted(
        brightness: (mods.brightness ?? .zero).doubleValue, contrast: (mods.contrast ?? .one).doubleValue,
        saturation: (mods.saturation ?? .one).doubleValue)
    }
    // 7. other rotations, and every rotation of an overlay: the main track keeps the canvas
    // size (corners show the background), an overlay grows to hold the turned box.
    let bounds = role == .main ? box : PictureLayout.rotatedBounds(box, degrees: rotation)
    if !rotation.isZero {
      if PictureLayout.isQuarterTurn(rotation) {
        image = turned(image, rotation)
      } else {
        image = image.rotated(
          degrees: rotation.doubleValue, outputWidth: Int(bounds.width), outputHeight: Int(bounds.height),
          fill: role == .main ? background : .transparent)
      }
    }
    // 8. opacity
    if mods.opacity != .one {
      image = image.multipliedAlpha(by: mods.opacity.doubleValue)
      mayHaveAlpha = true
    }
    guard role == .overlay else {
      if mayHaveAlpha {
        var flat = RGBAImage(width: Int(canvas.width), height: Int(canvas.height), fill: background)
        flat.composite(image, x: 0, y: 0)
        image = flat
      }
      return Placed(image: image, x: 0, y: 0)
    }
    // 9. position: the unrotated box is placed; a rotated picture keeps its centre.
    let corner = PictureLayout.turnedCorner(box: box, bounds: bounds, on: canvas, position: mods.position)
    return Placed(image: image, x: Int(corner.x), y: Int(corner.y))
  }

  /// The size of a picture, as the layout counts it.
  func size(of image: RGBAImage) -> PixelSize {
    PixelSize(width: Int64(image.width), height: Int64(image.height))
  }

  /// A turn by a multiple of 90° clockwise (`transpose`, or `hflip,vflip` for a half turn).
  func turned(_ image: RGBAImage, _ degrees: Rational) -> RGBAImage {
    let turns = PictureLayout.quarterTurns(degrees)
    return turns == 0 ? image : image.rotatedQuarterTurns(turns)
  }

  /// Scales `image` into `box` by `mode`: `cover` scales and crops the overflow, `contain`
  /// scales and fills the bars with a colour (the canvas background by default) or a blurred
  /// covering copy, `fill` stretches.
  func fit(
    _ image: RGBAImage, into box: PixelSize, mode: ItemModifiers.FitMode, mayHaveAlpha: inout Bool
  ) -> RGBAImage {
    let content = size(of: image)
    let plan = PictureLayout.fit(content, into: box, mode: mode)
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
      if mods.fitBackground == .blur {
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
      if case .color(let c)? = mods.fitBackground {
        color = PremultipliedColor(straightRGBA: c)
        if c & 0xFF != 0xFF { mayHaveAlpha = true }
      }
      return PicturePadding.pad(
        scale(image, plan.scaled), width: Int(box.width), height: Int(box.height), x: Int(plan.offset.x),
        y: Int(plan.offset.y), color: color)
    }
  }
}
