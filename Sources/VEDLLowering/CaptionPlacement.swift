import VEDLSema
import VEDLTime

/// The size, box padding, margin and placement of burnt-in captions, shared by the FFmpeg
/// lowering and the native renderer.
public struct CaptionPlacement: Sendable {
  /// The font size in pixels (at least 1).
  public var size: Int64
  /// The box padding: a fifth of the size, at least 2 pixels; 0 without a box.
  public var padding: Int64
  /// The style's margin in pixels.
  public var margin: Int64
  /// Where the cue's lines go: centred across the canvas, at its top, centre or bottom
  /// with the margin (plus the box padding) from the edge.
  public var layout: TextLayout
  /// The width lines wrap to: the canvas less the margin and the box padding on each side
  /// (at least 1 pixel), so that a wrapped cue and its box stay inside the margins.
  public var wrapWidth: Int64

  /// The placement of `style`'s captions on `canvas`.
  public init(style: Captions.Style, canvas: PixelSize) {
    size = max(1, style.size.rounded)
    padding = style.box == nil ? 0 : max(2, size / 5)
    margin = style.margin.rounded
    let vertical: Rational =
      switch style.position {
      case .top: .zero
      case .center: .half
      case .bottom: .one
      }
    layout = TextLayout(
      frame: canvas, fixedWidth: nil, fixedHeight: nil, padding: padding, align: .center,
      position: .anchor(x: Rational(1, 2)!, y: vertical, margin: Rational(margin)))
    wrapWidth = max(1, canvas.width - 2 * (margin + padding))
  }
}
