/// One header item: a built-in control, a spacer, or a host-provided custom item.
public struct EditorHeaderItem: Codable, Sendable, Equatable {
  /// Which item: a built-in control, `spacer` or `custom`.
  public var kind: EditorHeaderItemKind
  /// The id `modifyHeader` addresses it by: a built-in item's name, a custom item's string;
  /// `nil` for a spacer, which cannot be addressed.
  public var id: String?
  /// A label replacing the built-in one, if given (`timecode`, `toggleExpanded`, `custom`).
  public var title: String?
  /// A system image name replacing the built-in icon, if given.
  public var icon: String?

  /// Creates an item. Built-in items get their name as id unless one is passed.
  public init(kind: EditorHeaderItemKind, id: String? = nil, title: String? = nil, icon: String? = nil) {
    self.kind = kind
    self.id = id ?? kind.builtInID
    self.title = title
    self.icon = icon
  }

  private enum CodingKeys: String, CodingKey { case kind, id, title, icon }

  /// Reads the shape ``encode(to:)`` writes (`null` and missing optional keys alike).
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    kind = try c.decode(EditorHeaderItemKind.self, forKey: .kind)
    id = try c.decodeIfPresent(String.self, forKey: .id)
    title = try c.decodeIfPresent(String.self, forKey: .title)
    icon = try c.decodeIfPresent(String.self, forKey: .icon)
  }

  /// Writes every key (`null` when absent) so that each item has the same shape.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(kind, forKey: .kind)
    try c.encode(id, forKey: .id)
    try c.encode(title, forKey: .title)
    try c.encode(icon, forKey: .icon)
  }
}

/// What a header item is. The raw value is the statement name and the JSON `kind`.
public enum EditorHeaderItemKind: String, Codable, Sendable, CaseIterable {
  /// The playhead position and total duration.
  case timecode
  /// Starts and pauses playback.
  case playPause
  /// Turns looping on and off.
  case loop
  /// Expands and collapses the timeline.
  case toggleExpanded
  /// Flexible space; has no id.
  case spacer
  /// A host-provided item named by its string id.
  case custom

  /// The id of a built-in item (its name); `nil` for `spacer` and `custom`.
  public var builtInID: String? {
    switch self {
    case .timecode, .playPause, .loop, .toggleExpanded: rawValue
    case .spacer, .custom: nil
    }
  }
}
