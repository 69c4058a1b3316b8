import Foundation
import Testing
import VEDLLowering
import VEDLNativeAudio
import VEDLSema
import VEDLTestSupport
import VEDLTime

@testable import VEDLNative

/// The two backends agree on whole renders: every sample in Samples/ (with its media
/// generated as SampleTests makes them) and the rendering tests' edits, rendered by the
/// FFmpeg backend (its graph through the `ffmpeg` CLI) and by the native backend
/// (`NativeRenderer`), give the same number of frames, a PSNR of at least 35 dB on every
/// frame (compared in RGB as a player shows them, so each file's colour tags count), and
/// sound of the same length in both or in neither, at about the same level.
///
/// To keep a debug build's suite fast the samples are sampled there (see `wholeSamples`).
/// Each test prints its figures (`backend agreement: …`), the minimum PSNR among them.
@Suite struct BackendAgreementTests {
  /// What one comparison measured.
  struct Agreement: CustomStringConvertible {
    var name: String
    var frames: Int
    var minimumPSNR: Double
    var worstFrame: Int
    var averagePSNR: Double
    var soundSamples: (ffmpeg: Int, native: Int)?
    var soundLevelDifference: Double?

    var description: String {
      var text =
        "backend agreement: \(name): \(frames) frames, minimum PSNR "
        + String(format: "%.2f dB (frame %d), average %.2f dB", minimumPSNR, worstFrame, averagePSNR)
      if let soundSamples {
        text += ", sound \(soundSamples.native) samples"
        if let soundLevelDifference { text += String(format: " (level difference %.2f dB)", soundLevelDifference) }
      } else {
        text += ", no sound"
      }
      return text
    }
  }

  /// Renders `timeline` with both backends (the export `export`, as `format`) and checks
  /// that they agree; returns the figures.
  @discardableResult
  static func expectAgreement(
    _ timeline: Timeline, name: String, directory: String, export: Export? = nil, format: Export.Format = .mp4,
    selecting selection: [Int64]? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Agreement {
    let quality = export.flatMap { QualityPreset.Name(rawValue: $0.quality) } ?? .high
    let encoding = NativeHarness.comparisonEncoding(format, quality: quality)
    let reference = try NativeHarness.renderFFmpeg(
      timeline, directory: directory, format: format, export: export, quality: quality, selecting: selection,
      encoding: encoding)
    defer { try? FileManager.default.removeItem(atPath: reference) }
    let native = directory + "/native-\(UUID().uuidString).\(format.rawValue)"
    let renderer = NativeRenderer(
      timeline: timeline, export: export, encoding: encoding, baseDirectory: directory)
    let summary = try renderer.render(to: native, selecting: selection, cancellation: nil, progress: nil)
    defer { try? FileManager.default.removeItem(atPath: native) }

    let psnr = try FFmpegCLI.psnrPerFrame(reference, native, folder: directory)
    let frames = selection?.count ?? (format == .png ? 1 : Int(timeline.frameCount))
    #expect(psnr.count == frames, "\(name): frames compared", sourceLocation: sourceLocation)
    #expect(Int(summary.videoFrames) == frames, "\(name): frames encoded", sourceLocation: sourceLocation)
    #expect(try frameCount(reference) == "\(frames)\n", "\(name): frame count", sourceLocation: sourceLocation)
    #expect(try frameCount(native) == "\(frames)\n", "\(name): frame count", sourceLocation: sourceLocation)
    let numbered = psnr.enumerated().map { (frame: selection?[$0.offset] ?? Int64($0.offset), psnr: $0.element) }
    let worst = numbered.min { $0.psnr < $1.psnr }
    let below = numbered.filter { $0.psnr < 35 }.map { "frame \($0.frame): \($0.psnr) dB" }
    if let known = knownDisagreements[name] {
      // FIXME: a known disagreement of the native backend (see `knownDisagreements`).
      print("backend agreement: \(name): FIXME \(known.reason): \(below.count) frames below 35 dB")
      #expect(
        numbered.allSatisfy { $0.psnr >= known.floor }, "\(name): \(below.prefix(8))", sourceLocation: sourceLocation)
    } else {
      #expect(below.isEmpty, "\(name): \(below.prefix(8))", sourceLocation: sourceLocation)
    }
    let finite = psnr.map { min($0, 100) }
    var agreement = Agreement(
      name: name, frames: psnr.count, minimumPSNR: worst?.psnr ?? .infinity, worstFrame: Int(worst?.frame ?? 0),
      averagePSNR: finite.reduce(0, +) / Double(max(1, finite.count)))

    guard selection == nil else {
      // A selection has no sound; the mixer's plan is compared with the reference instead.
      try expectSoundPlanAgrees(timeline, reference: reference, name: name, sourceLocation: sourceLocation)
      print(agreement, "(sound compared with the mixer's plan)")
      return agreement
    }
    let soundInReference = try hasSound(reference)
    let soundInNative = try hasSound(native)
    #expect(soundInReference == soundInNative, "\(name): sound in one backend only", sourceLocation: sourceLocation)
    if soundInReference && soundInNative {
      let a = try FFmpegCLI.samples(reference)
      let b = try FFmpegCLI.samples(native)
      #expect(a.count == b.count, "\(name): sound lengths", sourceLocation: sourceLocation)
      #expect(
        try soundDuration(reference) == soundDuration(native), "\(name): sound durations",
        sourceLocation: sourceLocation)
      agreement.soundSamples = (a.count / 2, b.count / 2)
      let (levelA, levelB) = (rms(a), rms(b))
      if levelA > 1e-4 || levelB > 1e-4 {
        let difference = abs(20 * log10(max(levelA, 1e-9) / max(levelB, 1e-9)))
        agreement.soundLevelDifference = difference
        #expect(difference < 1.5, "\(name): sound levels differ by \(difference) dB", sourceLocation: sourceLocation)
      }
    }
    print(agreement)
    return agreement
  }

  static func frameCount(_ path: String) throws -> String {
    let result = try FFmpegCLI.run(
      [
        "-v", "error", "-count_packets", "-select_streams", "v:0", "-show_entries", "stream=nb_read_packets", "-of",
        "csv=p=0", path,
      ],
      executable: "/usr/bin/ffprobe")
    return String(decoding: result.stdout, as: UTF8.self)
  }

  static func hasSound(_ path: String) throws -> Bool {
    let result = try FFmpegCLI.run(
      ["-v", "error", "-select_streams", "a", "-show_entries", "stream=index", "-of", "csv=p=0", path],
      executable: "/usr/bin/ffprobe")
    return !result.stdout.isEmpty
  }

  static func soundDuration(_ path: String) throws -> String {
    let result = try FFmpegCLI.run(
      ["-v", "error", "-select_streams", "a:0", "-show_entries", "stream=duration", "-of", "csv=p=0", path],
      executable: "/usr/bin/ffprobe")
    return String(decoding: result.stdout, as: UTF8.self)
  }

  /// The native mixer makes sound exactly when the reference has it, exactly as long as the
  /// edit (`⌊duration × 48000⌋` samples, the FFmpeg backend's `atrim`), which the reference's
  /// sound stream shows to within its last AAC frame.
  static func expectSoundPlanAgrees(
    _ timeline: Timeline, reference: String, name: String, sourceLocation: SourceLocation
  ) throws {
    let mixer = try TimelineAudioMixer(timeline: timeline, sampleRate: NativeRenderer.sampleRate)
    #expect(mixer.hasSound == (try hasSound(reference)), "\(name): sound", sourceLocation: sourceLocation)
    if mixer.hasSound {
      #expect(
        mixer.totalSamples == SampleGrid.standard.sampleFloor(at: timeline.duration), "\(name): sound length",
        sourceLocation: sourceLocation)
      let seconds = Double(try soundDuration(reference).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
      #expect(
        abs(Double(mixer.totalSamples) - seconds * 48_000) < 1024, "\(name): sound length",
        sourceLocation: sourceLocation)
    }
  }

  static func rms(_ samples: [Float]) -> Double {
    guard !samples.isEmpty else { return 0 }
    return (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)).squareRoot()
  }

  // MARK: The samples

  /// The repository's root: this file is `<root>/Tests/VEDLNativeTests/<file>.swift`.
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static let sampleNames: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("Samples").path)) ?? [])
    .filter { $0.hasSuffix(".vedl") }.sorted()

  /// The size of the samples' clips. The FFmpeg backend scales a Y′CbCr clip at full chroma
  /// resolution in Y′CbCr, the native renderer in RGBA; on these small synthetic clips blown
  /// up to full-size canvases they agree at ≥ 38 dB (docs/graph.md, "Picture space").
  static let mediaSize = "320x180"

  /// Samples/ copied to a temporary folder with media files like those Samples/README.md
  /// describes.
  static let samples: Result<String, FFmpegCLI.Failure> = {
    do {
      let folder = try makeTemporaryFolder()
      // Every file beside the scripts too (the looks sample's `.cube` table).
      let samplesFolder = repository.appendingPathComponent("Samples").path
      for name in try FileManager.default.contentsOfDirectory(atPath: samplesFolder) {
        try FileManager.default.copyItem(atPath: samplesFolder + "/" + name, toPath: folder + "/" + name)
      }
      let media = folder + "/media"
      try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
      let jobs: [[String]] = [
        [
          "-f", "lavfi", "-i", "testsrc2=size=\(mediaSize):rate=30:duration=12", "-f", "lavfi", "-i",
          "sine=frequency=440:duration=12", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a",
          "aac", "-shortest", media + "/a.mp4",
        ],
        [
          "-f", "lavfi", "-i", "testsrc=size=\(mediaSize):rate=30:duration=12", "-c:v", "libx264", "-preset",
          "ultrafast",
          "-pix_fmt", "yuv420p", media + "/b.mp4",
        ],
        ["-f", "lavfi", "-i", "color=c=orange:size=200x100", "-frames:v", "1", media + "/logo.png"],
        ["-f", "lavfi", "-i", "sine=frequency=220:duration=30", media + "/music.wav"],
      ]
      for job in jobs { try FFmpegCLI.mustRun(["-y", "-loglevel", "error"] + job) }
      let srt =
        "1\n00:00:00,500 --> 00:00:02,000\nHello from the subtitles\n\n2\n00:00:02,500 --> 00:00:04,000\nSecond cue\n"
      try Data(srt.utf8).write(to: URL(fileURLWithPath: media + "/subs.srt"))
      return .success(folder)
    } catch let error as FFmpegCLI.Failure {
      return .failure(error)
    } catch {
      return .failure(FFmpegCLI.Failure(description: "\(error)"))
    }
  }()

  /// `script` with a smaller, slower canvas: the longer side `longer` pixels (even sides,
  /// same shape and background) and `fps` frames per second when given — the `canvas`
  /// statement's size and rate are replaced, everything else stays.
  static func reduced(_ script: String, width: Int64, height: Int64, longer: Int64, fps: Int?) -> String {
    let side = max(width, height)
    func even(_ value: Int64) -> Int64 { max(2, ((value * longer + side / 2) / side + 1) / 2 * 2) }
    let size = side > longer ? "\(even(width))x\(even(height))" : "\(width)x\(height)"
    return script.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      guard line.hasPrefix("canvas ") else { return String(line) }
      var words = line.split(separator: " ").map(String.init)
      // `canvas fps: 30 …` has no size: insert one.
      if words.count > 1, words[1].hasSuffix(":") {
        words.insert(size, at: 1)
      } else if words.count > 1 {
        words[1] = size
      }
      if let fps, let rate = words.firstIndex(of: "fps:"), rate + 1 < words.count { words[rate + 1] = String(fps) }
      return words.joined(separator: " ")
    }.joined(separator: "\n")
  }

  @Test func reducingKeepsTheRestOfTheCanvasStatement() {
    #expect(
      Self.reduced("vedl 1\ncanvas story fps: 30\nlet a = 1", width: 1080, height: 1920, longer: 320, fps: nil)
        == "vedl 1\ncanvas 180x320 fps: 30\nlet a = 1")
    #expect(
      Self.reduced("canvas 640x360 fps: 30 background: #101018", width: 640, height: 360, longer: 160, fps: 10)
        == "canvas 160x90 fps: 10 background: #101018")
    #expect(Self.reduced("canvas fps: 25", width: 1920, height: 1080, longer: 160, fps: nil) == "canvas 160x90 fps: 25")
    #expect(Self.reduced("canvas 160x90", width: 160, height: 90, longer: 320, fps: nil) == "canvas 160x90")
  }

  /// Disagreements found and not fixed yet, by test name: every frame of the render must
  /// still reach `floor` dB, and the test prints the FIXME with the count of frames below
  /// 35 dB. Remove an entry once the native renderer is fixed.
  /// None now: the reduced debug canvas's tiny clips, resampled in Y′CbCr by the FFmpeg
  /// backend and in RGBA by the native renderer, dipped to ~31 dB until the FFmpeg backend
  /// blended its overlays on an RGB composite (docs/graph.md, "Picture space").
  static let knownDisagreements: [String: (floor: Double, reason: String)] = [:]

  #if DEBUG
    /// In a debug build the samples are rendered on a reduced canvas (the longer side 320
    /// pixels) and only 8 frames of each, spread over the edit, are drawn natively: the
    /// native compositor's pixel loops are some 50 times slower unoptimised. The FFmpeg
    /// backend's reference then encodes the same 8 frames (`NativeHarness.renderFFmpeg`'s
    /// `selecting:`): an encoder given 8 frames far apart codes them differently from the
    /// same frames inside the whole edit, and at `medium`'s CRF 23 that alone cost identical
    /// pictures 2 dB (demo.vedl's frame 25: identical stills, 33.96 dB). A release build
    /// (`swift test -c release -Xswiftc -enable-testing --filter BackendAgreementTests`)
    /// renders them whole, at full size, with their sound; docs/native.md records those
    /// figures.
    static let wholeSamples = false
  #else
    static let wholeSamples = true
  #endif

  @Test(arguments: sampleNames)
  func sample(_ name: String) throws {
    let folder = try Self.samples.get()
    let original = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
    var timeline = try NativeHarness.timeline(original, directory: folder)
    var selection: [Int64]? = nil
    if !Self.wholeSamples {
      let script = Self.reduced(
        original, width: timeline.canvas.width, height: timeline.canvas.height, longer: 320, fps: nil)
      timeline = try NativeHarness.timeline(script, directory: folder)
      let last = timeline.frameCount - 1
      selection = Array(Set((0..<8).map { Int64($0) * last / 7 })).sorted()
    }
    // The first video export (its watermark and quality), as `.mp4`; a still export too.
    let video = timeline.exports.first { $0.format != .png }
    try Self.expectAgreement(timeline, name: name, directory: folder, export: video, selecting: selection)
    if let still = timeline.exports.first(where: { $0.format == .png }) {
      try Self.expectAgreement(timeline, name: name + " (still)", directory: folder, export: still, format: .png)
    }
  }

  // MARK: The rendering tests' edits

  /// Edits of the render tests (VEDLRenderTests, VEDLCLITests' render command, the
  /// frame-index tests: every ``FrameIndexCase``), by name.
  static let edits: [(name: String, script: String)] =
    FrameIndexCase.all.map { ("frame index: \($0.name)", $0.script) } + [
      (
        "render job",
        """
        canvas 160x90 fps: 30
        let clip = video("media/clip.mp4")
        track main {
          clip clip trim: 500ms..1500ms
        }
        captions {
          cue 0s..500ms "Hello"
        }
        export "out/edit.mp4" quality: low
        """
      ),
      (
        "render command",
        """
        canvas 160x90 fps: 30
        let bars = testpattern()
        let beep = tone(440)
        track main {
          clip bars duration: 1s
        }
        track audio {
          clip beep at: 0s until: end
        }
        export "out/a.mp4" quality: low
        """
      ),
      (
        "crossfade at 29.97 fps",
        """
        canvas 64x48 fps: 29.97
        let src = video("media/index30.mp4")
        track main {
          clip src trim: 0s..2s
          crossfade 500ms
          clip src trim: 3s..5s speed: 0.5x
        }
        """
      ),
      (
        "overlays and captions",
        """
        canvas 64x48 fps: 30
        let src = video("media/index30.mp4")
        track main { clip color(#808080) duration: 2s }
        track overlay { clip src at: 15f trim: 40f..70f }
        track overlay "box" { shape rect at: 10f duration: 10f { fill white; size width: 8 height: 8; position x: 4 y: 4 } }
        captions {
          cue 200ms..1s "II"
          style size: 12 color: white box: black position: bottom margin: 2
        }
        """
      ),
    ]

  @Test(arguments: edits.indices)
  func renderingTestEdit(_ index: Int) throws {
    let media = try NativeTestMedia.get()
    let clip = media.directory + "/media/clip.mp4"
    if !FileManager.default.fileExists(atPath: clip) {
      let part = media.directory + "/media/clip-\(UUID().uuidString).mp4"
      // The render job's clip: 2 s of `testsrc2` with a tone, made by the first test needing it.
      try FFmpegCLI.mustRun([
        "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=30", "-f", "lavfi", "-i",
        "sine=frequency=330:sample_rate=48000", "-t", "2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt",
        "yuv420p", "-c:a", "aac", part,
      ])
      // Tests run in parallel: each writes its own file, the first rename wins.
      if rename(part, clip) != 0 { try? FileManager.default.removeItem(atPath: part) }
    }
    let (name, script) = Self.edits[index]
    let timeline = try NativeHarness.timeline(script, directory: media.directory)
    try Self.expectAgreement(timeline, name: name, directory: media.directory, export: timeline.exports.first)
  }

  /// A clip kept in Y′CbCr fades in RGB, as the native renderer fades its clipped RGBA: a
  /// strip of `testsrc2` magnified 3.8 times holds, once scaled in Y′CbCr, colours RGB
  /// cannot show, and fading them first (as the lowering did) pulled some back into view —
  /// 36.9 dB across backends on these faded frames, 40.2 dB and more now (lossless, so only
  /// the pictures count).
  @Test func yCbCrClipFadesLikeTheNativeRenderer() throws {
    let folder = NSTemporaryDirectory() + "vedl-fade-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder + "/media", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FFmpegCLI.mustRun([
      "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=24000/1001:duration=2.6", "-c:v",
      "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", folder + "/media/v0.mp4",
    ])
    let timeline = try NativeHarness.timeline(
      """
      canvas 120x68 fps: 23.976
      let v1 = video("media/v0.mp4")
      track main {
        clip v1 {
          crop height: 20%
          fade in: 10f out: 10f
        }
      }
      export "out/fade.mp4" quality: lossless
      """, directory: folder)
    let faded: [Int64] = [5, 6, 7, 8, 55, 56]
    let agreement = try Self.expectAgreement(
      timeline, name: "Y′CbCr clip fades", directory: folder, export: timeline.exports.first, selecting: faded)
    #expect(agreement.minimumPSNR >= 39.5, "\(agreement)")
  }
}
