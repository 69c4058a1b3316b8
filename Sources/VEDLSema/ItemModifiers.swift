import VEDLTime

/// The modifiers of one item as typed values with the language's defaults (docs/language.md
/// §4.8–§4.9): the one reading of an item's checked `Modifier`s, next to the schema that
/// checked them, for both backends and every other consumer (``TimelineItem/resolved``).
/// The checker has validated every value, so anything unexpected here is ignored rather than
/// reported. Computed on demand rather than stored: a resolved item is some 700 bytes, and a
/// timeline of 100,000 items keeps only the modifiers its script wrote.
public struct ItemModifiers: Sendable {
  /// What `crop` keeps of the source picture.
  public enum Crop: Equatable, Sendable {
    /// `crop a:b anchor:` — horizontal and vertical anchor fractions (0, ½, 1).
    case ratio(Int64, Int64, anchorX: Rational, anchorY: Rational)
    /// `crop x: y: width: height:` in fractions of the source.
    case rect(x: Rational, y: Rational, width: Rational, height: Rational)
  }

  /// `fit cover|contain|fill`: how a picture fills its box.
  public enum FitMode: String, Sendable {
    /// Scaled to cover the box, the overflow cropped (centred).
    case cover
    /// Scaled to fit inside the box, the bars filled (`background:`).
    case contain
    /// Stretched to the box.
    case fill
  }

  /// What fills the bars of `fit contain`.
  public enum FitBackground: Equatable, Sendable {
    /// The same picture covering the box, blurred.
    case blur
    /// A colour, `0xRRGGBBAA`.
    case color(UInt32)
  }

  /// `mirror horizontal|vertical`.
  public enum MirrorAxis: String, Sendable {
    case horizontal, vertical
  }

  /// `align leading|center|trailing`: where the lines of a text sit in its box.
  public enum TextAlignment: String, Sendable {
    case leading, center, trailing
  }

  /// `position`: where an overlay item's box goes on the canvas.
  public enum Position: Equatable, Sendable {
    /// Anchor fractions (0 leading/top, ½ centre, 1 trailing/bottom) and margin.
    case anchor(x: Rational, y: Rational, margin: Rational)
    /// Top-left corner; a missing coordinate centres the item on that axis.
    case point(x: Rational?, y: Rational?)
  }

  /// `chromakey COLOR similarity: blend:` or `colorkey …`: which pixels become transparent.
  public struct Key: Equatable, Sendable {
    /// How a pixel's distance from the key colour is measured.
    public enum Kind: String, Sendable {
      /// FFmpeg's `chromakey`: the U/V distance, averaged over the pixel's 3×3 neighbourhood.
      case chroma = "chromakey"
      /// FFmpeg's `colorkey`: the RGB distance of the pixel itself.
      case color = "colorkey"
    }
    public var kind: Kind
    /// The key colour, `0xRRGGBBAA` (alpha ignored).
    public var color: UInt32
    /// Distances up to this (0.01…1) are fully transparent.
    public var similarity: Rational
    /// Distances within `similarity + blend` fade to opaque; 0 is a hard edge.
    public var blend: Rational

    public init(kind: Kind, color: UInt32, similarity: Rational, blend: Rational) {
      self.kind = kind
      self.color = color
      self.similarity = similarity
      self.blend = blend
    }

    /// FFmpeg's defaults: similarity 0.01, blend 0.
    public static let defaultSimilarity = Rational(1, 100)!
  }

  /// `crop`, if any.
  public var crop: Crop?
  /// `fit`'s mode, if given (the default depends on where the item is).
  public var fit: FitMode?
  /// `fit contain background:`, if given.
  public var fitBackground: FitBackground?
  /// `zoom`, 1 when absent.
  public var zoom: Rational = .one
  /// `pan x: y:` in pixels of the box.
  public var pan: (x: Rational, y: Rational) = (.zero, .zero)
  /// `rotate`, in degrees clockwise.
  public var rotation: Rational = .zero
  /// `mirror horizontal|vertical`, in the order written.
  public var mirrors: [MirrorAxis] = []
  /// `adjust brightness:`.
  public var brightness: Rational?
  /// `adjust contrast:`.
  public var contrast: Rational?
  /// `adjust saturation:`.
  public var saturation: Rational?
  /// `lut "…"`: the `.cube` file as written (resolved against the script's folder by the
  /// backends, as font files are); `nil` when absent.
  public var lut: String?
  /// `blur radius:`, the Gaussian's standard deviation in pixels; `nil` when absent.
  public var blurRadius: Rational?
  /// `sharpen amount:` (1 when not given), `nil` when absent.
  public var sharpenAmount: Rational?
  /// `vignette angle:` in degrees (36°, FFmpeg's π/5, when not given), `nil` when absent.
  public var vignetteAngle: Rational?
  /// `chromakey` or `colorkey` (overlay clips), `nil` when absent.
  public var key: Key?
  /// `opacity`, 1 when absent.
  public var opacity: Rational = .one
  /// `fade in:` in seconds, 0 when absent.
  public var fadeIn: Rational = .zero
  /// `fade out:` in seconds, 0 when absent.
  public var fadeOut: Rational = .zero
  /// `position`, if given (centred when absent).
  public var position: Position?
  /// `offset x: y:`: whole pixels added to where `position` puts the item.
  public var offset: (x: Rational, y: Rational) = (.zero, .zero)
  /// `size width: height:` in pixels; either side may be missing.
  public var size: (width: Rational?, height: Rational?)?
  /// `scale`, 1 when absent.
  public var scale: Rational = .one
  /// Text: `font FAMILY|PATH`.
  public var font: String?
  /// Text: `font … size:`.
  public var fontSize: Rational?
  /// Text: `font … color:`.
  public var fontColor: UInt32?
  /// Text: `align leading|center|trailing`.
  public var align: TextAlignment?
  /// Text: `box COLOR` (or the item's `box:`).
  public var box: UInt32?
  /// Text: `box … padding:`.
  public var boxPadding: Rational?
  /// Text: `outline COLOR` (or the item's `outline:`).
  public var outline: UInt32?
  /// Text: `outline … width:`.
  public var outlineWidth: Rational?
  /// Shapes: `fill`.
  public var fill: UInt32?
  /// Shapes: `stroke COLOR`.
  public var stroke: UInt32?
  /// Shapes: `stroke … width:`.
  public var strokeWidth: Rational?
  /// Shapes: `cornerRadius`.
  public var cornerRadius: Rational?

  /// FFmpeg's `vignette` angle, π/5, in degrees.
  public static let vignetteDefaultAngle = Rational(36)

  /// Whether `adjust` is present with a non-neutral value.
  public var adjusts: Bool {
    (brightness.map { !$0.isZero } ?? false) || (contrast.map { $0 != .one } ?? false)
      || (saturation.map { $0 != .one } ?? false)
  }

  /// The fraction along an axis for an anchor name: 0, ½ or 1 horizontally and vertically.
  public static func anchorFractions(_ name: String) -> (x: Rational, y: Rational) {
    let half = Rational.half
    let x: Rational =
      name.hasSuffix("Leading") || name == "leading"
      ? .zero : (name.hasSuffix("Trailing") || name == "trailing" ? .one : half)
    let y: Rational = name.hasPrefix("top") ? .zero : (name.hasPrefix("bottom") ? .one : half)
    return (x, y)
  }

  /// Reads the modifiers (and the item-level `box:`/`outline:` arguments) of `item`.
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
      if case .word(let w)? = first, let axis = MirrorAxis(rawValue: w) { mirrors.append(axis) }
    case "adjust":
      brightness = number("brightness")
      contrast = number("contrast")
      saturation = number("saturation")
    case "lut":
      if case .string(let written)? = first { lut = written }
    case "blur":
      blurRadius = number("radius")
    case "sharpen":
      sharpenAmount = number("amount") ?? .one
    case "vignette":
      if case .angle(let a)? = m.labelled["angle"] {
        vignetteAngle = a
      } else {
        vignetteAngle = Self.vignetteDefaultAngle
      }
    case "chromakey", "colorkey":
      if case .color(let c)? = first, let kind = Key.Kind(rawValue: m.name) {
        key = Key(
          kind: kind, color: c, similarity: number("similarity") ?? Key.defaultSimilarity,
          blend: number("blend") ?? .zero)
      }
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
    case "offset":
      // Whole pixels, as an animated offset is at each frame.
      offset = (Animation.pixel(number("x") ?? .zero), Animation.pixel(number("y") ?? .zero))
    case "size":
      size = (number("width"), number("height"))
    case "scale":
      if case .number(let s)? = first { scale = s }
    case "font":
      if case .string(let f)? = first { font = f }
      fontSize = number("size")
      fontColor = color("color")
    case "align":
      if case .word(let w)? = first { align = TextAlignment(rawValue: w) }
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

extension TimelineItem {
  /// The item's modifiers as typed values with their defaults.
  public var resolved: ItemModifiers { ItemModifiers(self) }
}
