import Foundation
import Testing
import VEDLLowering
import VEDLNative
import VEDLNativeAudio
import VEDLSema
import VEDLTestSupport
import VEDLTime

/// The time operations (docs/language.md §4.15) rendered by both backends from a frame-index
/// video whose sound is the ramp `0.1·t` in float PCM: every output frame is checked against
/// the rule (reversed: clip frame `k` shows forward frame `n − 1 − k`; a freeze holds the
/// frame shown at `T` and shifts the rest by `D`; a loop wraps at the pass; a clip past its
/// source holds its last picture), and every sample against the ramp and between backends.
@Suite(.serialized) struct TimeOperationTests {
  /// `idx.mov`: the frame-index pattern at 30 fps, 64×48, 6 s, with the ramp `0.1·t` as
  /// 48 kHz stereo float sound.
  static let media: Result<String, FFmpegCLI.Failure> = {
    let folder = NSTemporaryDirectory() + "vedl-timeops-\(ProcessInfo.processInfo.processIdentifier)"
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try FFmpegCLI.mustRun([
        "-v", "error", "-y",
        "-f", "lavfi", "-i", "color=black:s=64x48:r=30:d=6,format=gray,geq=lum='\(FrameIndex.expression)'",
        "-f", "lavfi", "-i", "aevalsrc=0.1*t|0.1*t:s=48000:d=6",
        "-c:v", "libx264", "-preset", "ultrafast", "-qp", "0", "-pix_fmt", "yuv420p", "-c:a", "pcm_f32le",
        "-shortest", folder + "/idx.mov",
      ])
      return .success(folder)
    } catch let error as FFmpegCLI.Failure {
      return .failure(error)
    } catch {
      return .failure(FFmpegCLI.Failure(description: "\(error)"))
    }
  }()

  static func timeline(_ body: String) throws -> Timeline {
    try NativeHarness.timeline(
      "canvas 64x48 fps: 30\nlet src = video(\"idx.mov\")\n" + body, directory: try media.get())
  }

  /// The frame indices both backends show (checked equal), decoded.
  static func indices(_ timeline: Timeline) throws -> [Int] {
    let folder = try media.get()
    let (native, summary) = try NativeHarness.renderNative(timeline, directory: folder)
    let ffmpeg = try NativeHarness.renderFFmpeg(timeline, directory: folder)
    defer {
      try? FileManager.default.removeItem(atPath: native)
      try? FileManager.default.removeItem(atPath: ffmpeg)
    }
    #expect(summary.videoFrames == timeline.frameCount)
    let a = try FFmpegCLI.grayFrames(native, width: 64, height: 48).map { FrameIndex.read($0) }
    let b = try FFmpegCLI.grayFrames(ffmpeg, width: 64, height: 48).map { FrameIndex.read($0) }
    #expect(a == b, "the backends differ")
    return b
  }

  @Test func reverseFreezeAndOneFrameClipsOnTheMainTrack() throws {
    let timeline = try Self.timeline(
      """
      track main {
        clip src trim: 1s..2s reverse
        clip src trim: 0s..1s {
          freeze at: 10f duration: 5f
        }
        clip src frame: 2s duration: 10f
        clip src trim: 3s..4s
      }
      """)
    let main = timeline.tracks[0].items
    // The freeze makes its clip 35 frames long and pushes the next ones by 5 frames.
    #expect(main.map(\.startFrame) == [0, 30, 65, 75])
    let expected =
      Array((30...59).reversed()) + Array(0...10) + Array(repeating: 10, count: 5) + Array(11...29)
      + Array(repeating: 60, count: 10) + Array(90...119)
    #expect(try Self.indices(timeline) == expected)
  }

  @Test func reverseLongerThanOneRunIsExact() throws {
    // 75 frames: three runs of at most 32 in the FFmpeg backend, read back to front natively.
    let timeline = try Self.timeline("track main { clip src trim: 500ms..3s reverse }")
    #expect(try Self.indices(timeline) == Array((15...89).reversed()))
  }

  @Test func loopWrapsAtThePassAndAClipPastItsSourceHoldsItsLastPicture() throws {
    let timeline = try Self.timeline(
      """
      track main { clip color(black) duration: 4s }
      track overlay {
        clip src trim: 0s..10f at: 0s duration: 65f loop: true
        clip src trim: 5s..6s at: 65f duration: 55f
      }
      """)
    let expected =
      (0..<65).map { $0 % 10 } + Array(150...179) + Array(repeating: 179, count: 25)
    #expect(try Self.indices(timeline) == expected)
  }

  /// A main-track clip loops to its `duration:` like an overlay clip, reversed too, and
  /// pushes the clips after it; its sound repeats the pass with the picture.
  @Test func mainTrackLoopsFillTheirDuration() throws {
    let timeline = try Self.timeline(
      """
      track main {
        clip src trim: 0s..10f loop: true duration: 25f
        clip src trim: 2s..2s + 5f loop: true reverse duration: 12f
        clip src trim: 3s..3s + 10f
      }
      """)
    #expect(timeline.tracks[0].items.map(\.startFrame) == [0, 25, 37])
    let expected = (0..<25).map { $0 % 10 } + (0..<12).map { 64 - $0 % 5 } + Array(90..<100)
    #expect(try Self.indices(timeline) == expected)
    let sound = try Self.sound(timeline)
    #expect(sound.count == 47 * 1600)
    // The first clip's 40 000 samples repeat the pass of 16 000 (10 frames of 1 600).
    let looped = (0..<40_000).map { Self.ramp($0 % 16_000) }
    #expect(zip(sound[0..<40_000], looped).allSatisfy { abs($0 - $1) < 1e-6 })
  }

  @Test func reversedLoopRepeatsTheReversedPass() throws {
    let timeline = try Self.timeline(
      """
      track main { clip color(black) duration: 1s }
      track overlay { clip src trim: 1s..8f + 1s at: 0s duration: 1s loop: true reverse }
      """)
    #expect(try Self.indices(timeline) == (0..<30).map { 37 - $0 % 8 })
  }

  // MARK: Sound

  /// The edit's sound from both backends: the native mixer's, and the `ffmpeg` CLI running
  /// the FFmpeg backend's graph; checked sample for sample equal, left channel returned.
  static func sound(_ timeline: Timeline) throws -> [Float] {
    let mixer = try TimelineAudioMixer(timeline: timeline)
    var native: [Float] = []
    while let chunk = try mixer.next(maxSamples: 4096) { native += chunk.left }
    let graph = try Lowering.lower(timeline, export: nil, options: LoweringOptions(baseDirectory: try media.get()))
      .get()
    var arguments = ["-v", "error"]
    if graph.inputTimestamps == .sourceTime { arguments += ["-copyts", "-start_at_zero"] }
    for input in graph.inputs {
      if let seek = input.seek { arguments += ["-ss", seek.decimalText(fractionDigits: 3)] }
      if let duration = input.duration { arguments += ["-t", duration.decimalText(fractionDigits: 3)] }
      arguments += ["-i", input.path]
    }
    arguments += [
      "-filter_complex", FilterGraphPrinter.filterComplex(graph), "-map", "[\(graph.audioOutput ?? "a")]", "-f",
      "f32le", "-",
    ]
    if let video = graph.videoOutput { arguments += ["-map", "[\(video)]", "-f", "null", "/dev/null"] }
    let result = try FFmpegCLI.run(arguments)
    #expect(result.status == 0, "\(result.stderr)")
    let data = result.stdout
    let interleaved = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    let ffmpeg = stride(from: 0, to: interleaved.count, by: 2).map { interleaved[$0] }
    #expect(ffmpeg.count == native.count)
    let differing = zip(native, ffmpeg).enumerated().first { $0.element.0 != $0.element.1 }?.offset
    #expect(differing == nil, "the backends' sound differs from sample \(differing ?? -1)")
    return native
  }

  /// The ramp's value at source sample `n`.
  static func ramp(_ n: Int) -> Float { Float(0.1 * Double(n) / 48_000) }

  @Test func reversedSoundFallsAndAFreezeIsSilent() throws {
    let timeline = try Self.timeline(
      """
      track main {
        clip src trim: 1s..2s reverse
        clip src trim: 0s..1s { freeze at: 10f duration: 5f }
      }
      """)
    let sound = try Self.sound(timeline)
    #expect(sound.count == 48_000 + 56_000)
    // Reversed: sample m plays source sample 95 999 − m.
    let reversed = (0..<48_000).map { Self.ramp(95_999 - $0) }
    #expect(zip(sound[0..<48_000], reversed).allSatisfy { abs($0 - $1) < 1e-6 })
    // The second clip: 16 000 samples forward, 8 000 silent, then on from 16 000.
    let second = Array(sound[48_000...])
    #expect(zip(second[0..<16_000], (0..<16_000).map(Self.ramp)).allSatisfy { abs($0 - $1) < 1e-6 })
    #expect(second[16_000..<24_000].allSatisfy { $0 == 0 })
    #expect(zip(second[24_000...], (16_000..<48_000).map(Self.ramp)).allSatisfy { abs($0 - $1) < 1e-6 })
  }

  @Test func loopedSoundRepeatsThePassAndUnloopedSoundEndsInSilence() throws {
    let timeline = try Self.timeline(
      """
      let ramp = audio("idx.mov")
      track main { clip color(black) duration: 3s }
      track audio {
        clip ramp trim: 0s..250ms at: 0s duration: 1s loop: true
        clip ramp trim: 5s..6s at: 1s duration: 2s
      }
      """)
    let sound = try Self.sound(timeline)
    #expect(sound.count == 144_000)
    let looped = (0..<48_000).map { Self.ramp($0 % 12_000) }
    #expect(zip(sound[0..<48_000], looped).allSatisfy { abs($0 - $1) < 1e-6 })
    #expect(zip(sound[48_000..<96_000], (240_000..<288_000).map(Self.ramp)).allSatisfy { abs($0 - $1) < 1e-6 })
    #expect(sound[96_000...].allSatisfy { $0 == 0 })
  }

  /// §4.15: a freeze comes first, then the loop. A looped clip with a hold shows played
  /// frame `p mod n` around the hold, in both backends — the FFmpeg backend once repeated one
  /// pass with `loop` and lost the hold, so its picture ran on while the native one held.
  @Test(arguments: [false, true])
  func aLoopedClipHoldsItsFreezeThenLoops(_ reversed: Bool) throws {
    let timeline = try Self.timeline(
      """
      track main {
        clip src trim: 0s..10f loop: true\(reversed ? " reverse" : "") duration: 40f { freeze at: 15f duration: 5f }
      }
      """)
    #expect(timeline.frameCount == 45)
    let pass = (0..<10).map { reversed ? 9 - $0 : $0 }
    let played = (0..<40).map { pass[$0 % 10] }
    let expected = Array(played[0..<15]) + Array(repeating: played[15], count: 5) + Array(played[15...])
    #expect(try Self.indices(timeline) == expected)
    // The sound (both backends, sample for sample): the pass of 16 000 samples looped, silent
    // for the hold's 8 000.
    let sound = try Self.sound(timeline)
    #expect(sound.count == 72_000)
    let passSound = (0..<16_000).map { Self.ramp(reversed ? 15_999 - $0 : $0) }
    let heard = (0..<64_000).map { passSound[$0 % 16_000] }
    #expect(zip(sound[0..<24_000], heard[0..<24_000]).allSatisfy { abs($0 - $1) < 1e-6 })
    #expect(sound[24_000..<32_000].allSatisfy { $0 == 0 })
    #expect(zip(sound[32_000...], heard[24_000...]).allSatisfy { abs($0 - $1) < 1e-6 })
  }

  // MARK: The run plan

  /// Every backward run the FFmpeg backend reverses holds at most 32 frames, and the runs
  /// together show exactly the frames ``ClipTimeMap`` says, for reverses, loops and freezes.
  @Test(arguments: [
    ClipTimeMap(frameCount: 1000, passFrames: 1000, reverses: true),
    ClipTimeMap(frameCount: 1000, passFrames: 70, loops: true, reverses: true),
    ClipTimeMap(frameCount: 130, passFrames: 100, freezeStart: 40, freezeFrames: 30, reverses: true),
    ClipTimeMap(frameCount: 130, passFrames: 30, freezeStart: 40, freezeFrames: 10, loops: true, reverses: true),
    ClipTimeMap(frameCount: 95, passFrames: 60),
    ClipTimeMap(frameCount: 95, passFrames: 60, reverses: true),
  ])
  func runPlanIsBoundedAndExact(_ map: ClipTimeMap) {
    let limit = TimeOperationLimits.reverseRunFrames
    let runs = map.runs(maximumBackward: limit)
    var shown: [Int64] = []
    for run in runs {
      switch run {
      case .forward(let a, let n): shown += Array(a..<a + n)
      case .backward(let a, let n):
        #expect(n <= limit)
        shown += Array((a..<a + n).reversed())
      case .hold(let a, let n): shown += Array(repeating: a, count: Int(n))
      }
    }
    #expect(shown == (0..<map.frameCount).map(map.passFrame(atClipFrame:)))
    if map.reverses && !map.loops && map.freezeFrames == 0 {
      // The rule: forward frame n − 1 − k at clip frame k, the first frame held past the pass.
      #expect(shown.prefix(Int(map.passFrames)) == ArraySlice((0..<map.passFrames).reversed()))
    }
  }

  @Test func theGraphReversesInBoundedRuns() throws {
    let timeline = try Self.timeline("track main { clip src trim: 0s..5s reverse }")
    let graph = try Lowering.lower(timeline, export: nil, options: LoweringOptions(baseDirectory: try Self.media.get()))
      .get()
    let text = FilterGraphPrinter.filterComplex(graph)
    // 150 frames: five runs of 32, 32, 32, 32 and 22 frames, each from an input of its own.
    #expect(text.components(separatedBy: ",reverse").count - 1 == 5)
    #expect(text.contains("trim=end_frame=32,reverse"))
    #expect(text.contains("trim=end_frame=22,reverse"))
    #expect(!text.contains("trim=end_frame=150,reverse"))
  }
}
