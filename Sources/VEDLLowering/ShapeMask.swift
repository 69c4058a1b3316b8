import VEDLSema
import VEDLTime

/// The picture of a `shape` item: one transparent frame of the shape's box with the fill
/// and the stroke (drawn inside the edge). A plain filled rectangle is a `color` source;
/// strokes, ellipses and rounded corners are per-pixel `geq` expressions with hard edges,
/// evaluated once (the frame is looped afterwards).
///
/// Public so that the native renderer draws the same shape: `init(item:modifiers:)` is the
/// one reading of a `shape` item's box, colours and stroke for both backends.
public struct ShapeMask: Sendable {
  /// `shape rect` or `shape ellipse`.
  public enum Kind: Sendable {
    /// A rectangle, with rounded corners when `cornerRadius` is positive.
    case rectangle
    /// An ellipse filling the box.
    case ellipse
  }

  /// The outline.
  public var kind: Kind
  /// The box, in pixels (already scaled).
  public var size: PixelSize
  /// Fill colour `0xRRGGBBAA`.
  public var fill: UInt32
  /// Stroke colour and width in pixels (drawn inside the edge).
  public var stroke: (color: UInt32, width: Int64)?
  /// Corner radius in pixels (rectangles), as written times `scale`; `effectiveCornerRadius`
  /// is what is drawn.
  public var cornerRadius: Int64

  /// A shape of the given outline, box, colours and corner radius.
  public init(kind: Kind, size: PixelSize, fill: UInt32, stroke: (color: UInt32, width: Int64)?, cornerRadius: Int64) {
    self.kind = kind
    self.size = size
    self.fill = fill
    self.stroke = stroke
    self.cornerRadius = cornerRadius
  }

  /// The shape a `shape` item draws: its box (`size`, default 100×100 — one side alone keeps
  /// the square — times `scale`), `fill` (white by default), `stroke` (at least 1 pixel wide)
  /// and `cornerRadius`, all scaled.
  public init(item: TimelineItem, modifiers mods: ItemModifiers) {
    let box = PictureLayout.scaled(Self.unscaledBox(mods), by: mods.scale)
    self.init(
      kind: item.shape == .ellipse ? .ellipse : .rectangle, size: box, fill: mods.fill ?? 0xFFFF_FFFF,
      stroke: mods.stroke.map { ($0, max(Int64(1), ((mods.strokeWidth ?? .one) * mods.scale).rounded)) },
      cornerRadius: ((mods.cornerRadius ?? .zero) * mods.scale).rounded)
  }

  /// A shape's box before `scale`: `size`, default 100×100, one side alone keeping the
  /// square.
  public static func unscaledBox(_ mods: ItemModifiers) -> PixelSize {
    guard let size = mods.size else { return PixelSize(width: 100, height: 100) }
    let w = size.width ?? size.height ?? Rational(100)
    let h = size.height ?? size.width ?? Rational(100)
    return PixelSize(width: max(1, w.rounded), height: max(1, h.rounded))
  }

  /// The corner radius drawn: `cornerRadius` limited to half the shorter side.
  public var effectiveCornerRadius: Int64 {
    max(0, min(cornerRadius, min(size.width, size.height) / 2))
  }

  /// Source filters producing the single frame, in `rgba`.
  func filters(rate: FrameRate) -> [Filter] {
    let radius = effectiveCornerRadius
    if kind == .rectangle && radius == 0 && stroke == nil {
      return [
        Filter("color", ["color": OptionText.color(fill), "size": size.description, "rate": OptionText.rate(rate)]),
        Filter("trim", ["end_frame": "1"]),
        Filter("format", ["pix_fmts": "rgba"]),
      ]
    }
    // (`drawbox` with `replace=1`, the obvious stroke, crashes FFmpeg 5.1 on RGB formats.)
    let outer = inside(inset: 0, radius: radius)
    let inner = stroke.map { inside(inset: $0.width, radius: max(0, radius - $0.width)) }
    let f = OptionText.components(fill)
    let s = stroke.map { OptionText.components($0.color) } ?? f
    func channel(_ fillValue: Int, _ strokeValue: Int) -> String {
      guard let inner, fillValue != strokeValue else { return String(fillValue) }
      return "if(\(inner),\(fillValue),\(strokeValue))"
    }
    let alpha: String
    if let inner {
      alpha = "if(\(inner),\(f.a),if(\(outer),\(s.a),0))"
    } else {
      alpha = "if(\(outer),\(f.a),0)"
    }
    return [
      Filter("color", ["color": "0x00000000", "size": size.description, "rate": OptionText.rate(rate)]),
      Filter("trim", ["end_frame": "1"]),
      Filter("format", ["pix_fmts": "gbrap"]),
      Filter("geq", ["r": channel(f.r, s.r), "g": channel(f.g, s.g), "b": channel(f.b, s.b), "a": alpha]),
      Filter("format", ["pix_fmts": "rgba"]),
    ]
  }

  /// An expression that is 1 for pixels (by their centres) inside the shape shrunk by
  /// `inset` pixels, with corners of `radius`.
  func inside(inset: Int64, radius: Int64) -> String {
    let px = "(X+0.5)"
    let py = "(Y+0.5)"
    switch kind {
    case .ellipse:
      let a = Rational(size.width, 2)! - Rational(inset)
      let b = Rational(size.height, 2)! - Rational(inset)
      guard a.isPositive && b.isPositive else { return "0" }
      let cx = OptionText.expression(Rational(size.width, 2)!)
      let cy = OptionText.expression(Rational(size.height, 2)!)
      return "lte(pow((\(px)-\(cx))/\(OptionText.expression(a)),2)+pow((\(py)-\(cy))/\(OptionText.expression(b)),2),1)"
    case .rectangle:
      // Distance outside the inner rectangle (the box shrunk by the radius), against the
      // radius: a rounded rectangle; with radius 0 simply the box.
      let halfW = Rational(size.width, 2)! - Rational(inset)
      let halfH = Rational(size.height, 2)! - Rational(inset)
      guard halfW.isPositive && halfH.isPositive else { return "0" }
      let r = min(Rational(radius), halfW, halfH)
      let dx = "abs(\(px)-\(OptionText.expression(Rational(size.width, 2)!)))"
      let dy = "abs(\(py)-\(OptionText.expression(Rational(size.height, 2)!)))"
      guard r.isPositive else {
        return "lte(\(dx),\(OptionText.expression(halfW)))*lte(\(dy),\(OptionText.expression(halfH)))"
      }
      let ox = "max(\(dx)-\(OptionText.expression(halfW - r)),0)"
      let oy = "max(\(dy)-\(OptionText.expression(halfH - r)),0)"
      return "lte(pow(\(ox),2)+pow(\(oy),2),\(OptionText.expression(r * r)))"
    }
  }
}
