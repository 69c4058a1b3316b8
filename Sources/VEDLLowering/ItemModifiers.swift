import VEDLSema
import VEDLTime

/// The modifiers of one item, read from the checked `Modifier` values into typed fields with
/// the language's defaults (docs/language.md §4.8–§4.9). The checker has validated every
/// value, so anything unexpected here is ignored rather than reported.
struct ItemModifiers {
  enum Crop: Equatable {
    /// `crop a:b anchor:` — horizontal and vertical anchor fractions (0, ½, 1).
    case ratio(Int64, Int64, anchorX: Rational, anchorY: Rational)
    /// `crop x: y: width: height:` in fractions of the source.
    case rect(x: Rational, y: Rational, width: Rational, height: Rational)
  }

  enum FitMode: String { case cover, contain, fill }

  enum FitBackground: Equatable {
    case blur
    case color(UInt32)
  }

  enum Position: Equatable {
    /// Anchor fractions (0 leading/top, ½ centre, 1 trailing/bottom) and margin.
    case anchor(x: Rational, y: Rational, margin: Rational)
    /// Top-left corner; a missing coordinate centres the item on that axis.
    case point(x: Rational?, y: Rational?)
  }

  var crop: Crop?
  var fit: FitMode?
  var fitBackground: FitBackground?
  var zoom: Rational = .one
  var pan: (x: Rational, y: Rational) = (.zero, .zero)
  /// Degrees, clockwise.
  var rotation: Rational = .zero
  var mirrors: [String] = []
  var brightness: Rational?
  var contrast: Rational?
  var saturation: Rational?
  var opacity: Rational = .one
  var fadeIn: Rational = .zero
  var fadeOut: Rational = .zero
  var position: Position?
  var size: (width: Rational?, height: Rational?)?
  var scale: Rational = .one
  // Text.
  var font: String?
  var fontSize: Rational?
  var fontColor: UInt32?
  var align: String?
  var box: UInt32?
  var boxPadding: Rational?
  var outline: UInt32?
  var outlineWidth: Rational?
  // Shapes.
  var fill: UInt32?
  var stroke: UInt32?
  var strokeWidth: Rational?
  var cornerRadius: Rational?

  /// Whether `adjust` is present with a non-neutral value.
  var adjusts: Bool {
    (brightness.map { !$0.isZero } ?? false) || (contrast.map { $0 != .one } ?? false)
      || (saturation.map { $0 != .one } ?? false)
  }

  /// The fraction along an axis for an anchor name: 0, ½ or 1 horizontally and vertically.
  static func anchorFractions(_ name: String) -> (x: Rational, y: Rational) {
    let half = Rational.half
    let x: Rational =
      name.hasSuffix("Leading") || name == "leading"
      ? .zero : (name.hasSuffix("Trailing") || name == "trailing" ? .one : half)
    let y: Rational = name.hasPrefix("top") ? .zero : (name.hasPrefix("bottom") ? .one : half)
    return (x, y)
  }

  init(_ item: TimelineItem) {
    for m in item.modifiers { read(m) }
    // Item-level `box:` / `outline:` / `outlineWidth:` are the same as the block modifiers.
    if box == nil, case .color(let c)? = item.attributes["box"] { box = c }
    if outline == nil, case .color(let c)? = item.attributes["outline"] { outline = c }
    if outlineWidth == nil, case .number(let w)? = item.attributes["outlineWidth"] { outlineWidth = w }
  }

  private mutating func read(_ m: Modifier) {
    func number(_ label: String) -> Rational? {
      if case .number(let n)? = m.labelled[label] { return n }
      return nil
    }
    func color(_ label: String) -> UInt32? {
      if case .color(let c)? = m.labelled[label] { return c }
      return nil
    }
    let first = m.positional.first
    switch m.name {
    case "crop":
      if case .ratio(let a, let b)? = first {
        var anchor = (x: Rational.half, y: Rational.half)
        if case .word(let w)? = m.labelled["anchor"] { anchor = Self.anchorFractions(w) }
        crop = .ratio(a, b, anchorX: anchor.x, anchorY: anchor.y)
      } else {
        let x = number("x") ?? .zero
        let y = number("y") ?? .zero
        crop = .rect(x: x, y: y, width: number("width") ?? (.one - x), height: number("height") ?? (.one - y))
      }
    case "fit":
      if case .word(let w)? = first { fit = FitMode(rawValue: w) }
      switch m.labelled["background"] {
      case .word("blur")?: fitBackground = .blur
      case .color(let c)?: fitBackground = .color(c)
      default: break
      }
    case "zoom":
      if case .number(let z)? = first { zoom = z }
    case "pan":
      pan = (number("x") ?? .zero, number("y") ?? .zero)
    case "rotate":
      if case .angle(let a)? = first { rotation = a }
    case "mirror":
      if case .word(let w)? = first { mirrors.append(w) }
    case "adjust":
      brightness = number("brightness")
      contrast = number("contrast")
      saturation = number("saturation")
    case "opacity":
      if case .number(let o)? = first { opacity = o }
    case "fade":
      if case .duration(let d)? = m.labelled["in"] { fadeIn = d }
      if case .duration(let d)? = m.labelled["out"] { fadeOut = d }
    case "position":
      if case .word(let w)? = first {
        let f = Self.anchorFractions(w)
        position = .anchor(x: f.x, y: f.y, margin: number("margin") ?? .zero)
      } else {
        position = .point(x: number("x"), y: number("y"))
      }
    case "size":
      size = (number("width"), number("height"))
    case "scale":
      if case .number(let s)? = first { scale = s }
    case "font":
      if case .string(let f)? = first { font = f }
      fontSize = number("size")
      fontColor = color("color")
    case "align":
      if case .word(let w)? = first { align = w }
    case "box":
      if case .color(let c)? = first { box = c }
      boxPadding = number("padding")
    case "outline":
      if case .color(let c)? = first { outline = c }
      outlineWidth = number("width")
    case "fill":
      if case .color(let c)? = first { fill = c }
    case "stroke":
      if case .color(let c)? = first { stroke = c }
      strokeWidth = number("width")
    case "cornerRadius":
      if case .number(let r)? = first { cornerRadius = r }
    default:
      break
    }
  }
}
