import VEDLTime

/// The picture of a `shape` item: one transparent frame of the shape's box with the fill
/// and the stroke (drawn inside the edge). A plain filled rectangle is a `color` source;
/// strokes, ellipses and rounded corners are per-pixel `geq` expressions with hard edges,
/// evaluated once (the frame is looped afterwards).
struct ShapeMask {
  enum Kind {
    case rectangle
    case ellipse
  }

  var kind: Kind
  var size: PixelSize
  var fill: UInt32
  /// Stroke colour and width in pixels.
  var stroke: (color: UInt32, width: Int64)?
  /// Corner radius in pixels (rectangles).
  var cornerRadius: Int64

  /// Source filters producing the single frame, in `rgba`.
  func filters(rate: FrameRate) -> [Filter] {
    let radius = max(0, min(cornerRadius, min(size.width, size.height) / 2))
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
