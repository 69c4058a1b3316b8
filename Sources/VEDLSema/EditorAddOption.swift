/// One source an add button offers: a built-in one (`camera`, `music`, …) or a custom one
/// whose action the host supplies under its id.
public struct EditorAddOption: Codable, Sendable, Equatable {
  /// Which source: a built-in one or `custom`.
  public var kind: EditorAddSourceKind
  /// Unique within its button: a built-in source's name, a custom source's string.
  public var id: String
  /// The menu entry's text: the `title:` given, else the built-in label, else (custom) the id.
  public var title: String
  /// The menu entry's system image when one is given; `nil` keeps the host's built-in icon.
  public var icon: String?

  /// Creates an option; `id` and `title` default to the built-in ones of `kind`.
  public init(_ kind: EditorAddSourceKind, id: String? = nil, title: String? = nil, icon: String? = nil) {
    self.kind = kind
    let resolvedID = id ?? kind.rawValue
    self.id = resolvedID
    self.title = title ?? kind.builtInTitle ?? resolvedID
    self.icon = icon
  }

  private enum CodingKeys: String, CodingKey { case kind, id, title, icon }

  /// Reads the shape ``encode(to:)`` writes (`null` and missing optional keys alike).
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    kind = try c.decode(EditorAddSourceKind.self, forKey: .kind)
    id = try c.decode(String.self, forKey: .id)
    title = try c.decode(String.self, forKey: .title)
    icon = try c.decodeIfPresent(String.self, forKey: .icon)
  }

  /// Writes every key (`icon` is `null` when absent).
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(kind, forKey: .kind)
    try c.encode(id, forKey: .id)
    try c.encode(title, forKey: .title)
    try c.encode(icon, forKey: .icon)
  }
}

/// What an add source is. The raw value is the statement name and the JSON `kind`.
public enum EditorAddSourceKind: String, Codable, Sendable, CaseIterable {
  /// Records a clip with the camera (`addClip`).
  case camera
  /// Opens the asset library (`addClip`).
  case library
  /// Opens the system photo picker (`addClip`).
  case photoRoll
  /// Opens the audio library (`addAudio`).
  case music
  /// Records a voiceover (`addAudio`).
  case voiceover
  /// A host-provided source (either button).
  case custom

  /// The English label of a built-in source; `nil` for `custom`.
  public var builtInTitle: String? {
    switch self {
    case .camera: "Camera"
    case .library: "Library"
    case .photoRoll: "Photo Roll"
    case .music: "Music"
    case .voiceover: "Voiceover"
    case .custom: nil
    }
  }

  /// The built-in sources of the clip button, in the order of the reference.
  public static let clipSources: [EditorAddSourceKind] = [.camera, .library, .photoRoll]
  /// The built-in sources of the audio button.
  public static let audioSources: [EditorAddSourceKind] = [.music, .voiceover]
}
