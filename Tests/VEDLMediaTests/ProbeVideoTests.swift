import Foundation
import Testing
import VEDLMedia
import VEDLTime

/// Probing video files made at test time with FFmpeg's `testsrc2`.
@Suite struct ProbeVideoTests {
  @Test func h264ClipHasSizeRateFrameCountAndExactDuration() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let path = try fixtures.testClip("clip.mp4")

    let info = try MediaProbe.probe(path: path)

    #expect(info.formatName.contains("mp4"))
    #expect(info.hasVideo)
    #expect(!info.hasAudio)
    #expect(!info.isStillImage)
    #expect(info.duration == Rational(2))
    #expect(info.durationSource == .streams)
    let stream = try #require(info.primaryVideo)
    #expect(stream.codecName == "h264")
    let video = try #require(stream.video)
    #expect(video.width == 64)
    #expect(video.height == 48)
    #expect(video.pixelFormat == "yuv420p")
    #expect(video.averageFrameRate == Rational(30))
    #expect(video.frameRate == Rational(30))
    #expect(video.frameCount == 60)
    #expect(video.frameCountSource == .container)
    #expect(stream.duration == Rational(2))
    #expect(info.primaryAudio == nil)
  }

  @Test func countingPacketsGivesExactCountAndFirstAndLastFrameTimes() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let path = try fixtures.testClip("clip.mp4")

    let info = try MediaProbe.probe(path: path, options: .countFrames)

    let video = try #require(info.primaryVideo?.video)
    #expect(video.frameCount == 60)
    #expect(video.frameCountSource == .packets)
    #expect(video.firstFrameTime == Rational.zero)
    #expect(video.lastFrameTime == Rational(59, 30))
  }

  @Test func ntscRateIsExactly30000Over1001() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let path = try fixtures.ffmpeg(
      [
        "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=30000/1001", "-frames:v", "60",
        "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
      ],
      output: "ntsc.mp4")

    let info = try MediaProbe.probe(path: path, options: .countFrames)

    let video = try #require(info.primaryVideo?.video)
    #expect(video.averageFrameRate == Rational(30000, 1001))
    #expect(video.realFrameRate == Rational(30000, 1001))
    #expect(video.frameCount == 60)
    #expect(video.lastFrameTime == Rational(59 * 1001, 30000))
    // 60 frames of 1001/30000 s each: 2.002 s exactly, not a rounded float.
    #expect(info.duration == Rational(1001, 500))
  }

  @Test func clipWithSineTrackHasAudio() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let path = try fixtures.testClip("av.mp4", withAudio: .sine)

    let info = try MediaProbe.probe(path: path)

    #expect(info.hasVideo)
    #expect(info.hasAudio)
    #expect(info.streams.count == 2)
    let audioStream = try #require(info.primaryAudio)
    #expect(audioStream.codecName == "aac")
    let audio = try #require(audioStream.audio)
    #expect(audio.sampleRate == 48000)
    #expect(audio.channels == 1)
    #expect(audio.channelLayout == "mono")
    #expect(info.primaryVideo?.video?.frameCount == 60)
    // The file's duration is its longest stream; AAC may run a few samples past the video.
    let duration = try #require(info.duration)
    #expect(duration >= Rational(2) && duration < Rational(21, 10)!)
  }

  @Test func matroskaFrameCountIsCountedBecauseTheContainerDoesNotSay() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let path = try fixtures.testClip("clip.mkv")

    let counted = try MediaProbe.probe(path: path)
    let video = try #require(counted.primaryVideo?.video)
    #expect(counted.formatName == "matroska,webm")
    #expect(video.frameCount == 60)
    #expect(video.frameCountSource == .packets)
    #expect(video.averageFrameRate == Rational(30))

    let uncounted = try MediaProbe.probe(path: path, options: ProbeOptions(frameCounting: .never))
    #expect(uncounted.primaryVideo?.video?.frameCount == nil)
    #expect(uncounted.primaryVideo?.video?.frameCountSource == nil)
  }

  @Test func mp4CutInHalfIsTruncatedWhenFramesAreCounted() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    // With the index at the front, a file cut short still opens: only counting finds the loss.
    let whole = try fixtures.testClip("whole.mp4", extraArguments: ["-movflags", "+faststart"])
    let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
    let half = try fixtures.write(bytes.prefix(bytes.count / 2), to: "half.mp4")

    let trusting = try MediaProbe.probe(
      path: half, options: ProbeOptions(frameCounting: .whenUnknown))
    #expect(trusting.primaryVideo?.video?.frameCount == 60)

    do {
      let info = try MediaProbe.probe(path: half, options: .countFrames)
      Issue.record(
        "expected a truncation error, got \(info.primaryVideo?.video?.frameCount as Int64?) frames")
    } catch {
      guard case .truncated(_, let format, let detail) = error else {
        Issue.record("expected .truncated, got \(error)")
        return
      }
      #expect(format?.contains("mp4") == true)
      #expect(detail.contains("of the 60 frames"))
    }
  }

  @Test func displayMatrixGivesTheRotationAPlayerApplies() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let plain = try fixtures.testClip("plain.mp4", seconds: "1")
    // FFmpeg 5.1's MP4 muxer turns the `rotate` tag into a display matrix on stream copy.
    let rotated = try fixtures.ffmpeg(
      ["-i", plain, "-c", "copy", "-metadata:s:v:0", "rotate=90"], output: "rotated.mp4")

    let video = try #require(MediaProbe.probe(path: rotated).primaryVideo?.video)

    // The matrix FFmpeg writes for that tag rotates 90° counter-clockwise, which ffmpeg's own
    // autorotation undoes with `transpose=cclock`: 270° clockwise.
    #expect(video.rotation == 270)
    #expect(video.displaySize == (48, 64))
    #expect(try MediaProbe.probe(path: plain).primaryVideo?.video?.rotation == 0)
  }
}

/// Display matrices, HDR tags and side alpha as the probe reads them.
@Suite struct ProbeOrientationTests {
  /// The eight quarter turns and mirrors of a display matrix, read as FFmpeg 6.1's CLI picks
  /// `transpose`, `hflip` and `vflip` (FFmpeg 5.1 ignores the mirrors).
  @Test func displayMatricesGiveTheEightOrientations() {
    func matrix(_ a: Int32, _ b: Int32, _ c: Int32, _ d: Int32) -> [Int32] {
      [a << 16, b << 16, 0, c << 16, d << 16, 0, 0, 0, 1 << 30]
    }
    let cases: [([Int32], Int, Bool)] = [
      (matrix(1, 0, 0, 1), 0, false), (matrix(-1, 0, 0, 1), 0, true), (matrix(1, 0, 0, -1), 180, true),
      (matrix(-1, 0, 0, -1), 180, false), (matrix(0, 1, -1, 0), 90, false), (matrix(0, 1, 1, 0), 270, true),
      (matrix(0, -1, 1, 0), 270, false), (matrix(0, -1, -1, 0), 90, true),
    ]
    for (m, rotation, mirrored) in cases {
      let read = MediaProbe.orientation(displayMatrix: m)
      #expect(read.rotation == rotation && read.mirrored == mirrored, "\(m)")
    }
  }

  /// A phone's portrait video (stored landscape with a matrix) is described at the size it
  /// is shown, with how it is stored, in `vedl probe`'s text and JSON.
  @Test func turnedVideoReportsItsDisplaySize() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let plain = try fixtures.testClip("plain.mp4", size: "160x90", seconds: "1")
    let rotated = try fixtures.ffmpeg(
      ["-i", plain, "-c", "copy", "-metadata:s:v:0", "rotate=270"], output: "rotated.mp4")
    let info = try MediaProbe.probe(path: rotated)
    #expect(info.textDescription.contains("video h264, 90x160 (stored 160x90, rotated 90°), yuv420p"))
    let video = try #require(info.document.streams.first?.video)
    #expect(video.width == 90 && video.height == 160)
    #expect(video.codedWidth == 160 && video.codedHeight == 90)
    #expect(video.rotation == 90 && !video.mirrored)
  }

  /// HDR transfers and a WebM's side alpha are reported.
  @Test func hdrTagsAndSideAlphaAreReported() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let hlg = try fixtures.ffmpeg(
      [
        "-f", "lavfi", "-i", "color=c=red:s=64x48:r=25:d=0.12", "-c:v", "libx265", "-x265-params", "log-level=error",
        "-pix_fmt", "yuv420p10le", "-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace",
        "bt2020nc",
      ], output: "hlg.mp4")
    let hdr = try #require(try MediaProbe.probe(path: hlg).primaryVideo?.video)
    #expect(hdr.colorTransfer == "arib-std-b67" && hdr.colorPrimaries == "bt2020")
    #expect(try MediaProbe.probe(path: hlg).textDescription.contains("HDR HLG"))
    let webm = try fixtures.ffmpeg(
      [
        "-f", "lavfi", "-i", "color=c=blue@0.5:s=64x48:r=25:d=0.12,format=rgba", "-c:v", "libvpx-vp9", "-pix_fmt",
        "yuva420p", "-deadline", "realtime",
      ], output: "alpha.webm")
    #expect(try MediaProbe.probe(path: webm).primaryVideo?.video?.hasSideAlpha == true)
    #expect(try MediaProbe.probe(path: webm).textDescription.contains("alpha channel"))
  }
}
