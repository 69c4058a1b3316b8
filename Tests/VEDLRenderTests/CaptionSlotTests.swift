import Foundation
import Testing
import VEDLLowering
import VEDLRender
import VEDLSema
import VEDLTestSupport

/// Burnt-in captions are drawn by as many `drawtext` slots as lines are on screen at once,
/// given their lines by timed commands: a long captions file no longer makes one text filter
/// per cue (12,000 cues took 3.4 GB), and every cue still shows on exactly its frames.
@Suite struct CaptionSlotTests {
  /// `count` cues of 0.3 s back to back, every third one of two lines, with characters each
  /// level of FFmpeg's escaping treats specially.
  static func captions(_ count: Int) -> String {
    func time(_ tenths: Int) -> String {
      String(format: "00:%02d:%02d,%03d", tenths / 600, tenths / 10 % 60, tenths % 10 * 100)
    }
    return (0..<count).map { i in
      let text = i % 3 == 0 ? "Cue \(i): it's \"a\" \\ b;\nsecond, [line] %{pts}" : "Cue \(i)"
      return "\(i + 1)\n\(time(3 * i)) --> \(time(3 * i + 3))\n\(text)\n"
    }.joined(separator: "\n")
  }

  static func script(seconds: Int) -> String {
    """
    canvas 160x90 fps: 10
    track main {
      clip color(#203040) duration: \(seconds)s
    }
    captions {
      import "subs.srt"
    }
    export "out/captions.mp4" quality: lossless
    """
  }

  @Test func aThousandCuesNeedTwoTextFilters() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    _ = try workspace.write(Self.captions(1000), to: "subs.srt")
    let (file, timeline) = try workspace.check(Self.script(seconds: 300))
    let target = try #require(RenderTarget.exports(of: timeline).first)
    let plan = try RenderPlan(timeline: timeline, target: target, settings: workspace.settings(for: file))
    let filters = plan.graph.chains.flatMap(\.filters)
    #expect(filters.filter { $0.name.hasPrefix("drawtext") }.count == 2)
    // Each of the 1000 cues: its lines switched on and off; each line after a slot's first
    // one given to its slot. 334 cues have two lines.
    let commands = plan.graph.commands
    #expect(commands.filter { $0.command == "enable" }.count == 2 * (1000 + 334))
    #expect(commands.filter { $0.command == "reinit" }.count == 1000 + 334 - 2)
    #expect(commands.map(\.time) == commands.map(\.time).sorted())
    // The in-process runner queues them and runs no `sendcmd`.
    #expect(!plan.graph.withoutSendcmd.chains.flatMap(\.filters).contains { $0.name == "sendcmd" })
    #expect(filters.filter { $0.name == "sendcmd" }.count == 1)
  }

  /// 40 cues over 12 s: the in-process render is the ejected command's picture exactly, and
  /// agrees with the native renderer on every frame.
  @Test func cuesShowOnTheirFramesInEveryRenderer() throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    _ = try workspace.write(Self.captions(40), to: "subs.srt")
    let (file, timeline) = try workspace.check(Self.script(seconds: 12))
    let target = try #require(RenderTarget.exports(of: timeline).first)
    let settings = workspace.settings(for: file)
    _ = try RenderJob(timeline: timeline, target: target, settings: settings).run()
    #expect(try workspace.frameCount(target.path) == 120)

    let plan = try RenderPlan(timeline: timeline, target: target, settings: settings)
    let ejected = workspace.path("ejected.mp4")
    try workspace.ffmpeg(plan.command(output: ejected))
    #expect(try workspace.decodedDigest(target.path, stream: "v") == workspace.decodedDigest(ejected, stream: "v"))

    var native = settings
    native.backend = .native
    let nativePath = workspace.path("out/native.mp4")
    _ = try RenderJob(
      timeline: timeline, target: RenderTarget(path: nativePath, format: .mp4, export: target.export),
      settings: native
    ).run()
    let worst = try Self.worstFramePSNR(workspace, target.path, nativePath)
    #expect(worst >= 35, "worst frame \(worst) dB")
  }

  /// The lowest per-frame PSNR (RGB) between two files' pictures.
  static func worstFramePSNR(_ workspace: RenderWorkspace, _ a: String, _ b: String) throws -> Double {
    let values = try FFmpegCLI.psnrPerFrame(a, b, folder: workspace.directory, pixelFormat: "rgb24")
    #expect(values.count == 120)
    return values.min() ?? 0
  }
}
