import Foundation

/// The editor's timeline UI as an editor host loads it: what `editor { … }` compiles to and
/// what `vedl editor-config` prints. Every part has a default, so a file without an `editor`
/// block (or a block that leaves a part out) still yields a complete configuration — see
/// ``default`` and docs/editor-config.md for the JSON shape.
///
/// The defaults follow the reference timeline, which renders its tracks and nothing else
/// until a surface is turned on: no header and no add buttons.
public struct EditorConfiguration: Codable, Sendable, Equatable {
  /// The version of this JSON shape, so that hosts can refuse what they do not understand.
  public static let formatVersion = 1

  /// ``formatVersion`` when written; whatever the document says when read.
  public var version: Int
  /// The declared header after `modifyHeader`, or `nil` when no `header` was declared: the
  /// timeline then renders its tracks without a player bar.
  public var header: EditorHeader?
  /// The "Add Clip" button after the last clip of the main track.
  public var addClip: EditorAddButton
  /// The "Add Audio" button below the overlay tracks.
  public var addAudio: EditorAddButton
  /// The timeline's height in overlay track rows.
  public var height: EditorHeight
  /// Whether the timeline starts expanded (`true`) or collapsed to its header.
  public var expanded: Bool

  /// Creates a configuration; every part defaults to what an omitted statement means.
  public init(
    header: EditorHeader? = nil,
    addClip: EditorAddButton = .removed,
    addAudio: EditorAddButton = .removed,
    height: EditorHeight = .default,
    expanded: Bool = true
  ) {
    self.version = Self.formatVersion
    self.header = header
    self.addClip = addClip
    self.addAudio = addAudio
    self.height = height
    self.expanded = expanded
  }

  /// The configuration of a file without an `editor` block: no header, no "Add Clip" or
  /// "Add Audio" button, `dynamic(maximumTracks: 3)`, expanded.
  public static let `default` = EditorConfiguration()

  /// Whether a header was declared but holds no items — `header {}`, or every item removed
  /// by `modifyHeader`. An empty header removes the player bar rather than leaving an empty
  /// strip. Written to JSON as `headerRemoved`.
  public var isHeaderRemoved: Bool { header?.isEmpty ?? false }

  /// Whether the host shows the player bar: a header was declared and has at least one item.
  public var showsPlayerBar: Bool { !(header?.isEmpty ?? true) }

  private enum CodingKeys: String, CodingKey {
    case version, header, headerRemoved, addClip, addAudio, height, expanded
  }

  /// Reads the shape ``encode(to:)`` writes; a missing `version` reads as the current one.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    version = try c.decodeIfPresent(Int.self, forKey: .version) ?? Self.formatVersion
    header = try c.decodeIfPresent(EditorHeader.self, forKey: .header)
    addClip = try c.decode(EditorAddButton.self, forKey: .addClip)
    addAudio = try c.decode(EditorAddButton.self, forKey: .addAudio)
    height = try c.decode(EditorHeight.self, forKey: .height)
    expanded = try c.decode(Bool.self, forKey: .expanded)
  }

  /// Writes every key, `null` included, so the shape is the same for every file;
  /// `headerRemoved` is derived from ``header`` and ignored when reading.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(version, forKey: .version)
    try c.encode(header, forKey: .header)
    try c.encode(isHeaderRemoved, forKey: .headerRemoved)
    try c.encode(addClip, forKey: .addClip)
    try c.encode(addAudio, forKey: .addAudio)
    try c.encode(height, forKey: .height)
    try c.encode(expanded, forKey: .expanded)
  }

  /// The JSON document `vedl editor-config` writes: keys sorted, pretty-printed, slashes
  /// unescaped, without a final line break (the writer adds one) — byte-for-byte stable for
  /// the same configuration.
  public func jsonText() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    // Encoding plain strings, integers and booleans cannot fail.
    guard let data = try? encoder.encode(self) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }
}
