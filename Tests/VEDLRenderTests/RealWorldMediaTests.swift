import Foundation
import Testing
import VEDLLowering
import VEDLMedia
import VEDLRender
import VEDLSema
import VEDLTestSupport
import VEDLTime

/// Files as phones and editors make them — turned by a display matrix, HDR (PQ, HLG), VP9
/// with an alpha channel — rendered three ways: the FFmpeg backend in-process, the native
/// backend, and the `ffmpeg` command `vedl graph --command` prints. All three show the
/// pictures as a player does (upright, tone-mapped to SDR BT.709, transparent where the
/// alpha says), with exact frame counts; the in-process render and the command agree at
/// ≥ 40 dB, the two backends at ≥ 35 dB on every frame.
@Suite struct RealWorldMediaTests {
  /// The three renders of one script.
  struct Renders {
    var inProcess: String
    var native: String
    var command: String
    var all: [(name: String, path: String)] { [("in-process", inProcess), ("native", native), ("command", command)] }
  }

  /// Renders the first export of `script` in-process (FFmpeg backend), natively, and with
  /// the printed command; checks frame counts and agreement.
  static func renderThreeWays(
    _ script: String, workspace: RenderWorkspace, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Renders {
    let (file, timeline) = try workspace.check(script)
    let target = try #require(RenderTarget.exports(of: timeline).first, sourceLocation: sourceLocation)
    let ffmpegOutcome = try RenderJob(timeline: timeline, target: target, settings: workspace.settings(for: file))
      .run()
    #expect(ffmpegOutcome.status == .rendered, sourceLocation: sourceLocation)
    let inProcess = workspace.path("in-process.\(target.format.rawValue)")
    try FileManager.default.moveItem(atPath: target.path, toPath: inProcess)

    var nativeSettings = workspace.settings(for: file, force: true)
    nativeSettings.backend = .native
    let nativeOutcome = try RenderJob(timeline: timeline, target: target, settings: nativeSettings).run()
    #expect(nativeOutcome.status == .rendered, sourceLocation: sourceLocation)
    let native = workspace.path("native.\(target.format.rawValue)")
    try FileManager.default.moveItem(atPath: target.path, toPath: native)

    let plan = try RenderPlan(timeline: timeline, target: target, settings: workspace.settings(for: file))
    let command = workspace.path("command.\(target.format.rawValue)")
    try workspace.ffmpeg(plan.command(output: command))

    for path in [inProcess, native, command] {
      #expect(try workspace.frameCount(path) == timeline.frameCount, "\(path)", sourceLocation: sourceLocation)
    }
    let sameBackend = try minimumPSNR(inProcess, command, workspace: workspace)
    #expect(sameBackend >= 40, "in-process vs command: \(sameBackend) dB", sourceLocation: sourceLocation)
    let backends = try minimumPSNR(native, command, workspace: workspace)
    #expect(backends >= 35, "native vs command: \(backends) dB", sourceLocation: sourceLocation)
    return Renders(inProcess: inProcess, native: native, command: command)
  }

  /// The lowest per-frame PSNR between two files, compared in RGB as a player shows them.
  static func minimumPSNR(_ a: String, _ b: String, workspace: RenderWorkspace) throws -> Double {
    try FFmpegCLI.psnrPerFrame(a, b, folder: workspace.directory).min() ?? 0
  }

  /// The RGB colour (as a player shows it, the file's tags honoured) of pixel `(x, y)` of
  /// picture 0 of `path`.
  static func colour(_ path: String, x: Int, y: Int, workspace: RenderWorkspace) throws -> (r: Int, g: Int, b: Int) {
    let raw = workspace.path("pixel-\(UUID().uuidString).rgb")
    defer { try? FileManager.default.removeItem(atPath: raw) }
    try workspace.ffmpeg([
      "-y", "-v", "error", "-i", path, "-frames:v", "1", "-vf", "format=rgb24,crop=1:1:\(x):\(y)", "-f", "rawvideo",
      "-pix_fmt", "rgb24", raw,
    ])
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
    guard bytes.count == 3 else { throw RenderWorkspace.Failure(description: "no pixel (\(x), \(y)) in \(path)") }
    return (Int(bytes[0]), Int(bytes[1]), Int(bytes[2]))
  }

  /// Whether a colour is mostly `channel` (0 red, 1 green, 2 blue): that channel above 150,
  /// the others below 90.
  static func isMostly(_ colour: (r: Int, g: Int, b: Int), _ channel: Int) -> Bool {
    let values = [colour.r, colour.g, colour.b]
    return values.indices.allSatisfy { $0 == channel ? values[$0] > 150 : values[$0] < 90 }
  }

  // MARK: Orientation

  /// How a test file is turned: the tag or matrix written, the display size, and the
  /// filters that make its stored picture from the picture as shown (the inverse turn).
  struct Turn: CustomTestStringConvertible, Sendable {
    var name: String
    /// `rotate=N` for FFmpeg 5.1's MP4 muxer, which writes it as a display matrix.
    var rotateTag: Int?
    /// `(a, b, c, d)` of a display matrix written into the file's `tkhd` box by hand (the
    /// 5.1 CLI cannot write a flip).
    var matrix: (Int32, Int32, Int32, Int32)?
    var inverse: String
    /// Whether the stored picture's sides are swapped relative to the shown one.
    var swapsSides: Bool
    /// Whether the file has sound: the graph then reads two pads of it and turns the
    /// pictures itself (`-noautorotate`); a graph with one pad leaves the turn to the CLI's
    /// autorotation (docs/graph.md §1).
    var withSound = false
    var testDescription: String { name + (withSound ? ", with sound" : "") }
  }

  static let turns: [Turn] = [
    // FFmpeg 5.1 writes `rotate=270` as a matrix shown turned 90° clockwise.
    Turn(name: "rotated 90°", rotateTag: 270, inverse: "transpose=cclock", swapsSides: true),
    Turn(name: "rotated 180°", rotateTag: 180, inverse: "hflip,vflip", swapsSides: false),
    Turn(name: "rotated 270°", rotateTag: 90, inverse: "transpose=clock", swapsSides: true),
    Turn(name: "rotated 90°", rotateTag: 270, inverse: "transpose=cclock", swapsSides: true, withSound: true),
    // FFmpeg 5.1's CLI ignores a mirror: only a graph that turns the pictures itself shows it.
    Turn(name: "mirrored", matrix: (-1, 0, 0, 1), inverse: "hflip", swapsSides: false, withSound: true),
    Turn(
      name: "mirrored, rotated 90°", matrix: (0, -1, -1, 0), inverse: "transpose=clock_flip", swapsSides: true,
      withSound: true),
  ]

  /// A source stored turned with a display matrix is shown upright at its display size in
  /// all three renders: lime top left, red top right, blue along the bottom, as drawn. The
  /// checker takes the size as shown (a `fit contain` would bar a 96×64 picture on a 64×96
  /// canvas); frames stay exact.
  @Test(arguments: turns)
  func turnedSourceIsShownUpright(_ turn: Turn) throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    let (width, height) = turn.swapsSides ? (64, 96) : (96, 64)
    let shown =
      "color=c=blue:s=\(width)x\(height):r=25:d=0.4,drawbox=x=0:y=0:w=iw:h=ih/2:c=red:t=fill,"
      + "drawbox=x=0:y=0:w=iw/2:h=ih/2:c=lime:t=fill"
    let sound = turn.withSound ? ["-f", "lavfi", "-i", "sine=duration=0.4", "-c:a", "aac"] : []
    let stored = try workspace.make(
      "media/stored.mp4",
      ["-f", "lavfi", "-i", "\(shown),\(turn.inverse)"] + sound + [
        "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
      ])
    if let tag = turn.rotateTag {
      try workspace.make("media/phone.mp4", ["-i", stored, "-c", "copy", "-metadata:s:v:0", "rotate=\(tag)"])
    } else if let (a, b, c, d) = turn.matrix {
      try FileManager.default.copyItem(atPath: stored, toPath: workspace.path("media/phone.mp4"))
      try Self.writeDisplayMatrix(a, b, c, d, into: workspace.path("media/phone.mp4"))
    }
    let probed = try MediaProbe.probe(path: workspace.path("media/phone.mp4")).primaryVideo?.video
    #expect(probed.map { $0.displaySize == (width, height) } == true, "\(String(describing: probed))")

    let renders = try Self.renderThreeWays(
      """
      canvas \(width)x\(height) fps: 25
      let phone = video("media/phone.mp4")
      track main {
        clip phone {
          fit contain
        }
      }
      export "out/turned.mp4"
      """, workspace: workspace)

    for (name, path) in renders.all {
      let topLeft = try Self.colour(path, x: width / 4, y: height / 4, workspace: workspace)
      let topRight = try Self.colour(path, x: width * 3 / 4, y: height / 4, workspace: workspace)
      let bottom = try Self.colour(path, x: width / 2, y: height * 3 / 4, workspace: workspace)
      #expect(Self.isMostly(topLeft, 1), "\(name): top left \(topLeft)")
      #expect(Self.isMostly(topRight, 0), "\(name): top right \(topRight)")
      #expect(Self.isMostly(bottom, 2), "\(name): bottom \(bottom)")
    }
  }

  /// Overwrites the `a b c d` entries (16.16 fixed point) of the display matrix in the
  /// first `tkhd` box of an MP4 file.
  static func writeDisplayMatrix(_ a: Int32, _ b: Int32, _ c: Int32, _ d: Int32, into path: String) throws {
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let tag: [UInt8] = Array("tkhd".utf8)
    guard let type = (0..<(bytes.count - 4)).first(where: { Array(bytes[$0..<($0 + 4)]) == tag }) else {
      throw RenderWorkspace.Failure(description: "no tkhd box in \(path)")
    }
    // After the type: version and flags, then times, track, duration (32- or 64-bit),
    // reserved, layer, group, volume, reserved; then the matrix.
    let matrix = type + 4 + (bytes[type + 4] == 1 ? 52 : 40)
    func put(_ value: Int32, at offset: Int) {
      let bits = UInt32(bitPattern: value)
      for k in 0..<4 { bytes[offset + k] = UInt8((bits >> (24 - 8 * UInt32(k))) & 0xFF) }
    }
    for (index, value) in [(0, a), (1, b), (3, c), (4, d)] { put(value << 16, at: matrix + 4 * index) }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  // MARK: HDR

  /// An HLG or PQ source (BT.2020, 10-bit) is tone-mapped to SDR BT.709 in all three renders:
  /// its red, green and blue bars keep their hue (read naively they come out brown, olive and
  /// dull blue), and the output is tagged BT.709.
  @Test(arguments: ["arib-std-b67", "smpte2084"])
  func highDynamicRangeSourceKeepsItsHues(_ transfer: String) throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    let bars =
      "color=c=red:s=1280x720:r=25:d=0.12,drawbox=x=428:y=0:w=428:h=ih:c=lime:t=fill,"
      + "drawbox=x=856:y=0:w=424:h=ih:c=blue:t=fill,format=gbrpf32le,"
      + "zscale=tin=bt709:t=\(transfer):pin=bt709:p=bt2020:m=bt2020nc:r=tv:npl=100,format=yuv420p10le"
    try workspace.make(
      "media/hdr.mp4",
      [
        "-f", "lavfi", "-i", bars, "-c:v", "libx265", "-x265-params", "log-level=error", "-preset", "ultrafast",
        "-color_primaries", "bt2020", "-color_trc", transfer, "-colorspace", "bt2020nc",
      ])

    // HD, so that the output is tagged BT.709 (docs/render.md); at the source's size, so
    // that the comparison measures the tone mapping, not two ways of scaling sharp edges
    // between saturated colours.
    let renders = try Self.renderThreeWays(
      """
      canvas 1280x720 fps: 25
      let hdr = video("media/hdr.mp4")
      track main {
        clip hdr
      }
      export "out/sdr.mp4"
      """, workspace: workspace)

    for (name, path) in renders.all {
      for (channel, x) in [(0, 1280 / 6), (1, 1280 / 2), (2, 1280 * 5 / 6)] {
        let c = try Self.colour(path, x: x, y: 360, workspace: workspace)
        let values = [c.r, c.g, c.b]
        let others = values.indices.filter { $0 != channel }.map { values[$0] }.reduce(0, +)
        #expect(values[channel] > 3 * others, "\(name): bar \(channel) is \(c)")
      }
      let tags = try workspace.ffmpegProbeTags(path)
      #expect(tags == ["bt709", "bt709", "bt709", "tv"], "\(name): \(tags)")
    }
  }

  // MARK: Alpha

  /// A VP9 WebM with an alpha channel (`alpha_mode` 1), overlaid on a red main track, lets
  /// the red through where it is transparent in all three renders: FFmpeg's own VP9
  /// decoder ignores the alpha (the transparent half would come out black), so both
  /// backends decode it with libvpx.
  @Test func webmAlphaIsRespectedInOverlays() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    try workspace.make(
      "media/alpha.webm",
      [
        "-f", "lavfi", "-i", "color=c=blue:s=32x48:r=25:d=0.4,format=rgba,pad=64:48:0:0:color=black@0",
        "-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-deadline", "realtime", "-cpu-used", "8",
      ])
    let probed = try MediaProbe.probe(path: workspace.path("media/alpha.webm")).primaryVideo?.video
    #expect(probed?.hasSideAlpha == true)

    let renders = try Self.renderThreeWays(
      """
      canvas 64x48 fps: 25
      let logo = video("media/alpha.webm")
      track main {
        clip color(red) duration: 400ms
      }
      track overlay {
        clip logo at: 0s {
          position topLeading
        }
      }
      export "out/alpha.mp4"
      """, workspace: workspace)

    for (name, path) in renders.all {
      let opaque = try Self.colour(path, x: 12, y: 24, workspace: workspace)
      let transparent = try Self.colour(path, x: 52, y: 24, workspace: workspace)
      #expect(Self.isMostly(opaque, 2), "\(name): the opaque half is \(opaque)")
      #expect(Self.isMostly(transparent, 0), "\(name): the transparent half is \(transparent)")
    }
  }
}

extension RenderWorkspace {
  /// `color_space`, `color_primaries`, `color_transfer` and `color_range` of the first
  /// video stream of `path`, as ffprobe reports them.
  func ffmpegProbeTags(_ path: String) throws -> [String] {
    let result = try FFmpegCLI.run(
      [
        "-v", "error", "-select_streams", "v:0", "-show_entries",
        "stream=color_space,color_primaries,color_transfer,color_range", "-of", "default=noprint_wrappers=1", path,
      ], executable: ChildProcess.ffprobe)
    let text = String(decoding: result.stdout, as: UTF8.self)
    var values: [String: String] = [:]
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: "=", maxSplits: 1)
      if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
    }
    return ["color_space", "color_primaries", "color_transfer", "color_range"].map { values[$0] ?? "?" }
  }
}
