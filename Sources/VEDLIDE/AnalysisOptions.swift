/// What an analysis of one open document needs besides its text: where relative paths
/// resolve, how media facts are found, and the `--set` values in force.
public struct AnalysisOptions: Sendable {
  /// Folder against which the document's relative paths resolve (its own folder, or the
  /// workspace root for an unsaved document).
  public var baseDirectory: String
  /// Media facts without blocking; `nil` skips every check that needs a file's contents.
  public var media: MediaFactsCache?
  /// Parameter values, as `vedl check --set NAME=VALUE` would give them.
  public var parameterOverrides: [(name: String, value: String)]

  public init(
    baseDirectory: String, media: MediaFactsCache? = nil, parameterOverrides: [(name: String, value: String)] = []
  ) {
    self.baseDirectory = baseDirectory
    self.media = media
    self.parameterOverrides = parameterOverrides
  }
}
