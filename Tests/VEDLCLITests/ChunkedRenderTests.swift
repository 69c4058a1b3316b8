import Foundation
import Testing
import VEDLTestSupport

@testable import VEDLCLI

/// `vedl render --chunks N` (docs/scale-out.md): the assembled file has the single render's
/// frames — the same timestamps, and at `quality: lossless` the same pictures, through seams
/// that fall inside a crossfade and a title — and the single render's sound, sample for
/// sample, since it is encoded once; in both backends, as H.264/AAC `.mp4` and VP9/Opus `.webm`.
@Suite struct ChunkedRenderTests {
  /// 52 frames: seams of 4 chunks at 13, 26 and 39; the crossfade covers 22–29 and the title
  /// 20–39. Both sources show a frame counter, so every picture differs from its neighbours.
  static func script(format: String, quality: String) -> String {
    """
    canvas 96x54 fps: 30
    track main {
      clip video("media/a.mp4") duration: 1s
      crossfade 8f
      clip video("media/b.mp4") duration: 1s
    }
    track overlay {
      text "Hi" at: 20f duration: 20f {
        font "DejaVu Sans" size: 16 color: yellow
      }
    }
    export "out/master.\(format)" quality: \(quality)
    """
  }

  /// A folder with the script and its two sources (picture and tone).
  static func workspace(format: String, quality: String = "lossless") throws -> URL {
    let folder = TestFolder.fresh()
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("media"), withIntermediateDirectories: true)
    for (name, picture, tone) in [("a", "testsrc2", 440), ("b", "testsrc", 880)] {
      try run(
        ChildProcess.ffmpeg,
        [
          "-y", "-v", "error", "-f", "lavfi", "-i", "\(picture)=size=96x54:rate=30:duration=2", "-f", "lavfi", "-i",
          "sine=frequency=\(tone):duration=2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
          "-c:a", "aac", "-shortest", folder.appendingPathComponent("media/\(name).mp4").path,
        ])
    }
    _ = write(script(format: format, quality: quality), "t.vedl", in: folder)
    return folder
  }

  @discardableResult
  static func run(_ executable: String, _ arguments: [String]) throws -> String {
    let result = try ChildProcess.run(executable, arguments)
    guard result.succeeded else {
      throw ChildProcess.Failure(description: "\(executable) \(arguments): \(result.standardError)")
    }
    return String(decoding: result.standardOutput, as: UTF8.self)
  }

  /// The presentation timestamps of a stream's packets (`v:0` or `a:0`), in time order.
  static func packetTimes(_ path: String, stream: String) throws -> [Int64] {
    try run(
      ChildProcess.ffprobe,
      ["-v", "error", "-select_streams", stream, "-show_entries", "packet=pts", "-of", "csv=p=0", path]
    ).split(separator: "\n").compactMap { Int64($0.trimmingCharacters(in: .whitespaces)) }.sorted()
  }

  /// The decoded sound as 32-bit float samples.
  static func samples(_ path: String) throws -> [Float] {
    let raw = try ChildProcess.run(
      ChildProcess.ffmpeg, ["-v", "error", "-i", path, "-map", "0:a", "-f", "f32le", "-c:a", "pcm_f32le", "-"])
    guard raw.succeeded else { throw ChildProcess.Failure(description: raw.standardError) }
    return raw.standardOutput.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
  }

  /// Whether the first packet of the video stream is a key frame.
  static func startsOnKeyFrame(_ path: String) throws -> Bool {
    let flags = try run(
      ChildProcess.ffprobe,
      [
        "-v", "error", "-select_streams", "v:0", "-read_intervals", "%+#1", "-show_entries", "packet=flags", "-of",
        "csv=p=0", path,
      ])
    return flags.hasPrefix("K")
  }

  @Test(arguments: [("ffmpeg", "mp4"), ("ffmpeg", "webm"), ("native", "mp4"), ("native", "webm")])
  func chunksAssembleIntoTheSingleRender(backend: String, format: String) throws {
    let folder = try Self.workspace(format: format)
    defer { try? FileManager.default.removeItem(at: folder) }
    let single = vedl(
      ["render", "t.vedl", "-o", "out/single.\(format)", "--backend", backend], in: folder.path)
    #expect(single.status == 0, "\(single.stderr)")
    let chunked = vedl(
      ["render", "t.vedl", "-o", "out/chunked.\(format)", "--backend", backend, "--chunks", "4", "--jobs", "2"],
      in: folder.path)
    #expect(chunked.status == 0, "\(chunked.stderr)")
    let a = folder.appendingPathComponent("out/single.\(format)").path
    let b = folder.appendingPathComponent("out/chunked.\(format)").path

    // The same pictures at the same times, through every seam.
    let times = try Self.packetTimes(a, stream: "v:0")
    #expect(times.count == 52)
    #expect(try Self.packetTimes(b, stream: "v:0") == times)
    let pictures = try FFmpegCLI.frameDigests(a)
    #expect(pictures.count == 52)
    // Every picture differs from the next: a frame lost or doubled at a seam would show.
    #expect(zip(pictures, pictures.dropFirst()).allSatisfy { $0 != $1 })
    #expect(try FFmpegCLI.frameDigests(b) == pictures)

    // One sound stream, encoded once: the same packets, the same samples.
    #expect(try Self.packetTimes(b, stream: "a:0") == Self.packetTimes(a, stream: "a:0"))
    let sound = try Self.samples(a)
    #expect(sound.count >= 52 * 48000 / 30)
    #expect(try Self.samples(b) == sound)

    // The chunks were a local run's: gone once the output is in place.
    #expect(!FileManager.default.fileExists(atPath: b + ".chunks"))
    let again = vedl(
      ["render", "t.vedl", "-o", "out/chunked.\(format)", "--backend", backend, "--chunks", "4"], in: folder.path)
    #expect(again.stdout.contains("is up to date"), "\(again.stdout)")
  }

  /// A lossy export: each chunk is its own encode (a key frame first, nothing referring
  /// outside it), so pictures differ from the single render's only by coding noise, while
  /// timestamps and sound are the same.
  @Test(arguments: ["mp4", "webm"])
  func lossyChunksKeepTimestampsAndSound(format: String) throws {
    let folder = try Self.workspace(format: format, quality: "high")
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(vedl(["render", "t.vedl", "-o", "out/single.\(format)"], in: folder.path).status == 0)
    let plan = vedl(["render", "t.vedl", "-o", "out/chunked.\(format)", "--chunks", "3", "--plan"], in: folder.path)
    #expect(plan.status == 0, "\(plan.stderr)")
    _ = write(plan.stdout, "plan.jsonl", in: folder)
    for index in 0..<3 {
      let job = vedl(["job", "plan.jsonl", "--index", "\(index)"], in: folder.path)
      #expect(job.status == 0, "\(job.stderr)")
      let chunk = folder.appendingPathComponent("out/chunked.\(format).chunks/chunk-000\(index).\(format)").path
      #expect(try Self.startsOnKeyFrame(chunk), "chunk \(index)")
    }
    #expect(vedl(["job", "plan.jsonl", "--index", "3"], in: folder.path).status == 0)
    let a = folder.appendingPathComponent("out/single.\(format)").path
    let b = folder.appendingPathComponent("out/chunked.\(format)").path
    #expect(try Self.packetTimes(b, stream: "v:0") == Self.packetTimes(a, stream: "v:0"))
    #expect(try Self.samples(b) == Self.samples(a))
    let psnr = try Self.run(
      ChildProcess.ffmpeg, ["-v", "error", "-i", a, "-i", b, "-lavfi", "psnr=stats_file=-", "-f", "null", "-"])
    let averages = psnr.split(separator: "\n").compactMap { line in
      line.split(separator: " ").first { $0.hasPrefix("psnr_avg:") }.flatMap { Double($0.dropFirst(9)) }
    }
    #expect(averages.count == 52)
    #expect(averages.allSatisfy { $0 > 30 }, "\(averages)")
  }

  /// At 29.97 fps a WebM's millisecond timestamps are rounded frame times: the assembly
  /// rounds each frame's own time, not a chunk's start plus a rounded offset.
  @Test(arguments: ["mp4", "webm"])
  func anNTSCRateKeepsItsRoundedTimestamps(format: String) throws {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = write(
      "canvas 64x36 fps: 29.97\ntrack main {\n  clip testpattern() duration: 59f\n  crossfade 6f\n"
        + "  clip color(#336699) duration: 29f\n}\n", "t.vedl", in: folder)
    #expect(vedl(["render", "t.vedl", "-o", "single.\(format)"], in: folder.path).status == 0)
    let chunked = vedl(["render", "t.vedl", "-o", "chunked.\(format)", "--chunks", "7"], in: folder.path)
    #expect(chunked.status == 0, "\(chunked.stderr)")
    let times = try Self.packetTimes(folder.appendingPathComponent("single.\(format)").path, stream: "v:0")
    #expect(times.count == 82)
    #expect(try Self.packetTimes(folder.appendingPathComponent("chunked.\(format)").path, stream: "v:0") == times)
  }

  /// 230 frames whose constructs each straddle some chunk's first frame — for the FFmpeg
  /// backend, where a chunk's graph starts its clock there (`LoweringOptions.window`): items
  /// that start before it are made from it on, or from their own start where they cannot
  /// start later, and every timed expression must give the single render's pictures.
  /// Main track: `a` 0–19 fading in, a crossfade 12–19, `b` reversed 12–71 (runs of 32 and
  /// 28 frames: 12–43, 44–71), an eased wipe 66–71, a freeze clip 66–140 (forward to 80,
  /// held 81–95, forward again), a frame-index clip 141–150, a still fading in and out
  /// 151–190, a crossfade 185–190, a zoom 185–229. Overlays: a moving, fading video 30–69,
  /// a looped one 150–189; "Hi" fading in and out 50–109, a turning text 120–169, a typed
  /// one 100–139, a shape wiped out 160–209. Captions 10–54, 60–129 and 200–227, words
  /// highlighted.
  static let seamsScript = """
    canvas 96x54 fps: 30
    track main {
      clip video("media/a.mp4") duration: 20f {
        fade in: 5f
      }
      crossfade 8f
      clip video("media/b.mp4") trim: 1s..3s reverse
      transition wipe 6f direction: up easing: easeInOutSine
      clip video("media/a.mp4") trim: 0s..2s {
        freeze at: 500ms duration: 500ms
      }
      clip video("media/b.mp4") frame: 1s duration: 10f
      clip image("media/still.png") duration: 40f {
        fade in: 5f out: 5f
      }
      crossfade 6f
      clip video("media/a.mp4") trim: 1s..2500ms {
        animate zoom { key 0s 1; key length 1.3 }
      }
    }
    track overlay "moving" {
      clip video("media/b.mp4") at: 30f duration: 40f {
        size width: 40
        fade in: 6f out: 6f
        animate position { key 0s x: 0 y: 0; key length x: 50 y: 20 }
      }
      clip video("media/a.mp4") trim: 0s..300ms at: 150f duration: 40f loop: true {
        size width: 30
      }
    }
    track overlay "titles" {
      text "Hi" at: 50f duration: 60f {
        font "DejaVu Sans" size: 16 color: yellow
        fade in: 10f out: 10f
      }
      text "Turn" at: 120f duration: 50f {
        font "DejaVu Sans" size: 14 color: cyan
        animate rotate { key 0s -40deg; key 1s 0deg }
      }
    }
    track overlay "typed" {
      text "Typed" at: 100f duration: 40f {
        font "DejaVu Sans" size: 12 color: white
        enter typewriter duration: 30f
      }
      shape rect at: 160f duration: 50f {
        size width: 30 height: 20
        fill red
        exit wipe to: leading duration: 20f
        animate opacity { key 0s 100%; key length 40% }
      }
    }
    captions {
      cue 10f..55f "one"
      cue 60f..130f "two words"
      cue 200f..228f "three"
      style font: "DejaVu Sans" size: 10 color: white box: #00000099 highlight: #FACC15
    }
    export "out/master.mp4" quality: lossless
    """

  /// Chunks of `--chunks N` (chunk `I` shows frames `⌊I·230/N⌋…`) whose first frame falls
  /// strictly inside a construct, with the frames of that construct.
  static let seams: [(what: String, chunks: Int, index: Int, inside: Range<Int64>)] = [
    ("a crossfade, two frames in", 16, 1, 12..<20),
    ("a crossfade, five frames in", 13, 1, 12..<20),
    ("a reversed clip's first run; a fading, moving overlay", 7, 1, 20..<44),
    ("a reversed clip's second run; a fade-out; a text fading in", 7, 2, 44..<66),
    ("an eased wipe", 13, 4, 66..<72),
    ("a freeze clip before its freeze", 15, 5, 72..<81),
    ("a freeze", 15, 6, 81..<96),
    ("a freeze clip after its freeze; a caption", 7, 3, 96..<141),
    ("a text fading out; a typewriter", 13, 6, 100..<110),
    ("a turning text", 7, 4, 120..<170),
    ("a frame-index clip", 16, 10, 141..<151),
    ("a still fading in", 15, 10, 151..<156),
    ("a looped overlay; a shape", 7, 5, 150..<190),
    ("a crossfade out of a fading still", 16, 13, 185..<191),
    ("a zoom; a wipe exit", 7, 6, 191..<210),
    ("a highlighted caption", 13, 12, 200..<228),
  ]

  /// Each chunk above has exactly the single render's pictures of its frames, and the
  /// assembled 7-chunk render all of them.
  @Test func chunksStartingInsideEveryConstructKeepTheSingleRendersPictures() throws {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("media"), withIntermediateDirectories: true)
    for (name, picture) in [("a", "testsrc2"), ("b", "testsrc")] {
      try Self.run(
        ChildProcess.ffmpeg,
        [
          "-y", "-v", "error", "-f", "lavfi", "-i", "\(picture)=size=96x54:rate=30:duration=4", "-f", "lavfi", "-i",
          "sine=frequency=440:duration=4", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
          "-c:a", "aac", "-shortest", folder.appendingPathComponent("media/\(name).mp4").path,
        ])
    }
    try Self.run(
      ChildProcess.ffmpeg,
      [
        "-y", "-v", "error", "-f", "lavfi", "-i", "testsrc=size=48x32:rate=1:duration=1", "-frames:v", "1",
        folder.appendingPathComponent("media/still.png").path,
      ])
    _ = write(Self.seamsScript, "t.vedl", in: folder)
    let single = vedl(["render", "t.vedl", "-o", "out/single.mp4"], in: folder.path)
    #expect(single.status == 0, "\(single.stderr)")
    let pictures = try FFmpegCLI.frameDigests(folder.appendingPathComponent("out/single.mp4").path)
    #expect(pictures.count == 230)

    for seam in Self.seams {
      let first = Int64(seam.index) * 230 / Int64(seam.chunks)
      let end = Int64(seam.index + 1) * 230 / Int64(seam.chunks)
      #expect(seam.inside.contains(first) && first > seam.inside.lowerBound, "\(seam.what): \(first)")
      let output = "out/c\(seam.chunks).mp4"
      let job = vedl(
        ["render", "t.vedl", "-o", output, "--chunks", "\(seam.chunks)", "--chunk", "\(seam.index)"], in: folder.path)
      #expect(job.status == 0, "\(seam.what): \(job.stderr)")
      let chunk = folder.appendingPathComponent(output + ".chunks/" + String(format: "chunk-%04d.mp4", seam.index)).path
      let digests = try FFmpegCLI.frameDigests(chunk)
      #expect(digests == Array(pictures[Int(first)..<Int(end)]), "\(seam.what): frames \(first)..<\(end)")
    }

    // The chunks already made are taken as they are; the rest are rendered and assembled.
    let chunked = vedl(["render", "t.vedl", "-o", "out/c7.mp4", "--chunks", "7", "--jobs", "2"], in: folder.path)
    #expect(chunked.status == 0, "\(chunked.stderr)")
    #expect(try FFmpegCLI.frameDigests(folder.appendingPathComponent("out/c7.mp4").path) == pictures)
  }
}
