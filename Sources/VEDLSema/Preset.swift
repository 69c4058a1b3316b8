import VEDLSource
import VEDLTime

/// `enter KIND duration: D [easing: E] [from: EDGE]` and `exit KIND duration: D [easing: E]
/// [to: EDGE]` (ANIMATION.md §3): an entrance or an exit, sugar over keyframes. Each is a
/// *presence* that eases from 0 to 1 over the entrance (from 1 to 0 over the exit) —
/// `enter` is `key 0s 0; key D 1 easing: E`, `exit` is `key length − D 1; key length 0
/// easing: E` — and its kind says what the presence does to the item at each frame:
/// `fade` multiplies its opacity, `pop` its scale, `slide` moves it by (1 − presence) of the
/// way to just outside a canvas edge, `wipe` shows the part of its picture within presence
/// of its extent from an edge, and `typewriter` shows that fraction of a text's characters.
public struct Preset: Sendable, Hashable {
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    case fade, slide, pop, wipe, typewriter
  }

  public enum Phase: String, Sendable, Hashable {
    case enter, exit
  }

  /// A canvas edge (`slide`) or an edge of the item's picture (`wipe`).
  public enum Edge: String, Sendable, Hashable, CaseIterable {
    case leading, trailing, top, bottom

    /// Whether the edge is the left or right one.
    public var isHorizontal: Bool { self == .leading || self == .trailing }
  }

  public var kind: Kind
  public var phase: Phase
  /// The length of the entrance or exit, in seconds (positive, within the item).
  public var duration: Rational
  /// How the presence moves (applied to its progress, 0 → 1, over the duration).
  public var easing: Easing
  /// `from:` (an entrance) or `to:` (an exit): where a slide comes from or goes to, and
  /// where a wipe starts (an entrance is revealed from it, an exit hidden towards it).
  public var edge: Edge
  /// The `enter`/`exit` statement.
  public var span: Span?

  public init(
    kind: Kind, phase: Phase, duration: Rational, easing: Easing? = nil, edge: Edge? = nil, span: Span? = nil
  ) {
    self.kind = kind
    self.phase = phase
    self.duration = duration
    self.easing = easing ?? Self.defaultEasing(kind, phase)
    self.edge = edge ?? (phase == .enter ? .leading : .trailing)
    self.span = span
  }

  /// The easing when none is written: `pop` overshoots (`easeOutBack` in, `easeInBack`
  /// out), `slide` decelerates in and accelerates out (CSS's `easeOut`/`easeIn`), the others
  /// are linear.
  public static func defaultEasing(_ kind: Kind, _ phase: Phase) -> Easing {
    switch kind {
    case .pop: Easing(name: phase == .enter ? "easeOutBack" : "easeInBack") ?? .linear
    case .slide: Easing(name: phase == .enter ? "easeOut" : "easeIn") ?? .linear
    case .fade, .wipe, .typewriter: .linear
    }
  }

  /// The keyframes the preset means, of its presence: item-local times and values, the
  /// easing on the second.
  public func keys(itemLength: Rational) -> [Animation.Key] {
    switch phase {
    case .enter:
      [
        Animation.Key(time: .zero, value: .number(.zero)),
        Animation.Key(time: duration, value: .number(.one), easing: easing),
      ]
    case .exit:
      [
        Animation.Key(time: itemLength - duration, value: .number(.one)),
        Animation.Key(time: itemLength, value: .number(.zero), easing: easing),
      ]
    }
  }

  /// The presence at item-local instant `u` of an item `itemLength` long: 1 outside the
  /// entrance or exit, and along the eased keys within it (unclamped: an overshooting
  /// easing gives a pop its bounce).
  public func presence(at u: Rational, itemLength: Rational) -> Double {
    Animation(property: .opacity, keys: keys(itemLength: itemLength)).value(at: u).0
  }
}

extension TimelineItem {
  /// The item's length in seconds.
  public var length: Rational { end - start }

  /// The product of the presences of the item's presets of `kinds` at item-local instant
  /// `u` (1 when it has none).
  public func presence(of kinds: Set<Preset.Kind>, at u: Rational) -> Double {
    presets.filter { kinds.contains($0.kind) }.reduce(1.0) { $0 * $1.presence(at: u, itemLength: length) }
  }

  /// The properties whose value changes over the item's life: those of its animations that
  /// are not constant, and those its presets change (`fade` the opacity, `pop` the scale,
  /// `slide` the place: `offset`).
  public var changingProperties: Set<Animation.Property> {
    var changing = Set(animations.filter { !$0.isConstant }.map(\.property))
    for preset in presets {
      switch preset.kind {
      case .fade: changing.insert(.opacity)
      case .pop: changing.insert(.scale)
      case .slide: changing.insert(.offset)
      case .wipe, .typewriter: break
      }
    }
    return changing
  }
}
