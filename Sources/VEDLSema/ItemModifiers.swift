import VEDLTime

/// The modifiers of one item folded into one set of values with the language's defaults
/// (docs/language.md §4.8–§4.9), for both backends and every other consumer
/// (``TimelineItem/resolved``). The item keeps its ``Modifier``s as the script writes them,
/// typed and checked; this only applies defaults and the order in which they are written.
/// Computed on demand rather than stored: it is some 700 bytes, and a timeline of 100,000
/// items keeps only the modifiers its script wrote.
public struct ItemModifiers: Sendable {
  /// What `crop` keeps of the source picture.
  public enum Crop: Hashable, Sendable {
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
  public enum FitBackground: Hashable, Sendable {
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
  public struct Key: Hashable, Sendable {
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

  /// The fractions along each axis of the anchor `name` (``Modifier/Anchor``), the centre's
  /// for a name that is not one.
  public static func anchorFractions(_ name: String) -> (x: Rational, y: Rational) {
    (Modifier.Anchor(rawValue: name) ?? .center).fractions
  }

  /// Reads the modifiers (and the item-level `box:`/`outline:` arguments) of `item`.
  init(_ item: TimelineItem) {
    for m in item.modifiers { read(m) }
    // Item-level `box:` / `outline:` / `outlineWidth:` are the same as the block modifiers.
    let arguments = item.textArguments
    if box == nil { box = arguments.box }
    if outline == nil { outline = arguments.outline }
    if outlineWidth == nil { outlineWidth = arguments.outlineWidth }
  }

  private mutating func read(_ m: Modifier) {
    switch m.kind {
    case .crop(.ratio(let a, let b, let anchor)):
      let f = (anchor ?? .center).fractions
      crop = .ratio(a, b, anchorX: f.x, anchorY: f.y)
    case .crop(.rect(let x, let y, let width, let height)):
      let (x, y) = (x ?? .zero, y ?? .zero)
      crop = .rect(x: x, y: y, width: width ?? (.one - x), height: height ?? (.one - y))
    case .fit(let mode, let background):
      fit = mode
      fitBackground = background
    case .zoom(let z): zoom = z
    case .pan(let x, let y): pan = (x ?? .zero, y ?? .zero)
    case .rotate(let a): rotation = a
    case .mirror(let axis): mirrors.append(axis)
    case .adjust(let b, let c, let s): (brightness, contrast, saturation) = (b, c, s)
    case .lut(let written): lut = written
    case .blur(let radius): blurRadius = radius
    case .sharpen(let amount): sharpenAmount = amount ?? .one
    case .vignette(let angle): vignetteAngle = angle ?? Self.vignetteDefaultAngle
    case .key(let kind, let c, let similarity, let blend):
      key = Key(kind: kind, color: c, similarity: similarity ?? Key.defaultSimilarity, blend: blend ?? .zero)
    case .opacity(let o): opacity = o
    case .fade(let a, let b):
      if let a { fadeIn = a }
      if let b { fadeOut = b }
    case .position(.anchor(let anchor, let margin)):
      let f = anchor.fractions
      position = .anchor(x: f.x, y: f.y, margin: margin ?? .zero)
    case .position(.point(let x, let y)): position = .point(x: x, y: y)
    case .offset(let x, let y):
      // Whole pixels, as an animated offset is at each frame.
      offset = (Animation.pixel(x ?? .zero), Animation.pixel(y ?? .zero))
    case .size(let width, let height): size = (width, height)
    case .scale(let s): scale = s
    case .font(let family, let size, let c): (font, fontSize, fontColor) = (family, size, c)
    case .align(let a): align = a
    case .box(let c, let padding): (box, boxPadding) = (c, padding)
    case .outline(let c, let width): (outline, outlineWidth) = (c, width)
    case .fill(let c): fill = c
    case .stroke(let c, let width): (stroke, strokeWidth) = (c, width)
    case .cornerRadius(let r): cornerRadius = r
    }
  }
}

extension TimelineItem {
  /// The item's modifiers as typed values with their defaults.
  public var resolved: ItemModifiers { ItemModifiers(self) }
}
