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
