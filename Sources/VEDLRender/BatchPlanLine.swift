import Foundation
import VEDLDiagnostics

/// One line of `vedl batch --plan`: a self-contained job, as a JSON object on one line
/// (keys sorted, ``JSONOutput``).
///
/// ```json
/// {"argv":["vedl","render","t.vedl","-o","out/001-hello.mp4","--quality","low","--set","title=Hello"],"backend":"ffmpeg","force":false,"output":"out/001-hello.mp4","params":{"title":"Hello"},"quality":"low","row":1,"script":"t.vedl"}
/// ```
///
/// `argv` is the `vedl render` command that renders exactly what the batch renders for the
/// row (same fingerprint, so either one finds the other's output up to date; `--backend
/// native` when the batch renders natively). The fingerprint counts the `--set` order, which
/// `argv` keeps; `params` is the same values by name, for reading, not for rebuilding a command.
public struct BatchPlanLine: Codable, Sendable, Hashable {
  /// The row's 1-based number.
  public var row: Int
  /// The script's path as given to `vedl batch`.
  public var script: String
  /// The output's path.
  public var output: String
  public var quality: String
  /// `ffmpeg` or `native`.
  public var backend: String
  /// Parameter values by name (a batch's column names are unique).
  public var params: [String: String]
  /// Whether `--force` was given.
  public var force: Bool
  /// The command that renders the job.
  public var argv: [String]

  /// The job for `job`; `script` is the script's path as given, `backend` the batch's
  /// `--backend`.
  public init(job: BatchJob, script: String, backend: RenderBackend, force: Bool) {
    var argv = ["vedl", "render", script, "-o", job.outputName, "--quality", job.quality]
    if backend != .ffmpeg { argv += ["--backend", backend.rawValue] }
    for parameter in job.parameters { argv += ["--set", "\(parameter.name)=\(parameter.value)"] }
    if force { argv.append("--force") }
    row = job.row
    self.script = script
    output = job.outputName
    quality = job.quality
    self.backend = backend.rawValue
    // As with repeated `--set`, the last value of a name wins.
    params = Dictionary(job.parameters.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
    self.force = force
    self.argv = argv
  }

  /// The line for `job` (without the line break).
  public static func text(for job: BatchJob, script: String, backend: RenderBackend, force: Bool) -> String {
    JSONOutput(.line).text(of: BatchPlanLine(job: job, script: script, backend: backend, force: force))
  }
}
