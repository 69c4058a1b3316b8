import Foundation

/// One line of `vedl batch --plan`: a self-contained job, as a JSON object on one line.
///
/// ```json
/// {"row":1,"script":"t.vedl","output":"out/001-hello.mp4","quality":"low","backend":"ffmpeg","params":{"title":"Hello"},"force":false,"argv":["vedl","render","t.vedl","-o","out/001-hello.mp4","--quality","low","--set","title=Hello"]}
/// ```
///
/// `argv` is the `vedl render` command that renders exactly what the batch renders for the
/// row (same fingerprint, so either one finds the other's output up to date; `--backend
/// native` when the batch renders natively); `params` keeps the column order, which is the
/// `--set` order.
public enum BatchPlanLine {
  /// The line for `job` (without the line break); `script` is the script's path as given,
  /// `backend` the batch's `--backend`.
  public static func text(for job: BatchJob, script: String, backend: RenderBackend, force: Bool) -> String {
    var argv = ["vedl", "render", script, "-o", job.outputName, "--quality", job.quality]
    if backend != .ffmpeg { argv += ["--backend", backend.rawValue] }
    for parameter in job.parameters { argv += ["--set", "\(parameter.name)=\(parameter.value)"] }
    if force { argv.append("--force") }
    let quoted = JSONText.quoted
    let params = job.parameters.map { "\(quoted($0.name)):\(quoted($0.value))" }.joined(separator: ",")
    return "{\"row\":\(job.row),\"script\":\(quoted(script)),\"output\":\(quoted(job.outputName)),"
      + "\"quality\":\(quoted(job.quality)),\"backend\":\(quoted(backend.rawValue)),\"params\":{\(params)},"
      + "\"force\":\(force),"
      + "\"argv\":[\(argv.map(quoted).joined(separator: ","))]}"
  }
}
