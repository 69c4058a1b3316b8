import Foundation
import Testing
import VEDLRender
import VEDLTestSupport

@testable import VEDLCLI

/// Plans and `vedl job` (docs/scale-out.md): the plan's lines, jobs that run once and then
/// do nothing, the index from the scheduler's environment, refusals when the script, an input
/// or the worker's versions changed, an assembly that never writes a partial output, and
/// `vedl batch --plan` rows run the same way.
@Suite struct JobCommandTests {
  static let script = """
    canvas 64x36 fps: 10
    track main {
      clip video("media/a.mp4") duration: 2s
    }
    export "out.mp4" quality: low
    """

  static func workspace() throws -> URL {
    let folder = TestFolder.fresh()
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("media"), withIntermediateDirectories: true)
    try makeClip(folder.appendingPathComponent("media/a.mp4").path, tone: 440)
    _ = write(script, "t.vedl", in: folder)
    return folder
  }

  static func makeClip(_ path: String, tone: Int) throws {
    try ChunkedRenderTests.run(
      ChildProcess.ffmpeg,
      [
        "-y", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=64x36:rate=10:duration=3", "-f", "lavfi", "-i",
        "sine=frequency=\(tone):duration=3", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a",
        "aac", "-shortest", path,
      ])
  }

  /// The plan's lines.
  static func plan(_ folder: URL, chunks: Int = 3) throws -> [PlanLine] {
    let made = vedl(["render", "t.vedl", "-o", "out.mp4", "--chunks", "\(chunks)", "--plan"], in: folder.path)
    #expect(made.status == 0, "\(made.stderr)")
    _ = write(made.stdout, "plan.jsonl", in: folder)
    return try made.stdout.split(separator: "\n").map {
      try JSONDecoder().decode(PlanLine.self, from: Data($0.utf8))
    }
  }

  /// The render metadata (`OUT.json`) beside `output`.
  static func metadata(_ output: String) throws -> RenderMetadata.Document {
    try JSONDecoder().decode(
      RenderMetadata.Document.self, from: Data(contentsOf: URL(fileURLWithPath: output + ".json")))
  }

  static func job(_ folder: URL, _ index: Int, environment: [String: String] = [:]) -> (
    status: Int32, stdout: String, stderr: String
  ) {
    vedl(["job", "plan.jsonl", "--index", "\(index)"], in: folder.path, environment: environment)
  }

  static func status(_ folder: URL) -> [String] {
    vedl(["job", "plan.jsonl", "--status"], in: folder.path).stdout.split(separator: "\n").map {
      String($0.split(separator: "\t")[2])
    }
  }

  @Test func thePlanHasOneLinePerChunkThenTheAssembly() throws {
    let folder = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    let lines = try Self.plan(folder)
    #expect(lines.count == 4)
    #expect(lines.map(\.kind) == ["chunk", "chunk", "chunk", "assemble"])
    #expect(lines.map(\.index) == [0, 1, 2, 3])
    let frames = lines.prefix(3).compactMap(\.frames)
    // Consecutive, covering the 20 frames, none empty.
    #expect(frames.first?.first == 0 && frames.last?.last == 20)
    #expect(zip(frames, frames.dropFirst()).allSatisfy { $0[1] == $1[0] })
    #expect(frames.allSatisfy { $0[0] < $0[1] })
    let plans = Set(lines.compactMap(\.plan))
    #expect(plans.count == 1 && plans.first?.hasPrefix("sha256:") == true)
    for line in lines {
      #expect(line.argv.prefix(5) == ["vedl", "render", "t.vedl", "-o", "out.mp4"])
      #expect(line.vedl == VEDLCommandLine.version)
      #expect(line.libav?.contains("libavcodec") == true)
    }
    // Nothing was rendered.
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.mp4").path))
    #expect(Self.status(folder) == ["missing", "missing", "missing", "missing"])
  }

  @Test func jobsRunOnceTakeTheSchedulersIndexAndThenDoNothing() throws {
    let folder = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try Self.plan(folder)
    // Each scheduler's variable names the line.
    let environments = [
      ["SLURM_ARRAY_TASK_ID": "0"], ["JOB_COMPLETION_INDEX": "1"], ["AWS_BATCH_JOB_ARRAY_INDEX": "2"],
    ]
    for environment in environments {
      let run = vedl(["job", "plan.jsonl"], in: folder.path, environment: environment)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stdout.hasPrefix("rendered chunk"), "\(run.stdout)")
    }
    // VEDL's own variable comes first.
    let assemble = vedl(
      ["job", "plan.jsonl"], in: folder.path, environment: ["VEDL_JOB_INDEX": "3", "SLURM_ARRAY_TASK_ID": "0"])
    #expect(assemble.status == 0, "\(assemble.stderr)")
    #expect(assemble.stdout.hasPrefix("rendered out.mp4 (20 frames"), "\(assemble.stdout)")
    #expect(Self.status(folder) == ["done", "done", "done", "done"])

    // Retried jobs find their outputs done and leave them alone.
    let output = folder.appendingPathComponent("out.mp4").path
    let before = try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date
    for index in 0..<4 {
      let again = Self.job(folder, index)
      #expect(again.status == 0, "\(again.stderr)")
      #expect(again.stdout.contains("nothing to do"), "\(again.stdout)")
    }
    #expect(try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date == before)
    let metadata = try Self.metadata(output)
    #expect(metadata.plan != nil && metadata.frameCount == 20)
  }

  @Test func theAssemblyNamesMissingChunksAndWritesNothing() throws {
    let folder = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try Self.plan(folder)
    #expect(Self.job(folder, 0).status == 0)
    #expect(Self.job(folder, 2).status == 0)
    let assemble = Self.job(folder, 3)
    #expect(assemble.status == 1)
    #expect(assemble.stderr.contains("error[E0822]"), "\(assemble.stderr)")
    #expect(assemble.stderr.contains("chunk 1 is missing"), "\(assemble.stderr)")
    #expect(!assemble.stderr.contains("chunk 0 is") && !assemble.stderr.contains("chunk 2 is"))
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(!names.contains { $0.hasPrefix("out.mp4") && $0 != "out.mp4.chunks" }, "\(names)")
    #expect(!names.contains { $0.contains(".vedl-tmp-") })
    #expect(Self.status(folder) == ["done", "missing", "done", "missing"])
  }

  @Test func aJobRefusesAChangedInputOrScript() throws {
    let folder = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try Self.plan(folder)
    #expect(Self.job(folder, 0).status == 0)
    // Another clip under the same name.
    try Self.makeClip(folder.appendingPathComponent("media/a.mp4").path, tone: 880)
    let refused = Self.job(folder, 1)
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("error[E0820]"), "\(refused.stderr)")
    #expect(refused.stderr.contains("media/a.mp4\" changed"), "\(refused.stderr)")
    #expect(
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.mp4.chunks/chunk-0001.mp4").path))

    // A render run straight from a line's argv refuses too (its `--expect-plan`).
    let lines = try Self.plan(folder)  // the new plan…
    _ = write(Self.script.replacingOccurrences(of: "2s", with: "1s"), "t.vedl", in: folder)  // …then the script changes
    let direct = vedl(Array(lines[0].argv.dropFirst()), in: folder.path)
    #expect(direct.status == 1)
    #expect(direct.stderr.contains("error[E0820]"), "\(direct.stderr)")
    #expect(Self.job(folder, 0).stderr.contains("\"t.vedl\" changed"))
  }

  @Test func aChunkOfAnotherPlanIsStale() throws {
    let folder = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try Self.plan(folder)
    #expect(Self.job(folder, 0).status == 0)
    _ = write(Self.script.replacingOccurrences(of: "quality: low", with: "quality: medium"), "t.vedl", in: folder)
    _ = try Self.plan(folder)
    #expect(Self.status(folder) == ["stale", "missing", "missing", "missing"])
    let assemble = Self.job(folder, 3)
    #expect(assemble.stderr.contains("chunk 0 is stale"), "\(assemble.stderr)")
    // Running the job again replaces the stale chunk.
    #expect(Self.job(folder, 0).stdout.hasPrefix("rendered chunk 0"))
    #expect(Self.status(folder).first == "done")
  }

  @Test func aWorkerWithOtherVersionsRefuses() throws {
    let folder = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try Self.plan(folder)
    let vedlVersion = Self.job(folder, 0, environment: ["VEDL_WORKER_VERSION": "99.0.0"])
    #expect(vedlVersion.status == 1)
    #expect(vedlVersion.stderr.contains("error[E0821]: this worker runs vedl 99.0.0"), "\(vedlVersion.stderr)")
    let libav = Self.job(
      folder, 0, environment: ["VEDL_WORKER_LIBAV": "libavformat 61.1.100, libavcodec 61.3.100"])
    #expect(libav.status == 1)
    #expect(libav.stderr.contains("error[E0821]"), "\(libav.stderr)")
    #expect(Self.status(folder) == ["missing", "missing", "missing", "missing"])
  }

  @Test func aBadPlanOrIndexIsRefused() throws {
    let folder = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try Self.plan(folder)
    let past = Self.job(folder, 4)
    #expect(past.status == 1)
    #expect(past.stderr.contains("error[E0823]"), "\(past.stderr)")
    let none = vedl(["job", "plan.jsonl"], in: folder.path)
    #expect(none.status == 1 && none.stderr.contains("no job index"), "\(none.stderr)")
    _ = write("not json\n", "bad.jsonl", in: folder)
    let bad = vedl(["job", "bad.jsonl", "--index", "0"], in: folder.path)
    #expect(bad.status == 1 && bad.stderr.contains("line 1 is not a plan line"), "\(bad.stderr)")
    let tooMany = vedl(["render", "t.vedl", "-o", "x.mp4", "--chunks", "21", "--plan"], in: folder.path)
    #expect(tooMany.status == 1 && tooMany.stderr.contains("21 chunks asked of an edit of 20 frames"))
  }

  @Test func batchPlanRowsRunAsJobs() throws {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = write(BatchCommandTests.template, "t.vedl", in: folder)
    _ = write("title,hold\nFirst,400ms\nSecond,300ms\n", "rows.csv", in: folder)
    let plan = vedl(["batch", "t.vedl", "--data", "rows.csv", "--out-dir", "out", "--plan"], in: folder.path)
    #expect(plan.status == 0, "\(plan.stderr)")
    _ = write(plan.stdout, "plan.jsonl", in: folder)
    let lines = try plan.stdout.split(separator: "\n").map {
      try JSONDecoder().decode(BatchPlanLine.self, from: Data($0.utf8))
    }
    #expect(lines.map(\.kind) == ["row", "row"])
    #expect(lines.allSatisfy { $0.plan?.hasPrefix("sha256:") == true })
    #expect(Self.status(folder) == ["missing", "missing"])
    for index in 0..<2 {
      let run = Self.job(folder, index)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stdout.hasPrefix("rendered out/"), "\(run.stdout)")
    }
    #expect(Self.status(folder) == ["done", "done"])
    // The plan is the row's fingerprint: what `OUT.json` records.
    let metadata = try Self.metadata(folder.appendingPathComponent(lines[0].output).path)
    #expect(metadata.hash == lines[0].plan)
    #expect(Self.job(folder, 0).stdout.contains("is up to date"))
    // A row whose script changed refuses rather than render something else.
    _ = write(BatchCommandTests.template.replacingOccurrences(of: "size: 10", with: "size: 11"), "t.vedl", in: folder)
    let refused = Self.job(folder, 1)
    #expect(refused.status == 1 && refused.stderr.contains("error[E0820]"), "\(refused.stderr)")
  }
}
