import VEDLTime

extension TimelineDocument {
  /// One track, in the file's order (a later overlay track draws above an earlier one).
  public struct Track: Codable, Sendable, Hashable {
    /// `main`, `overlay` or `audio`.
    public var kind: String
    public var name: String?
    public var items: [Item]

    /// The form of `track`, whose clips read `timeline`'s sources.
    public init(_ track: VEDLSema.Track, in timeline: Timeline) {
      kind = track.kind.rawValue
      name = track.name
      items = track.items.map { Item($0, in: timeline) }
    }
  }

  /// One item of a track: a clip, a text, a shape or a gap. Members that do not apply to the
  /// item's kind are left out.
  public struct Item: Codable, Sendable, Hashable {
    /// `clip`, `text`, `shape` or `gap`.
    public var kind: String
    public var id: String?
    public var start: GridTime
    public var end: GridTime
    public var startFrame: Int64
    public var endFrame: Int64
    public var frames: Int64
    /// Clips: the source's index.
    public var source: Int?
    public var speed: ExactNumber?
    public var volumeDB: Double?
    public var muted: Bool?
    /// Clips: one pass of the source, `[start, end)`.
    public var sourceRange: SourceRange?
    /// `true` for a clip that loops; left out otherwise.
    public var loop: Bool?
    /// `true` for a clip that plays backwards; left out otherwise.
    public var reverse: Bool?
    /// A `frame:` clip: the source instant it holds.
    public var frame: ExactSeconds?
    /// `freeze at: duration:`.
    public var freeze: Freeze?
    /// A clip with a time operation: the frames of one pass.
    public var passFrames: Int64?
    public var text: String?
    /// `rect` or `ellipse`.
    public var shape: String?
    /// The labelled arguments that are not timing (`box:`, `outline:`); left out when none.
    public var attributes: [String: TypedValue]?
    public var modifiers: [Modifier]
    /// `animate` blocks (and `duck`), in the order written; left out when none.
    public var animations: [Animation]?
    /// `enter` and `exit`; left out when none.
    public var presets: [Preset]?

    /// The form of `item`, a clip of which reads `timeline`'s sources.
    public init(_ item: TimelineItem, in timeline: Timeline) {
      let grid = timeline.canvas.grid
      kind = item.kind.rawValue
      id = item.id
      start = GridTime(item.start, on: grid)
      end = GridTime(item.end, on: grid)
      startFrame = item.startFrame
      endFrame = item.endFrame
      frames = item.endFrame - item.startFrame
      if let s = item.source {
        source = s
        speed = ExactNumber(item.speed)
        volumeDB = item.volume.doubleValue
        muted = item.muted
        if let a = item.sourceStart, let b = item.sourceEnd {
          sourceRange = SourceRange(start: a, end: b, of: timeline.sources[s])
        }
        // Time operations (§4.15): the source range above is one pass.
        loop = item.loops ? true : nil
        reverse = item.reverses ? true : nil
        if let f = item.freeze {
          if item.sourceStart == item.sourceEnd, let a = item.sourceStart {
            frame = ExactSeconds(a)
          } else {
            freeze = Freeze(at: ExactSeconds(f.at), duration: ExactSeconds(f.duration))
          }
        }
        if item.hasTimeOperations, let map = ClipTimeMap(item, grid: grid) { passFrames = map.passFrames }
      }
      text = item.text
      shape = item.shape?.rawValue
      let arguments = item.textArguments.values
      attributes = arguments.isEmpty ? nil : arguments.mapValues(TypedValue.init)
      modifiers = item.modifiers.map(Modifier.init)
      let origin = grid.time(ofFrame: item.startFrame)
      animations = item.animations.isEmpty ? nil : item.animations.map { Animation($0, origin: origin, on: grid) }
      presets =
        item.presets.isEmpty
        ? nil : item.presets.map { Preset($0, itemLength: item.length, origin: origin, on: grid) }
    }
  }

  /// The source time a clip plays, with the source's own frames when its rate is known (and
  /// it is not a still).
  public struct SourceRange: Codable, Sendable, Hashable {
    public var start: ExactSeconds
    public var end: ExactSeconds
    public var startFrame: Int64?
    public var endFrame: Int64?

    /// `[start, end)` of `source`.
    init(start a: Rational, end b: Rational, of source: SourceInfo) {
      start = ExactSeconds(a)
      end = ExactSeconds(b)
      if let rate = source.facts?.frameRate, !source.isStillImageSource, let r = FrameRate(rate) {
        let sourceGrid = FrameGrid(rate: r)
        startFrame = sourceGrid.frameFloor(at: a)
        endFrame = sourceGrid.frameCeiling(at: b)
      }
    }
  }

  /// `freeze at: duration:`, clip-local.
  public struct Freeze: Codable, Sendable, Hashable {
    public var at: ExactSeconds
    public var duration: ExactSeconds
  }

  /// A modifier statement with its checked values; `positional` and `labelled` are left out
  /// when empty.
  public struct Modifier: Codable, Sendable, Hashable {
    public var name: String
    public var positional: [TypedValue]?
    public var labelled: [String: TypedValue]?

    /// The form of `modifier`.
    public init(_ modifier: VEDLSema.Modifier) {
      name = modifier.name.rawValue
      let (p, l) = modifier.kind.arguments
      positional = p.isEmpty ? nil : p.map(TypedValue.init)
      labelled = l.isEmpty ? nil : l.mapValues(TypedValue.init)
    }
  }
}

extension SourceInfo {
  var isStillImageSource: Bool { kind == .image || (facts?.isStillImage ?? false) }
}
