import Foundation
import VEDLLowering
import VEDLMedia
import VEDLNative
import VEDLSema
import VEDLTime

/// One edit rendered as `chunkCount` chunks of consecutive frames, then assembled
/// (docs/scale-out.md): `vedl render --chunks N`, and the jobs of its `--plan`.
///
/// - Each chunk is video only: the export's encoders over timeline frames `[first, end)`,
///   numbered from 0 in its own file, so it starts on a key frame and refers to nothing
///   outside itself. Both backends render exactly the single render's frames
///   (`RenderPlan.videoChunk`, `NativeRenderer.render(frames:to:)`).
/// - Chunk 0 also renders the whole edit's sound alone, encoded once (per-chunk AAC would
///   leave a gap and a click at every seam).
/// - Assembling copies the packets into the output (`ChunkAssembler`), with the single
///   render's timestamps, then checks the result as a single render is checked.
///
/// Chunks live in `OUT.chunks/` beside the output, each with a `.json` metadata file that
/// records the plan hash: a chunk whose file exists with the plan's hash is done, and its
/// job does nothing. Every file is written through a temporary file and renamed.
public struct ChunkedRender: Sendable {
  /// The checked timeline.
  public var timeline: Timeline
  /// The assembled file.
  public var target: RenderTarget
  /// The render's settings; `expectedPlan` makes every job refuse another plan.
  public var settings: RenderSettings
  /// How many chunks.
  public var chunkCount: Int

  /// A chunked render; every property is documented above.
  public init(timeline: Timeline, target: RenderTarget, settings: RenderSettings, chunkCount: Int) {
    self.timeline = timeline
    self.target = target
    self.settings = settings
    self.chunkCount = chunkCount
  }

  /// The plan: the chunks' frames and files, and the hash every job checks.
  ///
  /// - Throws: `RenderError.invalidPlan` when the edit has fewer frames than chunks or is a
  ///   still; `.planChanged` when `settings.expectedPlan` differs from the hash.
  public func plan(cancellation: CancellationFlag? = nil) throws(RenderError) -> ChunkPlan {
    let job = try JobPlan(timeline: timeline, target: target, settings: settings)
    guard target.format != .png else {
      throw .invalidPlan(path: target.path, reason: "a still (.png) cannot be rendered in chunks")
    }
    guard chunkCount >= 1, Int64(chunkCount) <= job.frameCount else {
      throw .invalidPlan(
        path: target.path, reason: "\(chunkCount) chunks asked of an edit of \(job.frameCount) frames")
    }
    let ranges = Self.ranges(frameCount: job.frameCount, chunks: chunkCount)
    let libav = LibavVersion.description
    let command =
      job.recipe + ["chunks \(chunkCount)"] + ranges.map { "frames \($0.lowerBound) \($0.upperBound)" } + [
        "libav \(libav)"
      ]
    let inputs = RenderJob(timeline: timeline, target: target, settings: settings).inputPaths(plan: job)
    guard
      let fingerprint = try RenderFingerprint.compute(
        settings: settings, command: command, inputPaths: inputs,
        known: RenderMetadata.recordedInputs(at: target.metadataPath), cancellation: cancellation)
    else { throw .media(.cancelled, output: target.path) }
    let plan = ChunkPlan(
      hash: fingerprint.value, ranges: ranges, output: target.path, format: target.format, job: job,
      fingerprint: fingerprint, libav: libav)
    if let expected = settings.expectedPlan, expected != plan.hash {
      throw .planChanged(plan: expected, changes: ["the script, an input or the render's settings changed"])
    }
    return plan
  }

  /// `chunks` ranges of consecutive frames covering `0..<frameCount`, as even as whole
  /// frames allow.
  static func ranges(frameCount: Int64, chunks: Int) -> [Range<Int64>] {
    let n = Int64(chunks)
    return (0..<n).map { i in (i * frameCount / n)..<((i + 1) * frameCount / n) }
  }

  // MARK: Jobs

  /// Renders chunk `index` of `plan` (and, for chunk 0, the sound) unless it is done.
  public func renderChunk(
    _ index: Int, of plan: ChunkPlan, cancellation: CancellationFlag? = nil,
    progress: ((RenderProgress) -> Void)? = nil, waiting: (() -> Void)? = nil
  ) throws(RenderError) -> RenderOutcome.Status {
    let path = plan.chunkPaths[index]
    let range = plan.ranges[index]
    let files = OutputFiles()
    defer { files.removeTemporaries() }
    try files.prepareFolder(for: path)
    let lock = try OutputLock.acquire(for: path, files: files, cancellation: cancellation, waiting: waiting)
    defer { lock.release() }
    if !settings.force, plan.problem(ofChunk: index) == nil { return .upToDate }

    let temporary = try files.temporaryPath(for: path)
    switch plan.job.ffmpeg {
    case .some:
      // Lowered again for the chunk's frames: what no frame of it shows is left out.
      let ffmpeg = try RenderPlan(timeline: timeline, target: target, settings: settings, window: range)
      do {
        _ = try ffmpeg.videoChunk(frames: range).runner(writingTo: temporary).run(
          cancellation: cancellation, progress: progress)
      } catch {
        throw .media(error, output: path)
      }
    case .none:
      do {
        _ = try nativeRenderer(plan).render(
          frames: range, to: temporary, cancellation: cancellation, progress: progress)
      } catch {
        throw RenderJob.renderError(error, output: path, frameCount: Int64(range.count))
      }
    }
    let job = RenderJob(timeline: timeline, target: target, settings: settings)
    let measured = try job.measure(temporary, plan: plan.job)
    guard measured.frameCount == Int64(range.count) else {
      throw .frameCount(path: path, expected: Int64(range.count), actual: measured.frameCount)
    }

    var soundName: String?
    if index == 0 {
      let soundTemporary = try files.temporaryPath(for: plan.soundPath)
      if try renderSound(plan, to: soundTemporary, cancellation: cancellation) {
        try files.moveIntoPlace(soundTemporary, to: plan.soundPath)
        soundName = (plan.soundPath as NSString).lastPathComponent
      } else {
        try? FileManager.default.removeItem(atPath: plan.soundPath)
      }
    }
    if cancellation?.isCancelled == true { throw .media(.cancelled, output: path) }
    try files.moveIntoPlace(temporary, to: path)
    var metadata = plan.metadata(
      output: path, measured: measured, frameCount: Int64(range.count), settings: settings)
    metadata.chunk = RenderMetadata.Document.Chunk(index: index, frames: range, sound: soundName)
    try files.write(metadata.jsonText, to: path + ".json")
    return .rendered
  }

  /// Joins the chunks of `plan` into the output, unless it is done; refuses
  /// (`RenderError.chunksNotReady`), writing nothing, while any chunk is not done.
  public func assemble(
    _ plan: ChunkPlan, cancellation: CancellationFlag? = nil, waiting: (() -> Void)? = nil
  ) throws(RenderError) -> RenderOutcome {
    let problems = plan.chunkPaths.indices.compactMap { plan.problem(ofChunk: $0) }
    guard problems.isEmpty else { throw .chunksNotReady(output: target.path, problems: problems) }
    let job = RenderJob(timeline: timeline, target: target, settings: settings)
    try job.refuseOverwritingInputs(plan: plan.job)
    let files = OutputFiles()
    defer { files.removeTemporaries() }
    try files.prepareFolder(for: target.path)
    let lock = try OutputLock.acquire(for: target.path, files: files, cancellation: cancellation, waiting: waiting)
    defer { lock.release() }
    if !settings.force, job.outputsExist, RenderMetadata.recordedPlan(at: target.metadataPath).plan == plan.hash {
      return RenderOutcome(status: .upToDate, target: target, metadata: nil)
    }

    let temporary = try files.temporaryPath(for: target.path)
    let sound = RenderMetadata.recordedPlan(at: plan.chunkPaths[0] + ".json").chunk?.sound.map {
      ((plan.chunkPaths[0] as NSString).deletingLastPathComponent as NSString).appendingPathComponent($0)
    }
    let assembler = ChunkAssembler(
      chunks: zip(plan.chunkPaths, plan.ranges).map { ChunkAssembler.Chunk(path: $0, firstFrame: $1.lowerBound) },
      sound: sound, frameRate: plan.job.frameRate.framesPerSecond, output: temporary,
      formatName: RenderPlan.muxerName(target.format),
      muxerOptions: plan.job.encoding.muxerOptions.map { MediaOption($0.name, $0.value) })
    do {
      try assembler.run(cancellation: cancellation)
    } catch {
      throw .media(error, output: target.path)
    }
    let measured = try job.measure(temporary, plan: plan.job)
    try job.checkCompleteness(measured, plan: plan.job)
    for thumbnail in target.thumbnails {
      try job.writeThumbnail(thumbnail, from: temporary, files: files, cancellation: cancellation)
    }
    for sidecar in target.sidecars { try job.writeSidecar(sidecar, files: files) }
    if cancellation?.isCancelled == true { throw .media(.cancelled, output: target.path) }
    try files.moveIntoPlace(temporary, to: target.path)
    var metadata = plan.metadata(
      output: target.path, measured: measured, frameCount: measured.frameCount, settings: settings)
    metadata.thumbnails = target.thumbnails.map(\.path)
    metadata.sidecars = target.sidecars.map(\.path)
    try files.write(metadata.jsonText, to: target.metadataPath)
    return RenderOutcome(
      status: .rendered, target: target, metadata: metadata, loudnessShortfall: plan.job.ffmpeg?.loudnessShortfall)
  }

  /// Everything on this machine: the chunks, at most `concurrency` at once, then the
  /// assembly; the chunk folder is removed once the output is in place. An output already
  /// made for this plan is left alone.
  public func run(
    concurrency: Int, cancellation: CancellationFlag? = nil, progress: ((RenderProgress) -> Void)? = nil,
    waiting: (() -> Void)? = nil
  ) throws(RenderError) -> RenderOutcome {
    let plan = try plan(cancellation: cancellation)
    if !settings.force, RenderJob(timeline: timeline, target: target, settings: settings).outputsExist,
      RenderMetadata.recordedPlan(at: target.metadataPath).plan == plan.hash
    {
      return RenderOutcome(status: .upToDate, target: target, metadata: nil)
    }
    let stop = cancellation ?? CancellationFlag()
    let state = ChunkRunState(total: plan.job.frameCount, chunks: plan.ranges.count)
    let expected = Rational(plan.job.frameCount) * plan.job.frameRate.frameDuration
    let workers = max(1, min(concurrency, plan.ranges.count))
    let reporter = progress.map(SerialProgress.init)
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while let index = state.next(), !stop.isCancelled {
        do throws(RenderError) {
          _ = try renderChunk(
            index, of: plan, cancellation: stop,
            progress: reporter.map { reporter in
              { (chunkProgress: RenderProgress) in
                let done = state.update(chunk: index, frames: chunkProgress.videoFrames)
                reporter.report(
                  RenderProgress(
                    time: Rational(done) * plan.job.frameRate.frameDuration, expectedDuration: expected,
                    videoFrames: done))
              }
            })
        } catch {
          state.fail(error)
          stop.cancel()
        }
      }
    }
    if let error = state.failure { throw error }
    if stop.isCancelled { throw .media(.cancelled, output: target.path) }
    let outcome = try assemble(plan, cancellation: stop, waiting: waiting)
    try? FileManager.default.removeItem(atPath: plan.folder)
    return outcome
  }

  // MARK: Backends

  private func nativeRenderer(_ plan: ChunkPlan) -> NativeRenderer {
    NativeRenderer(
      timeline: timeline, export: target.export, encoding: plan.job.encoding, baseDirectory: settings.baseDirectory)
  }

  /// Renders the whole edit's sound into `path`; `false` when it has none.
  private func renderSound(
    _ plan: ChunkPlan, to path: String, cancellation: CancellationFlag?
  ) throws(RenderError) -> Bool {
    switch plan.job.ffmpeg {
    case .some(let ffmpeg):
      guard let sound = ffmpeg.soundOnly else { return false }
      do {
        _ = try sound.runner(writingTo: path).run(cancellation: cancellation)
      } catch {
        throw .media(error, output: plan.soundPath)
      }
      return true
    case .none:
      do {
        return try nativeRenderer(plan).renderSound(to: path, cancellation: cancellation)
      } catch {
        throw RenderJob.renderError(error, output: plan.soundPath, frameCount: plan.job.frameCount)
      }
    }
  }
}

/// The plan of a chunked render: the hash its jobs check, the chunks' frames and files.
public struct ChunkPlan: Sendable {
  /// `sha256:…` over the checked edit (the render's recipe), its inputs' digests, the
  /// chunking and the versions of vedl and libav.
  public var hash: String
  /// Each chunk's timeline frames.
  public var ranges: [Range<Int64>]
  /// The assembled file (absolute).
  public var output: String
  /// `OUT.chunks`, the folder of the chunks.
  public var folder: String
  /// Each chunk's file: `OUT.chunks/chunk-0000.EXT`.
  public var chunkPaths: [String]
  /// The whole edit's sound, written by chunk 0's job: `OUT.chunks/sound.EXT`.
  public var soundPath: String
  /// The libav versions the plan was made with (`LibavVersion.description`).
  public var libav: String
  /// The script and every input, with their digests when planned.
  public var fingerprint: RenderFingerprint
  var job: JobPlan

  init(
    hash: String, ranges: [Range<Int64>], output: String, format: Export.Format, job: JobPlan,
    fingerprint: RenderFingerprint, libav: String
  ) {
    self.hash = hash
    self.ranges = ranges
    self.output = output
    self.job = job
    self.fingerprint = fingerprint
    self.libav = libav
    folder = Self.folder(of: output)
    let ext = format.rawValue
    chunkPaths = ranges.indices.map { [folder] in
      (folder as NSString).appendingPathComponent(Self.chunkName($0, ext: ext))
    }
    soundPath = (folder as NSString).appendingPathComponent("sound.\(ext)")
  }

  /// The chunk folder of `output`.
  public static func folder(of output: String) -> String { output + ".chunks" }

  /// `chunk-0003.mp4`.
  public static func chunkName(_ index: Int, ext: String) -> String {
    "chunk-" + String(repeating: "0", count: max(0, 4 - String(index).count)) + String(index) + "." + ext
  }

  /// Why chunk `index` is not done, or `nil` when it is: its file and metadata exist and
  /// record this plan and this chunk's frames (and chunk 0's sound file exists).
  public func problem(ofChunk index: Int) -> ChunkProblem? {
    let path = chunkPaths[index]
    let recorded = RenderMetadata.recordedPlan(at: path + ".json")
    guard FileManager.default.fileExists(atPath: path), recorded.plan != nil || recorded.chunk != nil else {
      return ChunkProblem(index: index, kind: .missing, path: path)
    }
    let range = ranges[index]
    guard recorded.plan == hash, let chunk = recorded.chunk, chunk.index == index,
      chunk.frames == [range.lowerBound, range.upperBound]
    else { return ChunkProblem(index: index, kind: .stale, path: path) }
    if let sound = chunk.sound,
      !FileManager.default.fileExists(
        atPath: ((path as NSString).deletingLastPathComponent as NSString)
          .appendingPathComponent(sound))
    {
      return ChunkProblem(index: index, kind: .missing, path: path)
    }
    return nil
  }

  /// The metadata of a file made for this plan.
  func metadata(
    output: String, measured: RenderJob.Measurement, frameCount: Int64, settings: RenderSettings
  ) -> RenderMetadata {
    var metadata = RenderMetadata(
      fingerprint: hash, output: (output as NSString).lastPathComponent, format: (output as NSString).pathExtension,
      duration: Rational(frameCount) * job.frameRate.frameDuration, width: measured.width, height: measured.height,
      frameRate: job.frameRate.framesPerSecond, frameCount: measured.frameCount, videoCodec: measured.videoCodec,
      pixelFormat: measured.pixelFormat, audioCodec: measured.audioCodec, sampleRate: measured.sampleRate,
      channels: measured.channels, quality: job.encoding.preset.name.rawValue, backend: settings.backend.rawValue,
      toolVersion: settings.toolVersion, script: fingerprint.script, inputs: fingerprint.inputs,
      parameters: settings.parameters, thumbnails: [], sidecars: [])
    metadata.plan = hash
    return metadata
  }
}

/// The shared state of a local chunked run's workers.
private final class ChunkRunState: @unchecked Sendable {
  private let lock = NSLock()
  private var nextIndex = 0
  private let chunks: Int
  private var done: [Int: Int64] = [:]
  private(set) var failure: RenderError?

  init(total: Int64, chunks: Int) { self.chunks = chunks }

  /// The next chunk to render, or `nil` when all have been taken or one failed.
  func next() -> Int? {
    lock.withLock {
      guard failure == nil, nextIndex < chunks else { return nil }
      nextIndex += 1
      return nextIndex - 1
    }
  }

  /// Records chunk `chunk`'s progress; returns the frames done in all chunks.
  func update(chunk: Int, frames: Int64) -> Int64 {
    lock.withLock {
      done[chunk] = frames
      return done.values.reduce(0, +)
    }
  }

  func fail(_ error: RenderError) {
    lock.withLock { if failure == nil { failure = error } }
  }
}

/// A progress callback called from the workers of a local chunked run, one call at a time.
private final class SerialProgress: @unchecked Sendable {
  private let lock = NSLock()
  private let callback: (RenderProgress) -> Void

  init(_ callback: @escaping (RenderProgress) -> Void) { self.callback = callback }

  func report(_ progress: RenderProgress) { lock.withLock { callback(progress) } }
}
