import Foundation
import VEDLDiagnostics
import VEDLMedia

/// One line of a plan (docs/scale-out.md): a self-contained job, as a JSON object on one
/// line, that `vedl job PLAN.jsonl --index I` runs on any worker sharing the files.
///
/// ```json
/// {"argv":["vedl","render","t.vedl","-o","out.mp4","--chunks","4","--chunk","1","--expect-plan","sha256:…"],"frames":[75,150],"index":1,"inputs":[…],"kind":"chunk","libav":"libavformat 59.27.100, …","output":"out.mp4.chunks/chunk-0001.mp4","plan":"sha256:…","vedl":"0.1.0"}
/// ```
///
/// `vedl render --chunks N --plan` writes `N` `chunk` lines and one `assemble` line;
/// `vedl batch --plan` writes `row` lines (``BatchPlanLine``, whose members this reads).
public struct PlanLine: Codable, Sendable, Hashable {
  /// `chunk`, `assemble` or `row`.
  public var kind: String
  /// The line's 0-based number in a chunked render's plan (`nil` for a row).
  public var index: Int?
  /// A chunk's timeline frames `[first, end)`.
  public var frames: [Int64]?
  /// The plan's hash: equal on every line of a chunked render's plan; a row's fingerprint.
  public var plan: String?
  /// The command that runs the job (`vedl job` runs it in-process).
  public var argv: [String]
  /// The file the job makes, as the planner named it (relative to the working folder).
  public var output: String?
  /// The planner's vedl and libav versions: a worker with others refuses the job.
  public var vedl: String?
  public var libav: String?
  /// The script and every input with its digest when planned: what the job checks first, to
  /// name the file that changed.
  public var inputs: [Input]?

  /// A file the plan read, and its SHA-256.
  public struct Input: Codable, Sendable, Hashable {
    public var path: String
    public var sha256: String
  }

  /// The line as printed: one JSON object, keys sorted, no line break.
  public var text: String { JSONOutput(.line).text(of: self) }

  // MARK: Chunked renders

  /// The lines of `plan`: `chunkCount` chunk lines, then the assemble line. `script` and
  /// `output` are the paths as the user wrote them, `options` the render's other arguments
  /// (`--backend`, `--quality`, `--set`) in their order.
  public static func lines(
    for plan: ChunkPlan, script: String, output: String, options: [String], vedl: String
  ) -> [PlanLine] {
    let base = ["vedl", "render", script, "-o", output] + options + ["--chunks", String(plan.ranges.count)]
    let inputs = ([plan.fingerprint.script] + plan.fingerprint.inputs).map {
      Input(path: $0.path, sha256: $0.sha256)
    }
    let ext = (output as NSString).pathExtension
    var lines = plan.ranges.enumerated().map { index, range in
      PlanLine(
        kind: "chunk", index: index, frames: [range.lowerBound, range.upperBound], plan: plan.hash,
        argv: base + ["--chunk", String(index), "--expect-plan", plan.hash],
        output: (ChunkPlan.folder(of: output) as NSString).appendingPathComponent(
          ChunkPlan.chunkName(index, ext: ext)),
        vedl: vedl, libav: plan.libav, inputs: inputs)
    }
    lines.append(
      PlanLine(
        kind: "assemble", index: plan.ranges.count, frames: nil, plan: plan.hash,
        argv: base + ["--assemble", "--expect-plan", plan.hash], output: output, vedl: vedl, libav: plan.libav,
        inputs: inputs))
    return lines
  }

  // MARK: Running

  /// Refuses the job (`RenderError.versionMismatch`, `.planChanged`) when the worker's
  /// versions differ from the planner's, or when the script or an input listed in the line
  /// has other contents now (checked before anything else, to name the file); a relative
  /// path (the script's) is resolved with `resolve`, against the working folder.
  public func verify(
    vedl workerVedl: String, libav workerLibav: String, resolve: (String) -> String = { $0 }
  ) throws(RenderError) {
    var planned: [String] = []
    var worker: [String] = []
    if let vedl, vedl != workerVedl {
      planned.append("vedl \(vedl)")
      worker.append("vedl \(workerVedl)")
    }
    if let libav, libav != workerLibav {
      // Only the libraries that differ, to keep the message short.
      let mine = Set(workerLibav.components(separatedBy: ", "))
      let theirs = Set(libav.components(separatedBy: ", "))
      planned.append(libav.components(separatedBy: ", ").filter { !mine.contains($0) }.joined(separator: ", "))
      worker.append(workerLibav.components(separatedBy: ", ").filter { !theirs.contains($0) }.joined(separator: ", "))
    }
    if !planned.isEmpty {
      throw .versionMismatch(planned: planned.joined(separator: " and "), worker: worker.joined(separator: " and "))
    }
    var changes: [String] = []
    for input in inputs ?? [] {
      let path = resolve(input.path)
      guard FileManager.default.fileExists(atPath: path) else {
        changes.append("\"\(input.path)\" is gone")
        continue
      }
      let digest: String?
      do throws(RenderError) {
        digest = try FileDigest.sha256(ofFileAt: path, cancellation: nil)
      } catch {
        changes.append("\"\(input.path)\" cannot be read")
        continue
      }
      if digest != input.sha256 { changes.append("\"\(input.path)\" changed") }
    }
    if !changes.isEmpty { throw .planChanged(plan: plan ?? "?", changes: changes) }
  }

  /// Whether the job's output is done, as `vedl job --status` reports it.
  public enum Status: String, Sendable, Hashable {
    /// The output exists and was made for this plan.
    case done
    /// The output does not exist.
    case missing
    /// The output exists but was made for another plan (or by hand).
    case stale
  }

  /// The status of the job, its output resolved with `resolve` (the working folder).
  public func status(resolve: (String) -> String) -> Status {
    guard let output else { return .missing }
    let path = resolve(output)
    guard FileManager.default.fileExists(atPath: path) else { return .missing }
    let metadata = path + ".json"
    let (recordedPlan, chunk) = RenderMetadata.recordedPlan(at: metadata)
    let recorded = recordedPlan ?? RenderMetadata.recordedFingerprint(at: metadata)
    guard recorded != nil, recorded == plan else { return .stale }
    // Chunk 0 is done with the sound file beside it.
    if let sound = chunk?.sound,
      !FileManager.default.fileExists(
        atPath: ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(sound))
    {
      return .missing
    }
    return .done
  }

  // MARK: Reading plans

  /// The lines of the plan file at `path` (empty lines skipped).
  public static func read(_ path: String, displayed: String) throws(RenderError) -> [PlanLine] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .invalidPlan(path: displayed, reason: "the file cannot be read")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw .invalidPlan(path: displayed, reason: "the file is not UTF-8 text")
    }
    var lines: [PlanLine] = []
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty { continue }
      guard let parsed = try? JSONDecoder().decode(PlanLine.self, from: Data(trimmed.utf8)) else {
        throw .invalidPlan(
          path: displayed, reason: "line \(number + 1) is not a plan line (a JSON object with `kind` and `argv`)")
      }
      lines.append(parsed)
    }
    return lines
  }

  /// The environment variables a job index is taken from, in order: VEDL's own, then those
  /// Slurm job arrays, Kubernetes Indexed Jobs and AWS Batch array jobs set.
  public static let indexVariables = [
    "VEDL_JOB_INDEX", "SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX",
  ]

  /// The job index: `explicit` (`--index`), else the first of `indexVariables` set in
  /// `environment`; `nil` with the reason when there is none or it is not a whole number.
  public static func jobIndex(explicit: String?, environment: [String: String]) -> Result<Int, RenderError> {
    let source: (text: String, from: String)
    if let explicit {
      source = (explicit, "--index")
    } else if let name = indexVariables.first(where: { environment[$0].map { !$0.isEmpty } ?? false }) {
      source = (environment[name]!, name)
    } else {
      return .failure(
        .invalidPlan(
          path: "", reason: "no job index: give `--index I` or set one of \(indexVariables.joined(separator: ", "))"))
    }
    guard let index = Int(source.text.trimmingCharacters(in: .whitespaces)), index >= 0 else {
      return .failure(.invalidPlan(path: "", reason: "\(source.from) is `\(source.text)`, not a job index"))
    }
    return .success(index)
  }
}
