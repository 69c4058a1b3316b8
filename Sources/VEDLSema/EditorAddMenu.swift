import VEDLSyntax

/// Which add button a statement configures: what tells `addClip` and `addAudio` apart
/// while checking them.
enum EditorAddMenu: Hashable {
  case clip
  case audio

  /// The statement name, `addClip` or `addAudio`.
  var statementName: String {
    switch self {
    case .clip: "addClip"
    case .audio: "addAudio"
    }
  }

  /// The schema context of the button's block.
  var context: StatementContext {
    switch self {
    case .clip: .addClip
    case .audio: .addAudio
    }
  }

  /// The built-in sources the button accepts.
  var builtInSources: [EditorAddSourceKind] {
    switch self {
    case .clip: EditorAddSourceKind.clipSources
    case .audio: EditorAddSourceKind.audioSources
    }
  }

  /// The button's generic label.
  var defaultTitle: String {
    switch self {
    case .clip: EditorAddButton.addClipTitle
    case .audio: EditorAddButton.addAudioTitle
    }
  }

  /// The button of the statement without a block (the built-in sources).
  var builtInButton: EditorAddButton {
    switch self {
    case .clip: .builtInAddClip
    case .audio: .builtInAddAudio
    }
  }
}
