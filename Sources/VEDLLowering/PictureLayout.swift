import Foundation
import VEDLSema
import VEDLTime

extension Rational {
  /// The nearest whole number, halves rounded up (pixel sizes and offsets).
  var rounded: Int64 { (self + .half).floor }
}

/// A picture's size in pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
  /// Width in pixels.
  public var width: Int64
  /// Height in pixels.
  public var height: Int64

  /// A size of `width` × `height` pixels.
  public init(width: Int64, height: Int64) {
    self.width = width
    self.height = height
  }

  /// `WIDTHxHEIGHT`, as FFmpeg's `size` options read it.
  public var description: String { "\(width)x\(height)" }
}

/// The pixel arithmetic of crops, fits, zooms and rotations, done once in exact rationals so
/// that every `crop`/`scale`/`pad` in the graph gets whole, predictable sizes (and the layout
/// of overlays is known before FFmpeg runs). Sizes are never below 1 pixel.
///
/// Public so that the native renderer lays pictures out with the very same arithmetic as the
/// FFmpeg graph (both backends must agree to the pixel).
public enum PictureLayout {
  /// A crop rectangle inside a picture.
  public struct Rect: Hashable, Sendable {
    /// Left edge in pixels.
    public var x: Int64
    /// Top edge in pixels.
    public var y: Int64
    /// Size in pixels.
    public var size: PixelSize

    /// The rectangle of `size` at (`x`, `y`).
    public init(x: Int64, y: Int64, size: PixelSize) {
      self.x = x
      self.y = y
      self.size = size
    }
  }

  /// The nearest whole number to `value`, halves rounded up — how every pixel size and
  /// offset of the layout is rounded.
  public static func nearest(_ value: Rational) -> Int64 { value.rounded }

  /// The rectangle `crop` keeps of a `source`-sized picture: the largest one of the ratio,
  /// pushed towards the anchor, or the fractions of a freeform crop.
  public static func cropRect(_ crop: ItemModifiers.Crop, in source: PixelSize) -> Rect {
    switch crop {
    case .ratio(let a, let b, let ax, let ay):
      // Wider than a:b → keep the height; taller → keep the width.
      var size: PixelSize
      if source.width * b >= source.height * a {
        size = PixelSize(
          width: min(source.width, max(1, (Rational(source.height * a, b)!).rounded)), height: source.height)
      } else {
        size = PixelSize(
          width: source.width, height: min(source.height, max(1, (Rational(source.width * b, a)!).rounded)))
      }
      size = PixelSize(width: max(1, size.width), height: max(1, size.height))
      let x = (Rational(source.width - size.width) * ax).floor
      let y = (Rational(source.height - size.height) * ay).floor
      return Rect(x: x, y: y, size: size)
    case .rect(let fx, let fy, let fw, let fh):
      let x = min(source.width - 1, (Rational(source.width) * fx).rounded)
      let y = min(source.height - 1, (Rational(source.height) * fy).rounded)
      let w = min(source.width - x, max(1, (Rational(source.width) * fw).rounded))
      let h = min(source.height - y, max(1, (Rational(source.height) * fh).rounded))
      return Rect(x: x, y: y, size: PixelSize(width: w, height: h))
    }
  }

  /// How a picture fills a box: the size it is scaled to, and where the box sits in it
  /// (`cover`: a crop offset into the scaled picture) or it in the box (`contain`: a pad
  /// offset into the box).
  public struct Fit: Hashable, Sendable {
    /// The size the picture is scaled to.
    public var scaled: PixelSize
    /// The crop offset into the scaled picture, or the pad offset into the box.
    public var offset: (x: Int64, y: Int64)

    /// Equal scaled sizes and offsets.
    public static func == (a: Fit, b: Fit) -> Bool { a.scaled == b.scaled && a.offset == b.offset }
    /// Hashes the size and the offset.
    public func hash(into h: inout Hasher) {
      h.combine(scaled)
      h.combine(offset.x)
      h.combine(offset.y)
    }
  }

  /// Fits `content` into `box` by `mode`.
  public static func fit(_ content: PixelSize, into box: PixelSize, mode: ItemModifiers.FitMode) -> Fit {
    let fx = Rational(box.width, content.width)!
    let fy = Rational(box.height, content.height)!
    switch mode {
    case .fill:
      return Fit(scaled: box, offset: (0, 0))
    case .cover:
      let f = max(fx, fy)
      let w = max(box.width, (Rational(content.width) * f).rounded)
      let h = max(box.height, (Rational(content.height) * f).rounded)
      return Fit(scaled: PixelSize(width: w, height: h), offset: ((w - box.width) / 2, (h - box.height) / 2))
    case .contain:
      let f = min(fx, fy)
      let w = min(box.width, max(1, (Rational(content.width) * f).rounded))
      let h = min(box.height, max(1, (Rational(content.height) * f).rounded))
      return Fit(scaled: PixelSize(width: w, height: h), offset: ((box.width - w) / 2, (box.height - h) / 2))
    }
  }

  /// `size` scaled by `factor`, at least one pixel each way.
  public static func scaled(_ size: PixelSize, by factor: Rational) -> PixelSize {
    PixelSize(
      width: max(1, (Rational(size.width) * factor).rounded), height: max(1, (Rational(size.height) * factor).rounded))
  }

  /// Zoom and pan inside a box of `box` size: the picture is scaled by `zoom` about its
  /// centre and moved by `pan`, clamped so that a zoomed-in picture still covers the box (a
  /// zoomed-out one stays inside it). Returns the scaled size and the crop offset into it
  /// (zoom ≥ 1) or the pad offset into the box (zoom < 1).
  public static func zoom(_ box: PixelSize, by zoom: Rational, pan: (x: Rational, y: Rational)) -> Fit {
    let scaled = scaled(box, by: zoom)
    if scaled.width >= box.width && scaled.height >= box.height {
      let x = clamp((Rational(scaled.width - box.width) / 2 - pan.x).rounded, 0, scaled.width - box.width)
      let y = clamp((Rational(scaled.height - box.height) / 2 - pan.y).rounded, 0, scaled.height - box.height)
      return Fit(scaled: scaled, offset: (x, y))
    }
    let s = PixelSize(width: min(scaled.width, box.width), height: min(scaled.height, box.height))
    let x = clamp((Rational(box.width - s.width) / 2 + pan.x).rounded, 0, box.width - s.width)
    let y = clamp((Rational(box.height - s.height) / 2 + pan.y).rounded, 0, box.height - s.height)
    return Fit(scaled: s, offset: (x, y))
  }

  /// Whether an angle in degrees is a whole number of quarter turns.
  public static func isQuarterTurn(_ degrees: Rational) -> Bool {
    degrees.isInteger && degrees.numerator % 90 == 0
  }

  /// Quarter turns clockwise, 0…3, for a multiple of 90°.
  public static func quarterTurns(_ degrees: Rational) -> Int {
    Int(((degrees.numerator / 90) % 4 + 4) % 4)
  }

  /// The smallest whole-pixel box of `size`'s parity holding a `size` picture rotated by
  /// `degrees`, centred, and the pixel `rotate` paints around it.
  public static func rotatedBounds(_ size: PixelSize, degrees: Rational) -> PixelSize {
    if isQuarterTurn(degrees) {
      return quarterTurns(degrees) % 2 == 0 ? size : PixelSize(width: size.height, height: size.width)
    }
    let radians = degrees.doubleValue * Double.pi / 180
    let c = abs(cos(radians))
    let s = abs(sin(radians))
    let w = Double(size.width) * c + Double(size.height) * s
    let h = Double(size.width) * s + Double(size.height) * c
    // A hair of tolerance so that exact values are not pushed up by rounding noise; a pixel
    // more on each side, which `rotate` paints with the edge's colour (it interpolates
    // sources up to a pixel outside the picture from the edge); then the box's own parity,
    // so that the turned picture's centre is the box's exactly (a frame one pixel narrower
    // or wider would put it half a pixel off).
    let width = Int64((w - 1e-9).rounded(.up)) + 2
    let height = Int64((h - 1e-9).rounded(.up)) + 2
    return PixelSize(
      width: width + (width - size.width) & 1, height: height + (height - size.height) & 1)
  }

  /// The top-left corner of a `size` item placed on a `canvas` by `position` (centred when
  /// `nil`), moved by `offset`.
  public static func place(
    _ size: PixelSize, on canvas: PixelSize, position: ItemModifiers.Position?,
    offset: (x: Rational, y: Rational) = (.zero, .zero)
  ) -> (x: Int64, y: Int64) {
    let corner = laidOut(size, on: canvas, position: position)
    return (corner.x + offset.x.rounded, corner.y + offset.y.rounded)
  }

  private static func laidOut(_ size: PixelSize, on canvas: PixelSize, position: ItemModifiers.Position?) -> (
    x: Int64, y: Int64
  ) {
    switch position {
    case .anchor(let ax, let ay, let margin)?:
      return (
        anchored(size.width, in: canvas.width, fraction: ax, margin: margin),
        anchored(size.height, in: canvas.height, fraction: ay, margin: margin)
      )
    case .point(let x, let y)?:
      return (
        x.map(\.rounded) ?? (Rational(canvas.width - size.width) / 2).floor,
        y.map(\.rounded) ?? (Rational(canvas.height - size.height) / 2).floor
      )
    case nil:
      return ((Rational(canvas.width - size.width) / 2).floor, (Rational(canvas.height - size.height) / 2).floor)
    }
  }

  /// One axis of an anchor: `margin` from the near edge, centred, or `margin` from the far
  /// edge.
  public static func anchored(_ extent: Int64, in total: Int64, fraction: Rational, margin: Rational) -> Int64 {
    if fraction.isZero { return margin.rounded }
    if fraction == .one { return total - extent - margin.rounded }
    return (Rational(total - extent) / 2).floor
  }

  private static func clamp(_ v: Int64, _ lo: Int64, _ hi: Int64) -> Int64 { min(max(v, lo), hi) }

  /// The box of an overlay clip and how its picture fills it: `size` (one side alone keeps
  /// the picture's aspect ratio) times `scale`, or the picture's own size times `scale`.
  /// Used by both backends.
  public static func overlayBox(_ content: PixelSize, _ mods: ItemModifiers) -> (
    box: PixelSize, mode: ItemModifiers.FitMode
  ) {
    var box = content
    var mode: ItemModifiers.FitMode = .fill
    if let size = mods.size {
      switch (size.width, size.height) {
      case (let w?, let h?):
        box = PixelSize(width: max(1, w.rounded), height: max(1, h.rounded))
        mode = mods.fit ?? .cover
      case (let w?, nil):
        box = PixelSize(
          width: max(1, w.rounded), height: max(1, (w * Rational(content.height, content.width)!).rounded))
      case (nil, let h?):
        box = PixelSize(
          width: max(1, (h * Rational(content.width, content.height)!).rounded), height: max(1, h.rounded))
      case (nil, nil):
        break
      }
    }
    return (scaled(box, by: mods.scale), mode)
  }

  /// Where the top-left corner of a turned overlay goes: its unturned `box` is placed on the
  /// canvas by `position`, and the turned picture (`bounds`) keeps the box's centre.
  public static func turnedCorner(
    box: PixelSize, bounds: PixelSize, on canvas: PixelSize, position: ItemModifiers.Position?,
    offset: (x: Rational, y: Rational) = (.zero, .zero)
  ) -> (x: Int64, y: Int64) {
    let corner = place(box, on: canvas, position: position, offset: offset)
    return (
      corner.x + (Rational(box.width - bounds.width) / 2).floor,
      corner.y + (Rational(box.height - bounds.height) / 2).floor
    )
  }
}
