import Foundation
import Testing
import VEDLTestSupport

@testable import VEDLPreview

/// After the first frame request, every frame comes from source pictures the server decoded
/// and kept (docs/preview.md, "Warm frames"): a jump into a long group of pictures does not
/// decode from its key frame — shown here by taking the file away after the first request.
@Suite struct PreviewKeptPicturesTests {
  static let script = """
    vedl 1
    canvas 180x320 fps: 30
    let phone = video("media/phone clip.mp4")
    track main {
      clip phone trim: 500ms..3500ms
      crossfade 500ms
      clip phone trim: 1s..2s speed: 2x
    }
    track overlay {
      text "kept" at: 0s until: end {
        font "DejaVu Sans" size: 24 color: white
        position bottom margin: 8
      }
    }
    """

  @Test func framesAfterTheFirstComeFromKeptPictures() throws {
    let fixture = try PreviewFixture(script: Self.script)
    let media = (fixture.folder as NSString).appendingPathComponent("media")
    try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
    let video = (media as NSString).appendingPathComponent("phone clip.mp4")
    // One key frame for the whole file (a 4 s group of pictures), portrait.
    try FFmpegCLI.mustRun([
      "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=180x320:rate=30:duration=4", "-c:v", "libx264",
      "-preset", "ultrafast", "-g", "300", "-pix_fmt", "yuv420p", video,
    ])
    // The script was checked before the file existed; a save makes the server read it.
    try fixture.save(Self.script + "\n")
    let frameCount: Int64 = 90 + 15 - 15
    var ready = false
    for _ in 0..<100 where !ready {
      ready = try fixture.http.get("/frame/0.png").status == 200
      if !ready { Thread.sleep(forTimeInterval: 0.1) }
    }
    let checked = try fixture.http.get("/diagnostics.json").text
    #expect(ready, "the edit never checked: \(checked)")
    // 90 pictures from 15 to 104, 15 of them (30 to 58, every other one) shown twice.
    let store = fixture.server.session.pictureStore
    #expect(store.pictureCount == 90)

    // A save of the script alone keeps the pictures for the next revision.
    let revision = fixture.server.session.revision
    try fixture.save(Self.script + "\n\n")
    for _ in 0..<50 where fixture.server.session.revision == revision { Thread.sleep(forTimeInterval: 0.1) }
    #expect(fixture.server.session.revision > revision)
    #expect(try fixture.http.get("/frame/0.png").status == 200)
    #expect(fixture.server.session.pictureStore === store)
    #expect(store.pictureCount == 90)

    let order: [Int64] = [89, 3, 70, 45, frameCount - 1, 12, 80, 60, 1]
    var stills: [Int64: Picture] = [:]
    for k in order { stills[k] = try fixture.still(frame: k) }

    try FileManager.default.moveItem(atPath: video, toPath: fixture.folder + "/elsewhere.mp4")
    for k in order {
      let served = try fixture.served(frame: k)
      #expect(served.rgb == stills[k]?.rgb, "frame \(k) differs from vedl still")
    }
    // The server noticed: the script has an error now, and the last good revision still
    // serves.
    var diagnostics = ""
    for _ in 0..<50 where !diagnostics.contains("phone clip.mp4") {
      Thread.sleep(forTimeInterval: 0.1)
      diagnostics = try fixture.http.get("/diagnostics.json").text
    }
    #expect(diagnostics.contains("phone clip.mp4"), "\(diagnostics)")
    #expect(try fixture.served(frame: 45).rgb == stills[45]?.rgb)
    // A changed media file starts a new store.
    #expect(fixture.server.session.pictureStore !== store)
  }
}
