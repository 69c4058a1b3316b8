import VEDLDiagnostics
import VEDLTime

/// The OTIO JSON schema (`Timeline.1`, `Stack.1`, `Track.1`, `Clip.1`/`Clip.2`, `Gap.1`,
/// `Transition.1`, `Marker.1`/`Marker.2`, effects and media references) as `Codable` values.
/// Decoding checks each object's `OTIO_SCHEMA` and the ranges of its values, so a bad file
/// fails with a coding path; encoding writes every field OTIO's own writer writes.

/// Keys shared by the objects below.
enum OTIOKeys: String, CodingKey {
  case name, metadata, tracks, children, kind, effects, markers, enabled, color, comment, parameters
  case globalStartTime = "global_start_time"
  case sourceRange = "source_range"
  case mediaReference = "media_reference"
  case mediaReferences = "media_references"
  case activeMediaReferenceKey = "active_media_reference_key"
  case transitionType = "transition_type"
  case inOffset = "in_offset"
  case outOffset = "out_offset"
  case markedRange = "marked_range"
  case effectName = "effect_name"
  case timeScalar = "time_scalar"
  case targetURL = "target_url"
  case availableRange = "available_range"
  case availableImageBounds = "available_image_bounds"
  case generatorKind = "generator_kind"
}

extension KeyedDecodingContainer where K == OTIOKeys {
  func name() throws -> String { try decodeIfPresent(String.self, forKey: .name) ?? "" }
  func metadata() throws -> [String: JSON] {
    try decodeIfPresent([String: JSON].self, forKey: .metadata) ?? [:]
  }
}

extension KeyedEncodingContainer where K == OTIOKeys {
  mutating func encodeCommon(name: String, metadata: [String: JSON]) throws {
    try encode(name, forKey: .name)
    try encode(metadata, forKey: .metadata)
  }
}

/// `Timeline.1`.
public struct OTIOTimeline: Codable, Sendable {
  public var name: String
  public var metadata: [String: JSON]
  public var globalStartTime: OTIORationalTime?
  public var tracks: OTIOStack

  public init(name: String, metadata: [String: JSON], globalStartTime: OTIORationalTime?, tracks: OTIOStack) {
    self.name = name
    self.metadata = metadata
    self.globalStartTime = globalStartTime
    self.tracks = tracks
  }

  public init(from decoder: any Decoder) throws {
    try OTIOSchemaName.expect("Timeline", versions: 1...1, in: decoder)
    let c = try decoder.container(keyedBy: OTIOKeys.self)
    name = try c.name()
    metadata = try c.metadata()
    globalStartTime = try c.decodeIfPresent(OTIORationalTime.self, forKey: .globalStartTime)
    tracks = try c.decode(OTIOStack.self, forKey: .tracks)
  }

  public func encode(to encoder: any Encoder) throws {
    try OTIOSchemaName.write("Timeline.1", to: encoder)
    var c = encoder.container(keyedBy: OTIOKeys.self)
    try c.encodeCommon(name: name, metadata: metadata)
    if let globalStartTime {
      try c.encode(globalStartTime, forKey: .globalStartTime)
    } else {
      try c.encodeNil(forKey: .globalStartTime)
    }
    try c.encode(tracks, forKey: .tracks)
  }
}

/// `Stack.1`: children play at once, the first at the bottom.
public struct OTIOStack: Codable, Sendable {
  public var name: String
  public var metadata: [String: JSON]
  public var sourceRange: OTIOTimeRange?
  public var markers: [OTIOMarker]
  public var effects: [OTIOEffect]
  public var children: [OTIOItem]

  public init(name: String, metadata: [String: JSON] = [:], children: [OTIOItem]) {
    self.name = name
    self.metadata = metadata
    sourceRange = nil
    markers = []
    effects = []
    self.children = children
  }

  public init(from decoder: any Decoder) throws {
    try OTIOSchemaName.expect("Stack", versions: 1...1, in: decoder)
    let c = try decoder.container(keyedBy: OTIOKeys.self)
    name = try c.name()
    metadata = try c.metadata()
    sourceRange = try c.decodeIfPresent(OTIOTimeRange.self, forKey: .sourceRange)
    markers = try c.decodeIfPresent([OTIOMarker].self, forKey: .markers) ?? []
    effects = try c.decodeIfPresent([OTIOEffect].self, forKey: .effects) ?? []
    children = try c.decode([OTIOItem].self, forKey: .children)
  }

  public func encode(to encoder: any Encoder) throws {
    try OTIOSchemaName.write("Stack.1", to: encoder)
    var c = encoder.container(keyedBy: OTIOKeys.self)
    try c.encodeCommon(name: name, metadata: metadata)
    try c.encode(sourceRange, forKey: .sourceRange)
    try c.encode(effects, forKey: .effects)
    try c.encode(markers, forKey: .markers)
    try c.encode(true, forKey: .enabled)
    try c.encode(children, forKey: .children)
  }

  /// The stack's length: its `source_range`, else its longest child.
  func duration() -> Rational? {
    if let r = sourceRange { return OTIOExact.seconds(r.duration) }
    var longest = Rational.zero
    for child in children {
      guard let d = child.duration() else { return nil }
      longest = max(longest, d)
    }
    return longest
  }
}

/// `Track.1`: children play one after the other.
public struct OTIOTrack: Codable, Sendable {
  public static let video = "Video"
  public static let audio = "Audio"

  public var name: String
  public var metadata: [String: JSON]
  /// `"Video"` or `"Audio"`.
  public var kind: String
  public var sourceRange: OTIOTimeRange?
  public var markers: [OTIOMarker]
  public var effects: [OTIOEffect]
  public var enabled: Bool
  public var children: [OTIOItem]

  public init(name: String, kind: String, metadata: [String: JSON] = [:], children: [OTIOItem]) {
    self.name = name
    self.metadata = metadata
    self.kind = kind
    sourceRange = nil
    markers = []
    effects = []
    enabled = true
    self.children = children
  }

  public init(from decoder: any Decoder) throws {
    try OTIOSchemaName.expect("Track", versions: 1...1, in: decoder)
    let c = try decoder.container(keyedBy: OTIOKeys.self)
    name = try c.name()
    metadata = try c.metadata()
    kind = try c.decodeIfPresent(String.self, forKey: .kind) ?? Self.video
    sourceRange = try c.decodeIfPresent(OTIOTimeRange.self, forKey: .sourceRange)
    markers = try c.decodeIfPresent([OTIOMarker].self, forKey: .markers) ?? []
    effects = try c.decodeIfPresent([OTIOEffect].self, forKey: .effects) ?? []
    enabled = try c.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
    children = try c.decode([OTIOItem].self, forKey: .children)
  }

  public func encode(to encoder: any Encoder) throws {
    try OTIOSchemaName.write("Track.1", to: encoder)
    var c = encoder.container(keyedBy: OTIOKeys.self)
    try c.encodeCommon(name: name, metadata: metadata)
    try c.encode(sourceRange, forKey: .sourceRange)
    try c.encode(effects, forKey: .effects)
    try c.encode(markers, forKey: .markers)
    try c.encode(enabled, forKey: .enabled)
    try c.encode(kind, forKey: .kind)
    try c.encode(children, forKey: .children)
  }

  /// The track's length: its items' lengths summed (transitions take no time).
  func duration() -> Rational? {
    if let r = sourceRange { return OTIOExact.seconds(r.duration) }
    var total = Rational.zero
    for child in children {
      guard let d = child.duration(), let sum = total.checkedAdding(d) else { return nil }
      total = sum
    }
    return total
  }
}

/// `Clip.1` (one `media_reference`) or `Clip.2` (`media_references` by key, one active).
public struct OTIOClip: Codable, Sendable {
  public var name: String
  public var metadata: [String: JSON]
  public var sourceRange: OTIOTimeRange?
  public var effects: [OTIOEffect]
  public var markers: [OTIOMarker]
  public var enabled: Bool
  public var mediaReference: OTIOMediaReference?

  public init(
    name: String, metadata: [String: JSON] = [:], sourceRange: OTIOTimeRange, effects: [OTIOEffect] = [],
    mediaReference: OTIOMediaReference
  ) {
    self.name = name
    self.metadata = metadata
    self.sourceRange = sourceRange
    self.effects = effects
    markers = []
    enabled = true
    self.mediaReference = mediaReference
  }

  static let defaultMediaKey = "DEFAULT_MEDIA"

  public init(from decoder: any Decoder) throws {
    let schema = try OTIOSchemaName.expect("Clip", versions: 1...2, in: decoder)
    let c = try decoder.container(keyedBy: OTIOKeys.self)
    name = try c.name()
    metadata = try c.metadata()
    sourceRange = try c.decodeIfPresent(OTIOTimeRange.self, forKey: .sourceRange)
    effects = try c.decodeIfPresent([OTIOEffect].self, forKey: .effects) ?? []
    markers = try c.decodeIfPresent([OTIOMarker].self, forKey: .markers) ?? []
    enabled = try c.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
    if schema.version == 1 {
      mediaReference = try c.decodeIfPresent(OTIOMediaReference.self, forKey: .mediaReference)
    } else {
      let references = try c.decodeIfPresent([String: OTIOMediaReference?].self, forKey: .mediaReferences) ?? [:]
      let key = try c.decodeIfPresent(String.self, forKey: .activeMediaReferenceKey) ?? Self.defaultMediaKey
      mediaReference = references[key] ?? nil
    }
  }

  public func encode(to encoder: any Encoder) throws {
    try OTIOSchemaName.write("Clip.2", to: encoder)
    var c = encoder.container(keyedBy: OTIOKeys.self)
    try c.encodeCommon(name: name, metadata: metadata)
    try c.encode(sourceRange, forKey: .sourceRange)
    try c.encode(effects, forKey: .effects)
    try c.encode(markers, forKey: .markers)
    try c.encode(enabled, forKey: .enabled)
    try c.encode([Self.defaultMediaKey: mediaReference ?? .missing(name: "", metadata: [:])], forKey: .mediaReferences)
    try c.encode(Self.defaultMediaKey, forKey: .activeMediaReferenceKey)
  }
}

/// `Gap.1`: time with nothing in it.
public struct OTIOGap: Codable, Sendable {
  public var name: String
  public var metadata: [String: JSON]
  public var sourceRange: OTIOTimeRange?
  public var markers: [OTIOMarker]
  public var effects: [OTIOEffect]

  public init(sourceRange: OTIOTimeRange) {
    name = ""
    metadata = [:]
    self.sourceRange = sourceRange
    markers = []
    effects = []
  }

  public init(from decoder: any Decoder) throws {
    try OTIOSchemaName.expect("Gap", versions: 1...1, in: decoder)
    let c = try decoder.container(keyedBy: OTIOKeys.self)
    name = try c.name()
    metadata = try c.metadata()
    sourceRange = try c.decodeIfPresent(OTIOTimeRange.self, forKey: .sourceRange)
    markers = try c.decodeIfPresent([OTIOMarker].self, forKey: .markers) ?? []
    effects = try c.decodeIfPresent([OTIOEffect].self, forKey: .effects) ?? []
  }

  public func encode(to encoder: any Encoder) throws {
    try OTIOSchemaName.write("Gap.1", to: encoder)
    var c = encoder.container(keyedBy: OTIOKeys.self)
    try c.encodeCommon(name: name, metadata: metadata)
    try c.encode(sourceRange, forKey: .sourceRange)
    try c.encode(effects, forKey: .effects)
    try c.encode(markers, forKey: .markers)
    try c.encode(true, forKey: .enabled)
  }
}

/// `Transition.1`: overlaps its neighbours by `in_offset` before the cut and `out_offset`
/// after it, without taking time of its own.
public struct OTIOTransition: Codable, Sendable {
  public static let dissolve = "SMPTE_Dissolve"

  public var name: String
  public var metadata: [String: JSON]
  public var transitionType: String
  public var inOffset: OTIORationalTime
  public var outOffset: OTIORationalTime

  public init(
    name: String, metadata: [String: JSON] = [:], transitionType: String, inOffset: OTIORationalTime,
    outOffset: OTIORationalTime
  ) {
    self.name = name
    self.metadata = metadata
    self.transitionType = transitionType
    self.inOffset = inOffset
    self.outOffset = outOffset
  }

  public init(from decoder: any Decoder) throws {
    try OTIOSchemaName.expect("Transition", versions: 1...1, in: decoder)
    let c = try decoder.container(keyedBy: OTIOKeys.self)
    name = try c.name()
    metadata = try c.metadata()
    transitionType = try c.decodeIfPresent(String.self, forKey: .transitionType) ?? ""
    inOffset = try c.decode(OTIORationalTime.self, forKey: .inOffset)
    outOffset = try c.decode(OTIORationalTime.self, forKey: .outOffset)
    for (key, t) in [(OTIOKeys.inOffset, inOffset), (.outOffset, outOffset)] where t.value < 0 {
      throw OTIOReadError(
        kind: .outOfRange, codingPath: c.codingPath + [key], message: "negative transition offset \(t.value)")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    try OTIOSchemaName.write("Transition.1", to: encoder)
    var c = encoder.container(keyedBy: OTIOKeys.self)
    try c.encodeCommon(name: name, metadata: metadata)
    try c.encode(transitionType, forKey: .transitionType)
    try c.encode(inOffset, forKey: .inOffset)
    try c.encode(outOffset, forKey: .outOffset)
  }
}

/// `Marker.1`/`Marker.2`: a named range in its item's time.
public struct OTIOMarker: Codable, Sendable {
  public var name: String
  public var metadata: [String: JSON]
  public var color: String
  public var comment: String
  public var markedRange: OTIOTimeRange

  public init(from decoder: any Decoder) throws {
    try OTIOSchemaName.expect("Marker", versions: 1...2, in: decoder)
    let c = try decoder.container(keyedBy: OTIOKeys.self)
    name = try c.name()
    metadata = try c.metadata()
    color = try c.decodeIfPresent(String.self, forKey: .color) ?? ""
    comment = try c.decodeIfPresent(String.self, forKey: .comment) ?? ""
    markedRange = try c.decode(OTIOTimeRange.self, forKey: .markedRange)
  }

  public func encode(to encoder: any Encoder) throws {
    try OTIOSchemaName.write("Marker.2", to: encoder)
    var c = encoder.container(keyedBy: OTIOKeys.self)
    try c.encodeCommon(name: name, metadata: metadata)
    try c.encode(color, forKey: .color)
    try c.encode(comment, forKey: .comment)
    try c.encode(markedRange, forKey: .markedRange)
  }
}

/// An effect: `LinearTimeWarp.1` (a speed), `FreezeFrame.1`, or any other (`Effect.1` and
/// vendors' own), kept by name for the import's comments.
public struct OTIOEffect: Codable, Sendable {
  public var schema: String
  public var name: String
  public var effectName: String
  public var metadata: [String: JSON]
  /// `LinearTimeWarp`'s rate of media consumption.
  public var timeScalar: Double?

  public static func linearTimeWarp(_ scalar: Double) -> OTIOEffect {
    OTIOEffect(schema: "LinearTimeWarp.1", name: "", effectName: "LinearTimeWarp", metadata: [:], timeScalar: scalar)
  }

  init(schema: String, name: String, effectName: String, metadata: [String: JSON], timeScalar: Double?) {
    self.schema = schema
    self.name = name
    self.effectName = effectName
    self.metadata = metadata
    self.timeScalar = timeScalar
  }

  public init(from decoder: any Decoder) throws {
    let schema = try OTIOSchemaName.read(from: decoder)
    self.schema = schema.description
    let c = try decoder.container(keyedBy: OTIOKeys.self)
    name = try c.name()
    metadata = try c.metadata()
    effectName = try c.decodeIfPresent(String.self, forKey: .effectName) ?? ""
    timeScalar = try c.decodeIfPresent(Double.self, forKey: .timeScalar)
    if let t = timeScalar, !t.isFinite || abs(t) > 1e6 {
      throw OTIOReadError(
        kind: .outOfRange, codingPath: c.codingPath + [OTIOKeys.timeScalar], message: "time scalar \(t) is out of range"
      )
    }
  }

  public func encode(to encoder: any Encoder) throws {
    try OTIOSchemaName.write(schema, to: encoder)
    var c = encoder.container(keyedBy: OTIOKeys.self)
    try c.encodeCommon(name: name, metadata: metadata)
    try c.encode(effectName, forKey: .effectName)
    if let timeScalar { try c.encode(timeScalar, forKey: .timeScalar) }
  }

  /// Whether this is a `LinearTimeWarp` (and not its `FreezeFrame` subclass).
  var isLinearTimeWarp: Bool { schema.hasPrefix("LinearTimeWarp.") }
}

/// A clip's media: a file, nothing (missing), a generator, or a kind this reader keeps only
/// by name.
public enum OTIOMediaReference: Codable, Sendable {
  case external(name: String, targetURL: String, availableRange: OTIOTimeRange?, metadata: [String: JSON])
  case missing(name: String, metadata: [String: JSON])
  case generator(name: String, kind: String, parameters: [String: JSON], metadata: [String: JSON])
  /// `ImageSequenceReference` and any other schema.
  case other(schema: String, name: String, availableRange: OTIOTimeRange?)

  public init(from decoder: any Decoder) throws {
    let schema = try OTIOSchemaName.read(from: decoder)
    let c = try decoder.container(keyedBy: OTIOKeys.self)
    let name = try c.name()
    switch schema.name {
    case "ExternalReference":
      self = .external(
        name: name, targetURL: try c.decodeIfPresent(String.self, forKey: .targetURL) ?? "",
        availableRange: try c.decodeIfPresent(OTIOTimeRange.self, forKey: .availableRange),
        metadata: try c.metadata())
    case "MissingReference":
      self = .missing(name: name, metadata: try c.metadata())
    case "GeneratorReference":
      self = .generator(
        name: name, kind: try c.decodeIfPresent(String.self, forKey: .generatorKind) ?? "",
        parameters: try c.decodeIfPresent([String: JSON].self, forKey: .parameters) ?? [:],
        metadata: try c.metadata())
    default:
      self = .other(
        schema: schema.description, name: name,
        availableRange: try c.decodeIfPresent(OTIOTimeRange.self, forKey: .availableRange))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: OTIOKeys.self)
    switch self {
    case .external(let name, let url, let range, let metadata):
      try OTIOSchemaName.write("ExternalReference.1", to: encoder)
      try c.encodeCommon(name: name, metadata: metadata)
      try c.encode(range, forKey: .availableRange)
      try c.encodeNil(forKey: .availableImageBounds)
      try c.encode(url, forKey: .targetURL)
    case .missing(let name, let metadata):
      try OTIOSchemaName.write("MissingReference.1", to: encoder)
      try c.encodeCommon(name: name, metadata: metadata)
      try c.encodeNil(forKey: .availableRange)
      try c.encodeNil(forKey: .availableImageBounds)
    case .generator(let name, let kind, let parameters, let metadata):
      try OTIOSchemaName.write("GeneratorReference.1", to: encoder)
      try c.encodeCommon(name: name, metadata: metadata)
      try c.encodeNil(forKey: .availableRange)
      try c.encodeNil(forKey: .availableImageBounds)
      try c.encode(kind, forKey: .generatorKind)
      try c.encode(parameters, forKey: .parameters)
    case .other(let schema, let name, let range):
      try OTIOSchemaName.write(schema, to: encoder)
      try c.encodeCommon(name: name, metadata: [:])
      try c.encode(range, forKey: .availableRange)
    }
  }
}

/// One child of a track or stack, by its `OTIO_SCHEMA`.
public enum OTIOItem: Codable, Sendable {
  case clip(OTIOClip)
  case gap(OTIOGap)
  case transition(OTIOTransition)
  case stack(OTIOStack)
  case track(OTIOTrack)
  /// A schema this reader does not know, with its length when it has a `source_range`.
  case other(schema: String, name: String, sourceRange: OTIOTimeRange?)

  public init(from decoder: any Decoder) throws {
    let schema = try OTIOSchemaName.read(from: decoder)
    switch schema.name {
    case "Clip": self = .clip(try OTIOClip(from: decoder))
    case "Gap": self = .gap(try OTIOGap(from: decoder))
    case "Transition": self = .transition(try OTIOTransition(from: decoder))
    case "Stack": self = .stack(try OTIOStack(from: decoder))
    case "Track": self = .track(try OTIOTrack(from: decoder))
    default:
      let c = try decoder.container(keyedBy: OTIOKeys.self)
      self = .other(
        schema: schema.description, name: try c.name(),
        sourceRange: try c.decodeIfPresent(OTIOTimeRange.self, forKey: .sourceRange))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .clip(let x): try x.encode(to: encoder)
    case .gap(let x): try x.encode(to: encoder)
    case .transition(let x): try x.encode(to: encoder)
    case .stack(let x): try x.encode(to: encoder)
    case .track(let x): try x.encode(to: encoder)
    case .other(let schema, let name, let range):
      try OTIOSchemaName.write(schema, to: encoder)
      var c = encoder.container(keyedBy: OTIOKeys.self)
      try c.encodeCommon(name: name, metadata: [:])
      try c.encode(range, forKey: .sourceRange)
    }
  }

  /// The time the item takes in its track (`nil` when it cannot be told: a clip without a
  /// range or media range). Transitions take none.
  func duration() -> Rational? {
    switch self {
    case .clip(let c):
      if let r = c.sourceRange { return OTIOExact.seconds(r.duration) }
      switch c.mediaReference {
      case .external(_, _, let range?, _), .other(_, _, let range?): return OTIOExact.seconds(range.duration)
      default: return nil
      }
    case .gap(let g): return g.sourceRange.flatMap { OTIOExact.seconds($0.duration) }
    case .transition: return .zero
    case .stack(let s): return s.duration()
    case .track(let t): return t.duration()
    case .other(_, _, let range): return range.flatMap { OTIOExact.seconds($0.duration) }
    }
  }
}
