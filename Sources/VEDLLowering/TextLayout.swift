import VEDLSema
import VEDLTime

/// Where `drawtext` puts one text item, as expressions in its variables (`w`, `h` the frame;
/// `tw`, `th` the drawn text; `lh` the font's line height). The item's box hugs the text
/// plus the box padding, unless `size` fixes a side; the text is aligned inside the box.
///
/// The lowering prints the expressions (`x`, `y`); the native renderer evaluates the same
/// expressions numerically (`evaluatedX`, `evaluatedY`) with the same double arithmetic, so
/// both backends put the text on the same pixel.
public struct TextLayout: Sendable {
  /// The frame the text is drawn on.
  public var frame: PixelSize
  /// `size width:`/`height:` (already scaled); `nil` hugs the text.
  public var fixedWidth: Int64?
  /// `size height:` (already scaled); `nil` hugs the text.
  public var fixedHeight: Int64?
  /// The box padding in pixels (0 without a box).
  public var padding: Int64
  /// `leading`, `center` or `trailing`.
  public var align: ItemModifiers.TextAlignment
  /// The item's `position`.
  public var position: ItemModifiers.Position?
  /// The item's `offset`, whole pixels added to both edges.
  public var offset: (x: Int64, y: Int64) = (0, 0)
  /// The height of what is drawn: `th` for one `drawtext`, or the stacked lines'
  /// `(L*lh+gaps)`.
  var contentHeight: String
  /// The width the horizontal placement uses: `tw`, or a measured line's width when a line is
  /// drawn in several runs (`TextBlock`).
  var contentWidth = "tw"

  /// A layout; `contentHeight` is the expression the lowering prints for the drawn height.
  init(
    frame: PixelSize, fixedWidth: Int64?, fixedHeight: Int64?, padding: Int64, align: ItemModifiers.TextAlignment,
    position: ItemModifiers.Position?, contentHeight: String
  ) {
    self.frame = frame
    self.fixedWidth = fixedWidth
    self.fixedHeight = fixedHeight
    self.padding = padding
    self.align = align
    self.position = position
    self.contentHeight = contentHeight
  }

  /// A layout for numeric evaluation (the drawn height is passed to `evaluatedY`).
  public init(
    frame: PixelSize, fixedWidth: Int64?, fixedHeight: Int64?, padding: Int64, align: ItemModifiers.TextAlignment,
    position: ItemModifiers.Position?
  ) {
    self.init(
      frame: frame, fixedWidth: fixedWidth, fixedHeight: fixedHeight, padding: padding, align: align,
      position: position, contentHeight: "th")
  }

  /// The text's left edge.
  var x: String { Self.shifted(laidOutX, by: offset.x) }

  /// The top edge of the drawn text.
  var y: String { Self.shifted(laidOutY, by: offset.y) }

  /// `expression` moved by `pixels`.
  static func shifted(_ expression: String, by pixels: Int64) -> String {
    pixels == 0 ? expression : "\(expression)\(pixels < 0 ? "-" : "+")\(pixels.magnitude)"
  }

  /// The left edge `position` gives.
  private var laidOutX: String {
    guard let width = fixedWidth else {
      // The box is the text plus padding, so every alignment puts the text at the same place.
      switch position {
      case .anchor(let fx, _, let margin)?:
        if fx.isZero { return OptionText.number(margin + Rational(padding)) }
        if fx == .one { return "w-\(contentWidth)-\(OptionText.number(margin + Rational(padding)))" }
        return "(w-\(contentWidth))/2"
      case .point(let px?, _)?:
        return OptionText.number(px + Rational(padding))
      default:
        return "(w-\(contentWidth))/2"
      }
    }
    let left = Self.boxOrigin(position, horizontal: true, extent: width, total: frame.width)
    switch align {
    case .leading: return OptionText.number(left + Rational(padding))
    case .trailing: return "\(OptionText.number(left + Rational(width - padding)))-\(contentWidth)"
    case .center: return "\(OptionText.number(left + Rational(width, 2)!))-\(contentWidth)/2"
    }
  }

  /// The top edge `position` gives.
  private var laidOutY: String {
    guard let height = fixedHeight else {
      switch position {
      case .anchor(_, let fy, let margin)?:
        if fy.isZero { return OptionText.number(margin + Rational(padding)) }
        if fy == .one { return "h-\(contentHeight)-\(OptionText.number(margin + Rational(padding)))" }
        return "(h-\(contentHeight))/2"
      case .point(_, let py?)?:
        return OptionText.number(py + Rational(padding))
      default:
        return "(h-\(contentHeight))/2"
      }
    }
    let top = Self.boxOrigin(position, horizontal: false, extent: height, total: frame.height)
    return "\(OptionText.number(top + Rational(height, 2)!))-\(contentHeight)/2"
  }

  /// `x` evaluated as `drawtext` evaluates it, for a drawn text `textWidth` (`tw`) wide. The
  /// branches mirror `x` one for one; constants go through the same decimal text.
  public func evaluatedX(textWidth tw: Double) -> Double {
    laidOutX(textWidth: tw) + Double(offset.x)
  }

  private func laidOutX(textWidth tw: Double) -> Double {
    let w = Double(frame.width)
    guard let width = fixedWidth else {
      switch position {
      case .anchor(let fx, _, let margin)?:
        if fx.isZero { return Self.constant(margin + Rational(padding)) }
        if fx == .one { return w - tw - Self.constant(margin + Rational(padding)) }
        return (w - tw) / 2
      case .point(let px?, _)?:
        return Self.constant(px + Rational(padding))
      default:
        return (w - tw) / 2
      }
    }
    let left = Self.boxOrigin(position, horizontal: true, extent: width, total: frame.width)
    switch align {
    case .leading: return Self.constant(left + Rational(padding))
    case .trailing: return Self.constant(left + Rational(width - padding)) - tw
    case .center: return Self.constant(left + Rational(width, 2)!) - tw / 2
    }
  }

  /// `y` evaluated as `drawtext` evaluates it, for drawn content `contentHeight` high (`th`
  /// for one `drawtext`, `L·lh + gaps` for stacked lines). Mirrors `y` one for one.
  public func evaluatedY(contentHeight: Double) -> Double {
    laidOutY(contentHeight: contentHeight) + Double(offset.y)
  }

  private func laidOutY(contentHeight: Double) -> Double {
    let h = Double(frame.height)
    guard let height = fixedHeight else {
      switch position {
      case .anchor(_, let fy, let margin)?:
        if fy.isZero { return Self.constant(margin + Rational(padding)) }
        if fy == .one { return h - contentHeight - Self.constant(margin + Rational(padding)) }
        return (h - contentHeight) / 2
      case .point(_, let py?)?:
        return Self.constant(py + Rational(padding))
      default:
        return (h - contentHeight) / 2
      }
    }
    let top = Self.boxOrigin(position, horizontal: false, extent: height, total: frame.height)
    return Self.constant(top + Rational(height, 2)!) - contentHeight / 2
  }

  /// A constant as FFmpeg's expression parser reads the decimal text the lowering prints.
  static func constant(_ value: Rational) -> Double {
    Double(OptionText.number(value)) ?? value.doubleValue
  }

  /// The near edge of a fixed-size box along one axis.
  public static func boxOrigin(
    _ position: ItemModifiers.Position?, horizontal: Bool, extent: Int64, total: Int64
  ) -> Rational {
    switch position {
    case .anchor(let fx, let fy, let margin)?:
      let f = horizontal ? fx : fy
      if f.isZero { return margin }
      if f == .one { return Rational(total - extent) - margin }
      return Rational(total - extent) / 2
    case .point(let px, let py)?:
      return (horizontal ? px : py) ?? Rational(total - extent) / 2
    case nil:
      return Rational(total - extent) / 2
    }
  }
}
