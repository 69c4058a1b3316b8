import Foundation
import VEDLSema

/// One file a render produces, with what goes beside it: an export of the script, or the
/// single output `vedl render -o OUT` asks for.
public struct RenderTarget: Sendable, Hashable {
  /// Absolute path of the output.
  public var path: String
  /// Its format (from the extension).
  public var format: Export.Format
  /// The export it comes from (quality, watermark, still time); `nil` for `-o` on a script
  /// without exports, which renders the canvas at the default quality.
  public var export: Export?
  /// JPEG thumbnails written beside it.
  public var thumbnails: [Export.Thumbnail]
  /// Caption sidecars written beside it.
  public var sidecars: [Export.Sidecar]
  /// Where the user named the output (the export's string, or `-o OUT`), for diagnostics;
  /// `nil` for a target a program made up.
  public var origin: OutputOrigin?

  /// A target; every property is documented above.
  public init(
    path: String, format: Export.Format, export: Export?, thumbnails: [Export.Thumbnail] = [],
    sidecars: [Export.Sidecar] = [], origin: OutputOrigin? = nil
  ) {
    self.path = path
    self.format = format
    self.export = export
    self.thumbnails = thumbnails
    self.sidecars = sidecars
    self.origin = origin
  }

  /// The export as the script declares it, with its thumbnails and sidecars.
  public init(export: Export) {
    self.init(
      path: export.path, format: export.format, export: export, thumbnails: export.thumbnails,
      sidecars: export.sidecars, origin: .script(writtenPath: export.writtenPath, span: export.pathSpan))
  }

  /// Every export of `timeline`, in the script's order.
  public static func exports(of timeline: Timeline) -> [RenderTarget] {
    timeline.exports.map(RenderTarget.init(export:))
  }

  /// The metadata file written beside the output: `<output>.json`.
  public var metadataPath: String { path + ".json" }

  /// Why `-o` cannot name `path`, or `nil` when it can.
  public enum OverrideProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The extension is not one of `.mp4`, `.mov`, `.webm`, `.png`.
    case unknownFormat(String)
    /// The script has several exports; `-o` names one file.
    case severalExports(Int)

    /// A usage message.
    public var description: String {
      switch self {
      case .unknownFormat(let path):
        "`-o \(path)`: the output must end in .mp4, .mov, .webm or .png"
      case .severalExports(let count):
        "`-o` renders one file, but the script has \(count) exports; omit `-o` to render them all"
      }
    }
  }

  /// The target of `vedl render -o OUT`: the script's only export (its quality, watermark and
  /// still time) written to `path` in the format of `path`'s extension, without the
  /// export's thumbnails and sidecars (they belong to the export's own path). A script
  /// without exports renders its canvas. `origin` says where the user named `path`.
  public static func override(
    path: String, timeline: Timeline, origin: OutputOrigin? = nil
  ) -> Result<RenderTarget, OverrideProblem> {
    let ext = (path as NSString).pathExtension.lowercased()
    guard let format = Export.Format(rawValue: ext) else { return .failure(.unknownFormat(path)) }
    guard timeline.exports.count <= 1 else { return .failure(.severalExports(timeline.exports.count)) }
    guard var export = timeline.exports.first else {
      return .success(RenderTarget(path: path, format: format, export: nil, origin: origin))
    }
    export.path = path
    export.writtenPath = path
    export.format = format
    export.thumbnails = []
    export.sidecars = []
    return .success(RenderTarget(path: path, format: format, export: export, origin: origin))
  }
}
