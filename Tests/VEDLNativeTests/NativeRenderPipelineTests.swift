import Foundation
import Testing
import VEDLLowering
import VEDLMedia
import VEDLNativeAudio
import VEDLRaster
import VEDLSema
import VEDLTestSupport
import VEDLTime

@testable import VEDLNative

/// The encoding pipeline on its own, fed with synthetic pictures and sound (no timeline): frame
/// order and timestamps, the bound between the threads, cancellation and errors, the sound's
/// length, colour conversion and tags, scaling, and every output format.
@Suite struct NativeRenderPipelineTests {
  /// A grey picture of the frame-index pattern for `index`, `width` × `height` (the pattern
  /// in the top-left 64×48).
  static func indexPicture(_ index: Int64, width: Int = FrameIndex.width, height: Int = FrameIndex.height)
    -> RGBAImage
  {
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    for y in 0..<height {
      for x in 0..<width {
        let level = x < FrameIndex.width && y < FrameIndex.height ? FrameIndex.level(index: Int(index), x: x, y: y) : 0
        let p = (y * width + x) * 4
        (pixels[p], pixels[p + 1], pixels[p + 2]) = (level, level, level)
      }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  static func pipeline(
    _ path: String, format: Export.Format = .mp4, quality: QualityPreset.Name = .high, rate: Int64 = 30,
    size: (Int, Int) = (FrameIndex.width, FrameIndex.height), frames: Range<Int64>, capacity: Int = 4
  ) -> NativePipeline {
    pipeline(path, format: format, quality: quality, rate: rate, size: size, frames: Array(frames), capacity: capacity)
  }

  static func pipeline(
    _ path: String, format: Export.Format = .mp4, quality: QualityPreset.Name = .high, rate: Int64 = 30,
    size: (Int, Int) = (FrameIndex.width, FrameIndex.height), frames: [Int64], capacity: Int = 4
  ) -> NativePipeline {
    let encoding = NativeHarness.encoding(format, quality: quality)
    let output = encoding.preset.outputSize(canvasWidth: Int64(size.0), canvasHeight: Int64(size.1))
    return NativePipeline(
      path: path, encoding: encoding, grid: FrameGrid(rate: FrameRate(framesPerSecond: rate)!), sourceWidth: size.0,
      sourceHeight: size.1, output: (Int(output.width), Int(output.height)), frames: frames, queueCapacity: capacity)
  }

  /// `ffprobe`'s view of the first video stream and its packets.
  static func probe(_ path: String, _ entries: String) throws -> String {
    let result = try FFmpegCLI.run(
      ["-v", "error", "-select_streams", "v:0", "-show_entries", entries, "-of", "csv=p=0", path],
      executable: "/usr/bin/ffprobe")
    return String(decoding: result.stdout, as: UTF8.self)
  }

  @Test func picturesArriveInOrderOnTheCanvasGrid() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/order.mp4"
    var reported: [Int64] = []

    let summary = try Self.pipeline(path, rate: 25, frames: 0..<50).run(
      sound: nil, cancellation: nil, progress: { reported.append($0.videoFrames) }
    ) { index throws(NativePipelineError) in Self.indexPicture(index) }

    #expect(summary.videoFrames == 50)
    #expect(summary.audioSamples == 0)
    #expect(reported == Array(1...50))
    let frames = try FFmpegCLI.grayFrames(path, width: FrameIndex.width, height: FrameIndex.height)
    #expect(frames.map { FrameIndex.read($0) } == Array(0..<50))
    // Stream time base and rate as the FFmpeg backend writes them; pts 0…49 in frames.
    #expect(try Self.probe(path, "stream=r_frame_rate,avg_frame_rate,nb_frames") == "25/1,25/1,50\n")
    let times = try Self.probe(path, "frame=pts_time").split(separator: "\n").compactMap {
      Double($0.split(separator: ",").first ?? "")
    }
    #expect(times.count == 50)
    #expect(times.enumerated().allSatisfy { abs($0.element - Double($0.offset) / 25) < 1e-6 })
  }

  @Test func stillFrameAloneCanBeEncoded() throws {
    // A range that does not start at 0 (a still of frame 17) is numbered from 0 in the file.
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/still.png"

    let summary = try Self.pipeline(path, format: .png, frames: 17..<18).run(
      sound: nil, cancellation: nil, progress: nil
    ) { index throws(NativePipelineError) in Self.indexPicture(index) }

    #expect(summary.videoFrames == 1)
    #expect(summary.colorMatrix == nil)
    let info = try MediaProbe.probe(path: path, options: .countFrames)
    #expect(info.isStillImage)
    #expect(info.primaryVideo?.video?.pixelFormat == "rgb24")
    // PNG is lossless: the picture drawn is the picture written.
    let rgb = try FFmpegCLI.rgbFrames(path, width: FrameIndex.width, height: FrameIndex.height)
    #expect(rgb.count == 1)
    let expected = Self.indexPicture(17).pixels.enumerated().filter { $0.offset % 4 != 3 }.map(\.element)
    #expect(rgb.first == expected)
  }

  @Test func theQueueBoundsThePicturesInFlight() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let drawn = Counter()

    let summary = try Self.pipeline(folder + "/bounded.mp4", frames: 0..<120, capacity: 2).run(
      sound: nil, cancellation: nil,
      progress: { report in
        // The compositor can be at most the queue's capacity (+ the picture it is drawing
        // and the one being encoded) ahead of the encoder.
        #expect(drawn.value <= report.videoFrames + 2 + 1)
      }
    ) { index throws(NativePipelineError) in
      drawn.increment()
      return Self.indexPicture(index)
    }

    #expect(summary.videoFrames == 120)
    #expect(summary.queuePeak >= 1 && summary.queuePeak <= 2)
  }

  @Test func frameQueueBlocksWhenFullAndAbandonReleasesTheProducer() throws {
    let queue = NativePipelineFrameQueue(capacity: 3)
    let produced = Counter()
    let done = DispatchSemaphore(value: 0)
    Thread {
      for index in 0..<10 {
        guard queue.put(.picture(index: Int64(index), image: RGBAImage(width: 1, height: 1))) else { break }
        produced.increment()
      }
      queue.finish()
      done.signal()
    }.start()
    // The producer fills the queue and blocks.
    let deadline = Date().addingTimeInterval(5)
    while produced.value < 3 && Date() < deadline { usleep(1000) }
    usleep(50_000)
    #expect(produced.value == 3)
    #expect(queue.highWaterMark == 3)
    // Taking one lets one more in, in order.
    guard case .picture(let first, _) = queue.take() else {
      Issue.record("expected a picture")
      return
    }
    #expect(first == 0)
    while produced.value < 4 && Date() < deadline { usleep(1000) }
    #expect(produced.value == 4)
    // Abandoning wakes the blocked producer, which stops.
    queue.abandon()
    #expect(done.wait(timeout: .now() + 5) == .success)
    #expect(produced.value == 4)
    #expect(queue.take() == nil)
  }

  @Test func cancellationStopsBothThreads() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let flag = CancellationFlag()
    let drawn = Counter()

    #expect(throws: NativePipelineError.cancelled) {
      try Self.pipeline(folder + "/cancelled.mp4", frames: 0..<3000).run(
        sound: nil, cancellation: flag, progress: { if $0.videoFrames == 5 { flag.cancel() } }
      ) { index throws(NativePipelineError) in
        drawn.increment()
        return Self.indexPicture(index)
      }
    }
    // The compositing thread has stopped (run waited for it) a few pictures later.
    let stopped = drawn.value
    usleep(100_000)
    #expect(drawn.value == stopped)
    #expect(stopped <= 5 + 4 + 2)
  }

  @Test func aDrawingErrorStopsTheRenderWithThatError() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let failure = NativePipelineError.picture(NativeRenderError("cannot decode `a.mp4`", path: "/media/a.mp4"))
    var encoded: Int64 = 0

    #expect(throws: failure) {
      try Self.pipeline(folder + "/failed.mp4", frames: 0..<100).run(
        sound: nil, cancellation: nil, progress: { encoded = $0.videoFrames }
      ) { index throws(NativePipelineError) in
        if index == 7 { throw failure }
        return Self.indexPicture(index)
      }
    }
    #expect(encoded == 7)
  }

  @Test func soundIsInterleavedAndLastsExactlyTheEdit() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/sound.mp4"
    // 45 frames at 30 fps = 1.5 s = 72 000 samples; the source ends after 1 s and is
    // padded with silence.
    var produced: Int64 = 0
    let sound = NativePipelineSound(totalSamples: 72_000) { count throws(NativePipelineError) -> StereoChunk? in
      guard produced < 48_000 else { return nil }
      let n = min(count, Int(48_000 - produced))
      let values = (0..<n).map { Float(sin(2 * Double.pi * 440 * Double(produced + Int64($0)) / 48_000) * 0.5) }
      produced += Int64(n)
      return StereoChunk(left: values, right: values)
    }
    var deliveredAtFrame: [Int64] = []

    let summary = try Self.pipeline(path, frames: 0..<45).run(
      sound: sound, cancellation: nil, progress: { _ in deliveredAtFrame.append(sound.delivered) }
    ) { index throws(NativePipelineError) in Self.indexPicture(index) }

    #expect(summary.audioSamples == 72_000)
    // After frame n the sound reaches the end of frame n: 1600 samples a frame.
    #expect(deliveredAtFrame == (1...45).map { Int64($0) * 1600 })
    let info = try MediaProbe.probe(path: path)
    #expect(info.primaryAudio?.codecName == "aac")
    #expect(info.primaryAudio?.audio?.sampleRate == 48_000)
    #expect(info.primaryAudio?.audio?.channels == 2)
    // The container says 1.5 s exactly; decoders give AAC's whole last frame (as for the
    // FFmpeg backend's files).
    let duration = try FFmpegCLI.run(
      ["-v", "error", "-select_streams", "a:0", "-show_entries", "stream=duration", "-of", "csv=p=0", path],
      executable: "/usr/bin/ffprobe")
    #expect(String(decoding: duration.stdout, as: UTF8.self) == "1.500000\n")
    let decoded = try FFmpegCLI.samples(path)
    #expect(decoded.count / 2 >= 72_000 && decoded.count / 2 < 72_000 + 1024)
    let loudFirstSecond = decoded[2000..<94_000].map { abs($0) }.max() ?? 0
    let lastHalfSecond = decoded[(2 * 49_000)...].map { abs($0) }.max() ?? 1
    #expect(loudFirstSecond > 0.4)
    #expect(lastHalfSecond < 0.05)
  }

  @Test(arguments: [(160, 90, "smpte170m", 81), (1280, 720, "bt709", 63)])
  func colourIsConvertedWithTheMatrixItIsTaggedWith(_ width: Int, _ height: Int, _ tag: String, _ redLuma: Int) throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/red.mp4"
    let red = RGBAImage(width: width, height: height, fill: PremultipliedColor(straightRGBA: 0xFF00_00FF))

    let summary = try Self.pipeline(path, size: (width, height), frames: 0..<2).run(
      sound: nil, cancellation: nil, progress: nil
    ) { _ throws(NativePipelineError) in red }

    #expect(summary.colorMatrix == NativeEncodingColorMatrix.forPicture(width: width, height: height))
    #expect(try Self.probe(path, "stream=color_range,color_space,color_primaries") == "tv,\(tag),\(tag)\n")
    // Y′ of pure red: 16 + 219 × 0.299 (BT.601) or × 0.2126 (BT.709).
    let luma = try FFmpegCLI.lumaPlanes(path, width: width, height: height)
    #expect(luma.count == 2)
    #expect(abs(Int(luma[0][width * height / 2 + width / 2]) - redLuma) <= 1)
    // A player honouring the tags shows red again.
    let rgb = try FFmpegCLI.rgbFrames(path, width: width, height: height)
    let centre = (width * height / 2 + width / 2) * 3
    #expect(rgb[0][centre] >= 250 && rgb[0][centre + 1] <= 4 && rgb[0][centre + 2] <= 4)
  }

  @Test func mediumQualityScalesTheCanvasDown() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/medium.mp4"
    // 1600×900 → 1280×720 (the medium row's 1280 limit): left half white, right half black.
    var pixels = [UInt8](repeating: 0, count: 1600 * 900 * 4)
    for y in 0..<900 {
      for x in 0..<1600 {
        let p = (y * 1600 + x) * 4
        let level: UInt8 = x < 800 ? 255 : 0
        (pixels[p], pixels[p + 1], pixels[p + 2], pixels[p + 3]) = (level, level, level, 255)
      }
    }
    let picture = RGBAImage(width: 1600, height: 900, pixels: pixels)

    let summary = try Self.pipeline(path, quality: .medium, size: (1600, 900), frames: 0..<2).run(
      sound: nil, cancellation: nil, progress: nil
    ) { _ throws(NativePipelineError) in picture }

    #expect(summary.width == 1280 && summary.height == 720)
    #expect(try Self.probe(path, "stream=width,height,sample_aspect_ratio") == "1280,720,1:1\n")
    let luma = try FFmpegCLI.grayFrames(path, width: 1280, height: 720)
    #expect(luma[0][360 * 1280 + 320] > 230)
    #expect(luma[0][360 * 1280 + 960] < 25)
  }

  @Test func webmIsVP9AndOpus() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/out.webm"
    let sound = NativePipelineSound(totalSamples: 48_000) { count throws(NativePipelineError) in
      StereoChunk(silence: count)
    }

    let summary = try Self.pipeline(path, format: .webm, frames: 0..<30).run(
      sound: sound, cancellation: nil, progress: nil
    ) { index throws(NativePipelineError) in Self.indexPicture(index) }

    #expect(summary.audioSamples == 48_000)
    let info = try MediaProbe.probe(path: path, options: .countFrames)
    #expect(info.primaryVideo?.codecName == "vp9")
    #expect(info.primaryVideo?.video?.frameCount == 30)
    #expect(info.primaryAudio?.codecName == "opus")
    let frames = try FFmpegCLI.grayFrames(path, width: FrameIndex.width, height: FrameIndex.height)
    #expect(frames.map { FrameIndex.read($0) } == Array(0..<30))
  }

  @Test func missingEncoderAndUnwritableOutputAreReported() throws {
    #expect(throws: NativePipelineError.encoderUnavailable(name: "vedl-no-such-encoder")) {
      try NativeEncodingEncoder.codec(named: "vedl-no-such-encoder")
    }
    let error = try #require(throws: NativePipelineError.self) {
      try Self.pipeline("/nonexistent-vedl-folder/out.mp4", frames: 0..<3).run(
        sound: nil, cancellation: nil, progress: nil
      ) { index throws(NativePipelineError) in Self.indexPicture(index) }
    }
    guard case .unwritableOutput(let path, let reason) = error else {
      Issue.record("expected unwritableOutput, got \(error)")
      return
    }
    #expect(path == "/nonexistent-vedl-folder/out.mp4")
    #expect(reason.lowercased().contains("no such file"))
  }

  @Test func theColourRuleSwitchesAt720Lines() {
    #expect(NativeEncodingColorMatrix.forPicture(width: 640, height: 360) == .bt601)
    #expect(NativeEncodingColorMatrix.forPicture(width: 854, height: 480) == .bt601)
    #expect(NativeEncodingColorMatrix.forPicture(width: 720, height: 576) == .bt601)
    #expect(NativeEncodingColorMatrix.forPicture(width: 1280, height: 720) == .bt709)
    #expect(NativeEncodingColorMatrix.forPicture(width: 1080, height: 1920) == .bt709)
    #expect(NativeEncodingColorMatrix.forPicture(width: 1080, height: 1080) == .bt709)
  }
}

/// A counter shared between threads.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count: Int64 = 0
  func increment() { lock.withLock { count += 1 } }
  var value: Int64 { lock.withLock { count } }
}
