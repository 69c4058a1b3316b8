import Foundation
import VEDLDiagnostics
import VEDLMedia

/// One line of `vedl batch --plan`: a self-contained job, as a JSON object on one line
/// (keys sorted, ``JSONOutput``).
///
/// ```json
/// {"argv":["vedl","render","t.vedl","-o","out/001-hello.mp4","--quality","low","--set","title=Hello"],"backend":"ffmpeg","force":false,"kind":"row","libav":"libavformat 59.27.100, …","output":"out/001-hello.mp4","params":{"title":"Hello"},"plan":"sha256:…","quality":"low","row":1,"script":"t.vedl","vedl":"0.1.0"}
/// ```
///
/// `argv` is the `vedl render` command that renders exactly what the batch renders for the
/// row (same fingerprint, so either one finds the other's output up to date; `--backend
/// native` when the batch renders natively). The fingerprint counts the `--set` order, which
/// `argv` keeps; `params` is the same values by name, for reading, not for rebuilding a command.
/// `kind` is `row`, `plan` the row's render fingerprint (what its `OUT.json` records once
/// rendered), and `vedl`/`libav` the planner's versions: `vedl job` (``PlanLine``) runs it.
public struct BatchPlanLine: Codable, Sendable, Hashable {
  /// `row`: a line of a batch's plan (``PlanLine/kind``).
  public var kind = "row"
  /// The row's fingerprint, `nil` when it could not be computed.
  public var plan: String?
  /// The planner's vedl version.
  public var vedl: String?
  /// The planner's libav versions.
  public var libav: String?
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
  public init(
    job: BatchJob, script: String, backend: RenderBackend, force: Bool, plan: String? = nil, vedl: String? = nil
  ) {
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
    self.plan = plan
    self.vedl = vedl
    libav = vedl == nil ? nil : LibavVersion.description
  }

  /// The line for `job` (without the line break).
  public static func text(
    for job: BatchJob, script: String, backend: RenderBackend, force: Bool, plan: String? = nil, vedl: String? = nil
  ) -> String {
    JSONOutput(.line).text(
      of: BatchPlanLine(job: job, script: script, backend: backend, force: force, plan: plan, vedl: vedl))
  }
}
