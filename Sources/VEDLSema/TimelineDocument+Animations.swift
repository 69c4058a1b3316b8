import VEDLTime

extension TimelineDocument {
  /// An `animate` block (or the `volume` keys a `duck` means), its keys in order.
  public struct Animation: Codable, Sendable, Hashable {
    public var property: String
    public var keys: [Key]
    /// A `duck`: the settings its keys come from.
    public var ducking: Ducking?

    /// The form of `animation`, whose item's first frame starts at `origin` on `grid`.
    init(_ animation: VEDLSema.Animation, origin: Rational, on grid: FrameGrid) {
      property = animation.property.rawValue
      keys = animation.keys.map { Key($0, origin: origin, on: grid) }
      ducking = animation.ducking.map(Ducking.init)
    }
  }

  /// One key: its item-local `time`, the `timelineTime` it falls on, its value — `value`
  /// for a number, `x` and `y` for a point — and the easing into it.
  public struct Key: Codable, Sendable, Hashable {
    public var time: ExactSeconds
    public var timelineTime: GridTime
    /// As the script writes it (`easeOutBack`, `cubicBezier(0.4, 0, 0.2, 1)`).
    public var easing: String
    public var value: ExactNumber?
    public var x: ExactNumber?
    public var y: ExactNumber?

    init(_ key: VEDLSema.Animation.Key, origin: Rational, on grid: FrameGrid) {
      time = ExactSeconds(key.time)
      timelineTime = GridTime(origin + key.time, on: grid)
      easing = key.easing.scriptText
      switch key.value {
      case .number(let v): value = ExactNumber(v)
      case .point(let px, let py): (x, y) = (ExactNumber(px), ExactNumber(py))
      }
    }
  }

  /// `duck under: by: ramp:`.
  public struct Ducking: Codable, Sendable, Hashable {
    /// The voice track's name.
    public var under: String
    public var by: ExactDecibels
    public var ramp: ExactSeconds

    init(_ ducking: VEDLSema.Ducking) {
      under = ducking.under
      by = ExactDecibels(ducking.by)
      ramp = ExactSeconds(ducking.ramp)
    }
  }

  /// `enter` or `exit`, with the keyframes of its presence (0: not there, 1: fully there).
  public struct Preset: Codable, Sendable, Hashable {
    /// `enter` or `exit`.
    public var phase: String
    public var kind: String
    public var duration: ExactSeconds
    public var easing: String
    /// A sliding or wiping entrance: the edge it comes from.
    public var from: String?
    /// A sliding or wiping exit: the edge it goes to.
    public var to: String?
    public var keys: [PresenceKey]

    init(_ preset: VEDLSema.Preset, itemLength: Rational, origin: Rational, on grid: FrameGrid) {
      phase = preset.phase.rawValue
      kind = preset.kind.rawValue
      duration = ExactSeconds(preset.duration)
      easing = preset.easing.scriptText
      keys = preset.keys(itemLength: itemLength).map { PresenceKey($0, origin: origin, on: grid) }
      if preset.kind == .slide || preset.kind == .wipe {
        if preset.phase == .enter { from = preset.edge.rawValue } else { to = preset.edge.rawValue }
      }
    }
  }

  /// A key of a preset's presence.
  public struct PresenceKey: Codable, Sendable, Hashable {
    public var time: ExactSeconds
    public var timelineTime: GridTime
    public var easing: String
    public var presence: Double?

    init(_ key: VEDLSema.Animation.Key, origin: Rational, on grid: FrameGrid) {
      time = ExactSeconds(key.time)
      timelineTime = GridTime(origin + key.time, on: grid)
      easing = key.easing.scriptText
      if case .number(let v) = key.value { presence = v.doubleValue }
    }
  }
}
