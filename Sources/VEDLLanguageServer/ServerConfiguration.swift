import VEDLDiagnostics
import VEDLIDE
import VEDLSema

/// What the command line gives the server: media probing, where the diagnostic pages are,
/// the filter-graph printer, and where unsaved documents' relative paths resolve.
public struct ServerConfiguration: Sendable {
  /// Prints the filter graph of a resolved timeline for `vedl/graph`, for one of its exports
  /// (or a preview at canvas size when `nil`); `nil` leaves that request out (it answers
  /// `MethodNotFound`).
  public typealias GraphPrinter = @Sendable (Timeline, Export?) -> Result<JSON, ResponseError>

  /// Media facts, probed in the background and cached; `nil` turns media checks off.
  public var media: MediaFactsCache?
  /// Base URL of the diagnostic pages (`…/docs/diagnostics`); each diagnostic links to
  /// `BASE/CODE.md`. `nil` leaves the links out unless the client passes
  /// `initializationOptions.diagnosticDocsBaseURL`.
  public var diagnosticDocsBaseURL: String?
  public var graph: GraphPrinter?
  /// Starts, or finds running, a `vedl preview` server of the script at an absolute path and
  /// gives its base URL (`http://127.0.0.1:4747/`), for the `vedl.preview` command; `nil`
  /// leaves the command out.
  public typealias PreviewLauncher = @Sendable (String) -> Result<String, ResponseError>
  public var preview: PreviewLauncher?
  /// Folder for documents that are not files (`untitled:`), when the client names no root.
  public var workingDirectory: String
  /// Reported as `serverInfo.version`.
  public var version: String

  public init(
    media: MediaFactsCache? = nil, diagnosticDocsBaseURL: String? = nil, graph: GraphPrinter? = nil,
    preview: PreviewLauncher? = nil, workingDirectory: String, version: String
  ) {
    self.preview = preview
    self.media = media
    self.diagnosticDocsBaseURL = diagnosticDocsBaseURL
    self.graph = graph
    self.workingDirectory = workingDirectory
    self.version = version
  }
}
