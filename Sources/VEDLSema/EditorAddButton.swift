/// The "Add Clip" or "Add Audio" button: the sources it offers and how it presents them.
/// With several sources it opens a menu; with exactly one it performs that source directly
/// and shows the source's label; with none it is hidden. Without an `addClip` (`addAudio`)
/// statement there is no button, as in the reference timeline, which renders its tracks
/// and nothing else until a surface is turned on.
public struct EditorAddButton: Codable, Sendable, Equatable {
  /// Whether the button is shown (`mode != .hidden`).
  public var visible: Bool
  /// Menu, direct or hidden, from the number of sources.
  public var mode: EditorAddButtonMode
  /// The sources, in display order.
  public var options: [EditorAddOption]
  /// The button's text: its own title in menu mode, the single source's title in direct
  /// mode (unless the button has an explicit `title:`), `nil` when hidden.
  public var label: String?
  /// The button's system image, when one is given (explicitly, or the direct source's);
  /// `nil` keeps the host's built-in icon.
  public var icon: String?

  /// The button presenting `options`, with an optional explicit `title:` and `icon:`;
  /// `defaultTitle` is the generic label ("Add Clip").
  public init(options: [EditorAddOption], title: String?, icon: String?, defaultTitle: String) {
    self.options = options
    switch options.count {
    case 0:
      mode = .hidden
      label = nil
      self.icon = nil
    case 1:
      mode = .direct
      label = title ?? options[0].title
      self.icon = icon ?? options[0].icon
    default:
      mode = .menu
      label = title ?? defaultTitle
      self.icon = icon
    }
    visible = mode != .hidden
  }

  /// The removed button: `addClip none`, or no `addClip` statement at all.
  public static let removed = EditorAddButton(options: [], title: nil, icon: nil, defaultTitle: "")

  /// The generic label of the clip button.
  public static let addClipTitle = "Add Clip"
  /// The generic label of the audio button.
  public static let addAudioTitle = "Add Audio"

  /// The clip button of `addClip` without a block: the built-in sources camera and library.
  public static let builtInAddClip = EditorAddButton(
    options: [EditorAddOption(.camera), EditorAddOption(.library)], title: nil, icon: nil, defaultTitle: addClipTitle)

  /// The audio button of `addAudio` without a block: the built-in sources music and voiceover.
  public static let builtInAddAudio = EditorAddButton(
    options: [EditorAddOption(.music), EditorAddOption(.voiceover)], title: nil, icon: nil, defaultTitle: addAudioTitle)

  private enum CodingKeys: String, CodingKey { case visible, mode, options, label, icon }

  /// Reads the shape ``encode(to:)`` writes (`null` and missing optional keys alike).
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    visible = try c.decode(Bool.self, forKey: .visible)
    mode = try c.decode(EditorAddButtonMode.self, forKey: .mode)
    options = try c.decode([EditorAddOption].self, forKey: .options)
    label = try c.decodeIfPresent(String.self, forKey: .label)
    icon = try c.decodeIfPresent(String.self, forKey: .icon)
  }

  /// Writes every key (`null` when absent).
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(visible, forKey: .visible)
    try c.encode(mode, forKey: .mode)
    try c.encode(options, forKey: .options)
    try c.encode(label, forKey: .label)
    try c.encode(icon, forKey: .icon)
  }
}

/// How an add button behaves on tap.
public enum EditorAddButtonMode: String, Codable, Sendable, CaseIterable {
  /// Two or more sources: opens a menu.
  case menu
  /// Exactly one source: performs it directly.
  case direct
  /// No source (`addClip none`, or an empty block): not shown.
  case hidden
}
