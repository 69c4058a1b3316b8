import VEDLSource
import VEDLTime

/// `animate PROPERTY { key TIME VALUE… [easing: E] }` (ANIMATION.md §1): a modifier whose value
/// is a function of item-local time. The item is drawn at each frame exactly as if the static
/// modifier had the value ``value(at:)`` gives for that frame's instant
/// (``TimelineItem/resolved(atFrame:grid:)``), so both backends share one rule.
public struct Animation: Sendable, Hashable {
  /// The properties that can be animated.
  public enum Property: String, Sendable, Hashable, CaseIterable {
    /// `opacity N`: a fraction, clamped to 0…1 at each frame.
    case opacity
    /// `offset x: N y: N`: pixels added to the laid-out position.
    case offset
    /// `position x: N y: N`: the box's top-left corner on the canvas.
    case position
    /// The clip's `volume:` in decibels, interpolated in decibels, at each sample.
    case volume
    /// `zoom N`: a clip's magnification (1 or more when animated).
    case zoom
    /// `pan x: N y: N`: the zoomed picture moved by whole pixels.
    case pan
    /// `scale N`: the item's size (0 or more when animated; at 0 it is not drawn).
    case scale
    /// `rotate ANGLE`: degrees clockwise about the item's centre.
    case rotate

    /// Whether the property's keys carry `x:` and `y:` rather than one value.
    public var isPoint: Bool { self == .offset || self == .position || self == .pan }

    /// Whether the property belongs to a clip's picture (`zoom`, `pan`), not to its place.
    public var isClipPicture: Bool { self == .zoom || self == .pan }

    /// Whether the property changes the item's drawn picture (`scale`, `rotate`): it is then
    /// resized or turned frame by frame (``TimelineItem/transformsOverTime``).
    public var isTransform: Bool { self == .scale || self == .rotate }

    /// The properties an item of the block `context` can animate: a clip any (a clip of
    /// sound only `volume`, a main-track clip not its place — the checker tells), text and
    /// shapes their place and opacity.
    public static func animatable(in context: StatementContext) -> [Property] {
      context == .clip ? allCases : allCases.filter { $0 != .volume && !$0.isClipPicture }
    }

    /// The labels a key of the property takes for its value: `x` and `y` for a point.
    public var valueLabels: [String] { isPoint ? ["x", "y"] : [] }
  }

  /// A key's value: one number, or a point.
  public enum Value: Sendable, Hashable {
    case number(Rational)
    case point(x: Rational, y: Rational)

    /// The value as numbers: `(v, 0)` or `(x, y)`.
    public var components: (Double, Double) {
      switch self {
      case .number(let v): (v.doubleValue, 0)
      case .point(let x, let y): (x.doubleValue, y.doubleValue)
      }
    }
  }

  /// `key TIME VALUE [easing: E]`.
  public struct Key: Sendable, Hashable {
    /// Item-local seconds: 0 is the item's first instant.
    public var time: Rational
    public var value: Value
    /// How the value moves from the previous key to this one (`linear` by default).
    public var easing: Easing
    /// The `key` statement, for diagnostics and the editor.
    public var span: Span?

    public init(time: Rational, value: Value, easing: Easing = .linear, span: Span? = nil) {
      self.time = time
      self.value = value
      self.easing = easing
      self.span = span
    }
  }

  public var property: Property
  /// At least one, in strictly increasing time order (the checker guarantees it).
  public var keys: [Key]
  /// The `animate` statement (or the `duck` statement whose keys these are).
  public var span: Span?
  /// For the `volume` keys a `duck` means (``Ducking``): its settings. `nil` for `animate`.
  public var ducking: Ducking?

  public init(property: Property, keys: [Key], span: Span? = nil, ducking: Ducking? = nil) {
    self.property = property
    self.keys = keys
    self.span = span
    self.ducking = ducking
  }

  /// The value at item-local instant `u`, unrounded: the first key's before it, the last's
  /// after it, and between keys `i` and `i+1` `vᵢ + (vᵢ₊₁ − vᵢ) · E(p)` with
  /// `p = (u − tᵢ) / (tᵢ₊₁ − tᵢ)` and `E` the easing written on key `i+1`.
  public func value(at u: Rational) -> (Double, Double) {
    guard let first = keys.first, let last = keys.last else { return (0, 0) }
    if u <= first.time { return first.value.components }
    if u >= last.time { return last.value.components }
    // The segment holding `u`: the last key at or before it (keys are few; a scan is fine).
    var i = 0
    while i + 2 < keys.count && keys[i + 1].time <= u { i += 1 }
    let (a, b) = (keys[i], keys[i + 1])
    let p = ((u - a.time) / (b.time - a.time)).doubleValue
    let e = b.easing.value(at: p)
    let (ax, ay) = a.value.components
    let (bx, by) = b.value.components
    return (ax + (bx - ax) * e, ay + (by - ay) * e)
  }

  /// Whether the value changes over time (more than one distinct key value).
  public var isConstant: Bool { keys.allSatisfy { $0.value == keys[0].value } }
}

extension TimelineItem {
  /// The item-local instant of timeline frame `k`: `(k − k0) / F`.
  public func localTime(ofFrame k: Int64, grid: FrameGrid) -> Rational {
    grid.time(ofFrame: k - startFrame)
  }

  /// The item's modifiers as the item is drawn at timeline frame `k`: the static ones with
  /// every animated property replaced by its value at that frame (ANIMATION.md §1).
  public func resolved(atFrame k: Int64, grid: FrameGrid) -> ItemModifiers {
    var mods = resolved
    guard !animations.isEmpty || !presets.isEmpty else { return mods }
    let u = localTime(ofFrame: k, grid: grid)
    mods.apply(animations, at: u)
    // `fade` and `pop` presets multiply the opacity and the scale (ANIMATION.md §3).
    if presets.contains(where: { $0.kind == .fade }) {
      mods.opacity = ItemModifiers.alphaStep(mods.opacity.doubleValue * presence(of: [.fade], at: u))
    }
    if presets.contains(where: { $0.kind == .pop }) {
      mods.scale = ItemModifiers.scaleStep(mods.scale.doubleValue * presence(of: [.pop], at: u))
    }
    return mods
  }

  /// Whether something about the item changes over time: an animation that is not
  /// constant, or an entrance or exit.
  public var isAnimated: Bool { !presets.isEmpty || animations.contains { !$0.isConstant } }

  /// Whether the item's `zoom` or `pan` changes over time (its picture is then worked out
  /// frame by frame).
  public var hasAnimatedZoom: Bool { animations.contains { $0.property.isClipPicture && !$0.isConstant } }

  /// Whether the item's `scale` or `rotate` changes over time (its picture is then resized
  /// or turned frame by frame).
  public var transformsOverTime: Bool {
    let changing = changingProperties
    return changing.contains(.scale) || changing.contains(.rotate)
  }
}

extension ItemModifiers {
  /// Replaces each animated property by its value at item-local instant `u`: opacity clamped
  /// to 0…1 and rounded to a step of an 8-bit alpha (1/255: what the pictures can show, and
  /// it bounds the FFmpeg graph's opacity filters to 255), pixel quantities rounded
  /// to the nearest whole pixel (halves up).
  public mutating func apply(_ animations: [Animation], at u: Rational) {
    for animation in animations {
      let (x, y) = animation.value(at: u)
      switch animation.property {
      case .opacity:
        opacity = Self.alphaStep(x)
      case .offset:
        offset = (Animation.pixel(x), Animation.pixel(y))
      case .position:
        position = .point(x: Animation.pixel(x), y: Animation.pixel(y))
      case .volume:
        break  // sound: evaluated at each sample (``Animation/value(at:)``)
      case .zoom:
        // Millionths, at least one (an overshooting easing may dip below a key).
        zoom = Rational(Int64((min(max(x, 1e-6), 20) * 1_000_000).rounded()), 1_000_000) ?? .one
      case .pan:
        pan = (Animation.pixel(x), Animation.pixel(y))
      case .scale:
        scale = Self.scaleStep(x)
      case .rotate:
        // Thousandths of a degree: finer than any pixel of a canvas-sized picture moves.
        rotation = Rational(Int64((x * 1000).rounded()), 1000) ?? .zero
      }
    }
  }
}

extension ItemModifiers {
  /// An opacity clamped to 0…1 and rounded to a step of an 8-bit alpha (1/255).
  static func alphaStep(_ v: Double) -> Rational {
    Rational(Int64((min(max(v, 0), 1) * 255).rounded()), 255) ?? .one
  }

  /// A scale in millionths, as a zoom; never negative (an overshooting easing may dip below
  /// 0), at most the largest animated scale.
  static func scaleStep(_ v: Double) -> Rational {
    Rational(Int64((min(max(v, 0), 20) * 1_000_000).rounded()), 1_000_000) ?? .one
  }
}

extension Animation {
  /// `v` rounded to a whole pixel, halves up as the layout rounds (`PictureLayout.nearest`);
  /// within ±2⁴⁰, far past any canvas, so that it stays exact.
  static func pixel(_ v: Double) -> Rational {
    let limit = Double(1 << 40)
    return Rational(Int64((min(max(v, -limit), limit) + 0.5).rounded(.down)))
  }

  /// `v` rounded to a whole pixel, halves up.
  static func pixel(_ v: Rational) -> Rational { Rational((v + .half).floor) }
}

extension Animation {
  /// An animated volume at each sample (ANIMATION.md §1: sound is evaluated at each sample's
  /// instant): sample `c` of the clip, at item-local instant `c / R`, is multiplied by
  /// `10^(v/20)` with `v` the value in decibels there. The segment holding a sample is found
  /// exactly (`c ≥ R·tᵢ`); its progress `p = (c − R·tᵢ) / (R·tᵢ₊₁ − R·tᵢ)` is worked out in
  /// doubles in that order, as the FFmpeg backend's `aeval` expression does.
  public struct SampledVolume: Sendable {
    /// The keys' times in samples, `R·tᵢ`, exact.
    public let boundaries: [Rational]
    public let animation: Animation
    /// Per key, the first sample at or after it, `⌈R·tᵢ⌉` (a whole sample number is at or
    /// after `R·tᵢ` exactly when it is at or after that), and `R·tᵢ` as a double: worked out
    /// once, as this is asked for every sample.
    private let firstSamples: [Int64]
    private let starts: [Double]
    /// Per segment, `R·tᵢ₊₁ − R·tᵢ` (exact, then a double, as the graph prints it).
    private let lengths: [Double]
    private let values: [Double]

    public init(_ animation: Animation, sampleRate: Int64) {
      self.animation = animation
      boundaries = animation.keys.map { $0.time * Rational(sampleRate) }
      firstSamples = boundaries.map(\.ceiling)
      starts = boundaries.map(\.doubleValue)
      lengths = zip(boundaries.dropFirst(), boundaries).map { ($0 - $1).doubleValue }
      values = animation.keys.map { $0.value.components.0 }
    }

    /// The value in decibels at sample `c`.
    public func decibels(atSample c: Int64) -> Double {
      guard let last = firstSamples.last, c >= firstSamples[0] else { return values[0] }
      guard c < last else { return values[values.count - 1] }
      var i = 0
      while i + 2 < values.count && c >= firstSamples[i + 1] { i += 1 }
      let p = (Double(c) - starts[i]) / lengths[i]
      return values[i] + (values[i + 1] - values[i]) * animation.keys[i + 1].easing.value(at: p)
    }
  }
}
