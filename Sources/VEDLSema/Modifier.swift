import VEDLSource
import VEDLTime

/// A modifier statement of an item (`crop 9:16`, `fade in: 1s`): its checked values as Swift
/// types, as the script writes them, and where it is written.
///
/// A value the script leaves out stays `nil` here; ``ItemModifiers`` folds an item's modifiers
/// into one set of values with the language's defaults. Keeping what was written (rather
/// than the defaults) is what lets `vedl ir` print the statement back as its arguments.
/// A property that changes over time is an ``Animation`` beside these, which replaces the
/// static value frame by frame (``TimelineItem/resolved(atFrame:grid:)``).
public struct Modifier: Sendable, Hashable {
  /// The modifier statements, by the name the script writes.
  public enum Name: String, Sendable, Hashable, CaseIterable {
    case crop, fit, zoom, pan, rotate, mirror, adjust, lut, blur, sharpen, vignette, chromakey, colorkey
    case opacity, fade, position, offset, size, scale
    case font, align, box, outline
    case fill, stroke, cornerRadius
  }

  /// One of the nine anchors of a box (`topLeading` … `bottomTrailing`).
  public enum Anchor: String, Sendable, Hashable, CaseIterable {
    case topLeading, top, topTrailing, leading, center, trailing, bottomLeading, bottom, bottomTrailing

    /// The fractions along each axis: 0 leading or top, ½ centre, 1 trailing or bottom.
    public var fractions: (x: Rational, y: Rational) {
      let x: Rational =
        switch self {
        case .topLeading, .leading, .bottomLeading: .zero
        case .top, .center, .bottom: .half
        case .topTrailing, .trailing, .bottomTrailing: .one
        }
      let y: Rational =
        switch self {
        case .topLeading, .top, .topTrailing: .zero
        case .leading, .center, .trailing: .half
        case .bottomLeading, .bottom, .bottomTrailing: .one
        }
      return (x, y)
    }
  }

  /// `crop`: an aspect ratio, or a rectangle in fractions of the source.
  public enum Crop: Sendable, Hashable {
    /// `crop a:b anchor:`.
    case ratio(Int64, Int64, anchor: Anchor?)
    /// `crop x: y: width: height:`.
    case rect(x: Rational?, y: Rational?, width: Rational?, height: Rational?)
  }

  /// `position`: an anchor on the canvas, or coordinates.
  public enum Position: Sendable, Hashable {
    /// `position ANCHOR margin:`.
    case anchor(Anchor, margin: Rational?)
    /// `position x: y:`.
    case point(x: Rational?, y: Rational?)
  }

  /// The statement and its values.
  public enum Kind: Sendable, Hashable {
    case crop(Crop)
    case fit(ItemModifiers.FitMode, background: ItemModifiers.FitBackground?)
    case zoom(Rational)
    case pan(x: Rational?, y: Rational?)
    /// Degrees clockwise.
    case rotate(Rational)
    case mirror(ItemModifiers.MirrorAxis)
    case adjust(brightness: Rational?, contrast: Rational?, saturation: Rational?)
    /// The `.cube` file as written.
    case lut(String)
    case blur(radius: Rational)
    case sharpen(amount: Rational?)
    /// Degrees.
    case vignette(angle: Rational?)
    /// `chromakey` or `colorkey`.
    case key(ItemModifiers.Key.Kind, color: UInt32, similarity: Rational?, blend: Rational?)
    case opacity(Rational)
    /// Seconds.
    case fade(in: Rational?, out: Rational?)
    case position(Position)
    case offset(x: Rational?, y: Rational?)
    case size(width: Rational?, height: Rational?)
    case scale(Rational)
    case font(String, size: Rational?, color: UInt32?)
    case align(ItemModifiers.TextAlignment)
    case box(UInt32, padding: Rational?)
    case outline(UInt32, width: Rational?)
    case fill(UInt32)
    case stroke(UInt32, width: Rational?)
    case cornerRadius(Rational)
  }

  public var kind: Kind
  /// The statement in the script (`nil` for a modifier made by an importer).
  public var span: Span?

  public init(_ kind: Kind, span: Span? = nil) {
    self.kind = kind
    self.span = span
  }

  /// The statement's name.
  public var name: Name {
    switch kind {
    case .crop: .crop
    case .fit: .fit
    case .zoom: .zoom
    case .pan: .pan
    case .rotate: .rotate
    case .mirror: .mirror
    case .adjust: .adjust
    case .lut: .lut
    case .blur: .blur
    case .sharpen: .sharpen
    case .vignette: .vignette
    case .key(let kind, _, _, _): kind == .chroma ? .chromakey : .colorkey
    case .opacity: .opacity
    case .fade: .fade
    case .position: .position
    case .offset: .offset
    case .size: .size
    case .scale: .scale
    case .font: .font
    case .align: .align
    case .box: .box
    case .outline: .outline
    case .fill: .fill
    case .stroke: .stroke
    case .cornerRadius: .cornerRadius
    }
  }
}

// MARK: - From and to the checked arguments

extension Modifier.Kind {
  /// The modifier `name` with the values the checker evaluated (and range-checked) for it;
  /// `nil` when a value is missing or of another type (the checker has reported it).
  init?(_ name: Modifier.Name, _ values: ModifierValues) {
    let first = values.positional.first
    func number(_ label: String) -> Rational? {
      if case .number(let n)? = values[label] { return n }
      return nil
    }
    func color(_ label: String) -> UInt32? {
      if case .color(let c)? = values[label] { return c }
      return nil
    }
    func word(_ label: String) -> String? {
      if case .word(let w)? = values[label] { return w }
      return nil
    }
    switch (name, first) {
    case (.crop, .ratio(let a, let b)?):
      self = .crop(.ratio(a, b, anchor: word("anchor").flatMap(Modifier.Anchor.init(rawValue:))))
    case (.crop, nil):
      self = .crop(.rect(x: number("x"), y: number("y"), width: number("width"), height: number("height")))
    case (.fit, .word(let w)?):
      guard let mode = ItemModifiers.FitMode(rawValue: w) else { return nil }
      let background: ItemModifiers.FitBackground? =
        switch values["background"] {
        case .word("blur")?: .blur
        case .color(let c)?: .color(c)
        default: nil
        }
      self = .fit(mode, background: background)
    case (.zoom, .number(let z)?): self = .zoom(z)
    case (.pan, nil): self = .pan(x: number("x"), y: number("y"))
    case (.rotate, .angle(let a)?): self = .rotate(a)
    case (.mirror, .word(let w)?):
      guard let axis = ItemModifiers.MirrorAxis(rawValue: w) else { return nil }
      self = .mirror(axis)
    case (.adjust, nil):
      self = .adjust(brightness: number("brightness"), contrast: number("contrast"), saturation: number("saturation"))
    case (.lut, .string(let written)?): self = .lut(written)
    case (.blur, nil):
      guard let r = number("radius") else { return nil }
      self = .blur(radius: r)
    case (.sharpen, nil): self = .sharpen(amount: number("amount"))
    case (.vignette, nil):
      var angle: Rational?
      if case .angle(let a)? = values["angle"] { angle = a }
      self = .vignette(angle: angle)
    case (.chromakey, .color(let c)?), (.colorkey, .color(let c)?):
      self = .key(
        name == .chromakey ? .chroma : .color, color: c, similarity: number("similarity"), blend: number("blend"))
    case (.opacity, .number(let o)?): self = .opacity(o)
    case (.fade, nil):
      func duration(_ label: String) -> Rational? {
        if case .duration(let d)? = values[label] { return d }
        return nil
      }
      self = .fade(in: duration("in"), out: duration("out"))
    case (.position, .word(let w)?):
      guard let anchor = Modifier.Anchor(rawValue: w) else { return nil }
      self = .position(.anchor(anchor, margin: number("margin")))
    case (.position, nil): self = .position(.point(x: number("x"), y: number("y")))
    case (.offset, nil): self = .offset(x: number("x"), y: number("y"))
    case (.size, nil): self = .size(width: number("width"), height: number("height"))
    case (.scale, .number(let s)?): self = .scale(s)
    case (.font, .string(let f)?): self = .font(f, size: number("size"), color: color("color"))
    case (.align, .word(let w)?):
      guard let a = ItemModifiers.TextAlignment(rawValue: w) else { return nil }
      self = .align(a)
    case (.box, .color(let c)?): self = .box(c, padding: number("padding"))
    case (.outline, .color(let c)?): self = .outline(c, width: number("width"))
    case (.fill, .color(let c)?): self = .fill(c)
    case (.stroke, .color(let c)?): self = .stroke(c, width: number("width"))
    case (.cornerRadius, .number(let r)?): self = .cornerRadius(r)
    default: return nil
    }
  }

  /// The statement's arguments as checked values: what `vedl ir` prints (the values as the
  /// script gives them, none it leaves out).
  public var arguments: (positional: [Value], labelled: [String: Value]) {
    var positional: [Value] = []
    var labelled: [String: Value] = [:]
    func put(_ label: String, _ value: Value?) {
      if let value { labelled[label] = value }
    }
    func number(_ label: String, _ n: Rational?) { put(label, n.map(Value.number)) }
    switch self {
    case .crop(.ratio(let a, let b, let anchor)):
      positional = [.ratio(a, b)]
      put("anchor", anchor.map { .word($0.rawValue) })
    case .crop(.rect(let x, let y, let width, let height)):
      number("x", x)
      number("y", y)
      number("width", width)
      number("height", height)
    case .fit(let mode, let background):
      positional = [.word(mode.rawValue)]
      switch background {
      case .blur?: put("background", .word("blur"))
      case .color(let c)?: put("background", .color(c))
      case nil: break
      }
    case .zoom(let z): positional = [.number(z)]
    case .pan(let x, let y), .offset(let x, let y):
      number("x", x)
      number("y", y)
    case .rotate(let a): positional = [.angle(a)]
    case .mirror(let axis): positional = [.word(axis.rawValue)]
    case .adjust(let brightness, let contrast, let saturation):
      number("brightness", brightness)
      number("contrast", contrast)
      number("saturation", saturation)
    case .lut(let written): positional = [.string(written)]
    case .blur(let radius): number("radius", radius)
    case .sharpen(let amount): number("amount", amount)
    case .vignette(let angle): put("angle", angle.map(Value.angle))
    case .key(_, let c, let similarity, let blend):
      positional = [.color(c)]
      number("similarity", similarity)
      number("blend", blend)
    case .opacity(let o): positional = [.number(o)]
    case .fade(let fadeIn, let fadeOut):
      put("in", fadeIn.map(Value.duration))
      put("out", fadeOut.map(Value.duration))
    case .position(.anchor(let anchor, let margin)):
      positional = [.word(anchor.rawValue)]
      number("margin", margin)
    case .position(.point(let x, let y)):
      number("x", x)
      number("y", y)
    case .size(let width, let height):
      number("width", width)
      number("height", height)
    case .scale(let s): positional = [.number(s)]
    case .font(let family, let size, let c):
      positional = [.string(family)]
      number("size", size)
      put("color", c.map(Value.color))
    case .align(let a): positional = [.word(a.rawValue)]
    case .box(let c, let padding):
      positional = [.color(c)]
      number("padding", padding)
    case .outline(let c, let width), .stroke(let c, let width):
      positional = [.color(c)]
      number("width", width)
    case .fill(let c): positional = [.color(c)]
    case .cornerRadius(let r): positional = [.number(r)]
    }
    return (positional, labelled)
  }
}
