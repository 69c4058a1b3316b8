import Foundation
import VEDLDiagnostics
import VEDLSema
import VEDLSource

/// How a command asks `ProtectedFiles` about the files it is about to write, so that `still`,
/// `timeline`, `editor-config`, `graph -o` and each row of `batch` build the set and refuse
/// an output the same way `RenderJob` does (`refuseOverwritingInputs`).
extension ProtectedFiles {
  /// What a command run on the script at `script` (absolute; `scriptName` as the user typed
  /// it) must not write over: the script, then `others` (`vedl batch`'s data), then every
  /// file `timeline` reads, its relative paths resolved against the script's folder as the
  /// checker resolved them. The first role named wins, hence the order.
  public init(command script: String, scriptName: String, others: [ProtectedFile] = [], timeline: Timeline?) {
    self.init(script: script, scriptName: scriptName, timeline: nil, baseDirectory: "")
    insert(contentsOf: others)
    if let timeline {
      let folder = (script as NSString).deletingLastPathComponent
      insert(contentsOf: Self.inputs(of: timeline, baseDirectory: folder))
    }
  }

  /// The E0802 diagnostic for the first of `outputs` (absolute) that would write over one of
  /// these files, pointing where the user named the output (`origin`); `nil` when writing
  /// every one of them is safe.
  public func refusal(writing outputs: [String], origin: OutputOrigin?, script: SourceFile) -> Diagnostic? {
    for output in outputs {
      if let file = file(overwrittenBy: output) {
        return Self.diagnostic(output: output, origin: origin, over: file, script: script)
      }
    }
    return nil
  }
}

extension RenderTarget {
  /// Every file a render of the target writes: the output, `<output>.json`, thumbnails and
  /// sidecars.
  public var outputPaths: [String] {
    [path, metadataPath] + thumbnails.map(\.path) + sidecars.map(\.path)
  }
}
