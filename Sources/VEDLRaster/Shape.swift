/// The outline of a VEDL `shape` item.
public enum ShapeKind: Sendable, Hashable {
  /// A rectangle filling its box, with optionally rounded corners.
  case rectangle
  /// The ellipse inscribed in its box.
  case ellipse
}

extension RGBAImage {
  /// The picture of a `shape` item, exactly as the lowering draws it (VEDLLowering's
  /// `ShapeMask`): a `width` × `height` transparent box holding the shape in `fill`, with an
  /// optional `stroke` `strokeWidth` pixels wide drawn inside the edge, hard-edged.
  ///
  /// A pixel belongs to a region when its centre (x + ½, y + ½) does: the ellipse
  /// `((px − w/2)/a)² + ((py − h/2)/b)² ≤ 1` with half-axes `a = w/2 − inset`,
  /// `b = h/2 − inset`; the rectangle `|px − w/2| ≤ w/2 − inset` (and likewise vertically),
  /// its corners rounded as the points within `r` of the rectangle shrunk by `r`. The outer
  /// region has inset 0 and radius `min(cornerRadius, ⌊min(w, h)/2⌋)`; the fill region is
  /// inset by `strokeWidth` with radius reduced by it. Pixels in the fill region take `fill`,
  /// the rest of the outer region `stroke`, everything else is transparent. Evaluated in
  /// double precision in the same order as FFmpeg's `geq` expressions, so the edges match
  /// pixel for pixel. A rectangle without stroke or rounding is simply filled (a `color`
  /// source).
  public static func shape(
    _ kind: ShapeKind, width: Int, height: Int, fill: PremultipliedColor, stroke: PremultipliedColor? = nil,
    strokeWidth: Int = 1, cornerRadius: Int = 0
  ) -> RGBAImage {
    let w = max(1, width)
    let h = max(1, height)
    let radius = max(0, min(cornerRadius, min(w, h) / 2))
    if kind == .rectangle && radius == 0 && stroke == nil { return RGBAImage(width: w, height: h, fill: fill) }
    let inset = stroke == nil ? 0 : max(1, strokeWidth)
    let outer = ShapeRegion(kind, width: w, height: h, inset: 0, radius: radius)
    let inner =
      stroke == nil ? nil : ShapeRegion(kind, width: w, height: h, inset: inset, radius: max(0, radius - inset))
    var image = RGBAImage(width: w, height: h)
    let strokeColour = stroke ?? fill
    image.pixels.withUnsafeMutableBufferPointer { buffer in
      for y in 0..<h {
        for x in 0..<w {
          let colour: PremultipliedColor
          if let inner {
            if inner.contains(x, y) {
              colour = fill
            } else if outer.contains(x, y) {
              colour = strokeColour
            } else {
              continue
            }
          } else {
            guard outer.contains(x, y) else { continue }
            colour = fill
          }
          let i = (y * w + x) * 4
          buffer[i] = colour.red
          buffer[i + 1] = colour.green
          buffer[i + 2] = colour.blue
          buffer[i + 3] = colour.alpha
        }
      }
    }
    return image
  }
}

/// One region of `ShapeMask.inside`: the shape of a box shrunk by `inset` pixels, with
/// corners of `radius`, tested at pixel centres.
private struct ShapeRegion {
  let kind: ShapeKind
  let centreX: Double
  let centreY: Double
  let halfWidth: Double
  let halfHeight: Double
  let radius: Double
  /// False when the shrunk box is empty (`geq`'s constant `0`).
  let exists: Bool

  init(_ kind: ShapeKind, width: Int, height: Int, inset: Int, radius: Int) {
    self.kind = kind
    // Halves of whole numbers, exact in double as in the `(n/d)` terms of the expression.
    centreX = Double(width) / 2
    centreY = Double(height) / 2
    halfWidth = Double(width) / 2 - Double(inset)
    halfHeight = Double(height) / 2 - Double(inset)
    exists = halfWidth > 0 && halfHeight > 0
    self.radius = min(Double(radius), halfWidth, halfHeight)
  }

  func contains(_ x: Int, _ y: Int) -> Bool {
    guard exists else { return false }
    let px = Double(x) + 0.5
    let py = Double(y) + 0.5
    switch kind {
    case .ellipse:
      let u = (px - centreX) / halfWidth
      let v = (py - centreY) / halfHeight
      return u * u + v * v <= 1
    case .rectangle:
      let dx = abs(px - centreX)
      let dy = abs(py - centreY)
      guard radius > 0 else { return dx <= halfWidth && dy <= halfHeight }
      let ox = max(dx - (halfWidth - radius), 0)
      let oy = max(dy - (halfHeight - radius), 0)
      return ox * ox + oy * oy <= radius * radius
    }
  }
}
