import VEDLLowering
import VEDLRaster

/// The picture of a `ShapeMask` — the lowering's reading of a `shape` item — drawn by the
/// raster library's shape routine (the same edges as the lowering's `geq` expressions).
enum ShapeDrawing {
  /// The shape's box, transparent around the shape.
  static func picture(of mask: ShapeMask) -> RGBAImage {
    RGBAImage.shape(
      mask.kind == .ellipse ? .ellipse : .rectangle, width: Int(mask.size.width), height: Int(mask.size.height),
      fill: PremultipliedColor(straightRGBA: mask.fill),
      stroke: mask.stroke.map { PremultipliedColor(straightRGBA: $0.color) }, strokeWidth: Int(mask.stroke?.width ?? 1),
      cornerRadius: Int(mask.effectiveCornerRadius))
  }
}
