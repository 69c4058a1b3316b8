import Foundation
import Testing
import VEDLLowering
import VEDLRender
import VEDLSema
import VEDLTestSupport

/// `quality: lossless` keeps every pixel the renderer made: the decoded file is the filter
/// graph's own 4:2:0 output, sample for sample, in H.264 and in VP9; the native backend's
/// lossless file agrees with it as the two renderers do.
@Suite struct LosslessQualityTests {
  @Test(arguments: ["mp4", "webm"])
  func aLosslessExportDecodesToTheGraphsOwnPictures(_ format: String) throws {
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    try workspace.make(
      "media/phone.mp4",
      [
        "-f", "lavfi", "-i", "testsrc2=size=90x160:rate=30:duration=1", "-c:v", "libx264", "-preset", "ultrafast",
        "-pix_fmt", "yuv420p",
      ])
    // Saturated colours, an overlay at an odd position and text: what a lossy encoder blurs.
    let (file, timeline) = try workspace.check(
      """
      canvas 96x54 fps: 30
      track main {
        clip testpattern() duration: 20f
        crossfade 5f
        clip video("media/phone.mp4") duration: 20f
      }
      track overlay {
        shape rect at: 3f duration: 25f {
          fill #FF00FF
          size width: 17 height: 9
          position topLeading margin: 3
        }
      }
      track overlay {
        text "Hi" at: 0s duration: 1s {
          font "DejaVu Sans" size: 16 color: yellow
        }
      }
      export "out/master.\(format)" quality: lossless
      """)
    let target = try #require(RenderTarget.exports(of: timeline).first)
    let settings = workspace.settings(for: file)
    let outcome = try RenderJob(timeline: timeline, target: target, settings: settings).run()
    #expect(outcome.metadata?.frameCount == 35)

    // The graph run by the ffmpeg CLI up to its picture, hashed as raw 4:2:0 samples.
    let plan = try RenderPlan(timeline: timeline, target: target, settings: settings)
    let command = plan.command(output: workspace.path("unused.\(format)"))
    let map = try #require(command.firstIndex(of: "[v]"))
    let rawPath = workspace.path("graph.md5")
    try workspace.ffmpeg(Array(command[...map]) + ["-pix_fmt", "yuv420p", "-f", "md5", rawPath])
    let raw = try String(contentsOfFile: rawPath, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(raw.hasPrefix("MD5="))
    #expect(try workspace.decodedDigest(target.path, stream: "v") == raw)

    if format == "mp4" {
      let probe = try ffprobe([
        "-select_streams", "v:0", "-show_entries", "stream=profile", "-of", "csv=p=0", target.path,
      ])
      #expect(probe.trimmingCharacters(in: .whitespacesAndNewlines) == "High 4:4:4 Predictive")
    }

    // The native backend's lossless file agrees with the FFmpeg backend's as the renderers do.
    var native = workspace.settings(for: file)
    native.backend = .native
    let nativePath = workspace.path("out/native.\(format)")
    let nativeTarget = RenderTarget(path: nativePath, format: target.format, export: target.export)
    _ = try RenderJob(timeline: timeline, target: nativeTarget, settings: native).run()
    let psnr = try workspace.psnr(target.path, nativePath)
    #expect(psnr >= 38, "PSNR \(psnr) dB")
  }

  private func ffprobe(_ arguments: [String]) throws -> String {
    String(
      decoding: try FFmpegCLI.run(["-v", "error"] + arguments, executable: ChildProcess.ffprobe).stdout, as: UTF8.self)
  }
}
