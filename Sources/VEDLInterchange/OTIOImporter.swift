import Foundation
import VEDLDiagnostics
import VEDLSema
import VEDLSource
import VEDLSyntax
import VEDLTime

/// What `vedl import` needs besides the file: where the script will live (relative media
/// paths are rewritten for it), the canvas when the command line gives one, and the media
/// facts to tell a file's kind and size (else the extension tells the kind).
public struct OTIOImportOptions: Sendable {
  /// The absolute folder of the `.otio` file: relative media paths resolve against it.
  public var otioDirectory: String
  /// The absolute folder the script will be written to.
  public var outputDirectory: String
  public var canvasWidth: Int64?
  public var canvasHeight: Int64?
  public var frameRate: FrameRate?
  public var media: (any MediaFactsProvider)?

  public init(
    otioDirectory: String, outputDirectory: String, canvasWidth: Int64? = nil, canvasHeight: Int64? = nil,
    frameRate: FrameRate? = nil, media: (any MediaFactsProvider)? = nil
  ) {
    self.otioDirectory = otioDirectory
    self.outputDirectory = outputDirectory
    self.canvasWidth = canvasWidth
    self.canvasHeight = canvasHeight
    self.frameRate = frameRate
    self.media = media
  }
}

/// The imported script (canonically formatted) and the import's diagnostics; `script` is
/// `nil` when the file could not be read.
public struct OTIOImportResult: Sendable {
  public var script: String?
  public var diagnostics: [Diagnostic]
}

/// OpenTimelineIO → VEDL, by the mapping of docs/interchange.md.
public enum OTIOImporter {
  public static func importTimeline(_ file: SourceFile, options: OTIOImportOptions) -> OTIOImportResult {
    switch OTIODecoding.decode(file) {
    case .failure(let d):
      return OTIOImportResult(script: nil, diagnostics: [d])
    case .success(let timeline):
      let run = OTIOImportRun(file: file, options: options, timeline: timeline)
      return run.run()
    }
  }
}
