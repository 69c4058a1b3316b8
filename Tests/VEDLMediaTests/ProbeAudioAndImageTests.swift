import Testing
import VEDLMedia
import VEDLTime

/// Probing sound-only files and still pictures.
@Suite struct ProbeAudioAndImageTests {
  @Test func wavHasAudioOnlyWithExactDuration() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let path = try fixtures.ffmpeg(
      ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", "1"], output: "tone.wav")

    let info = try MediaProbe.probe(path: path)

    #expect(info.formatName == "wav")
    #expect(!info.hasVideo)
    #expect(info.hasAudio)
    #expect(info.primaryVideo == nil)
    #expect(!info.isStillImage)
    let stream = try #require(info.primaryAudio)
    #expect(stream.codecName == "pcm_s16le")
    #expect(stream.audio?.sampleRate == 48000)
    #expect(stream.audio?.channels == 1)
    #expect(stream.audio?.sampleFormat == "s16")
    // WAV without a channel mask has no named layout, only a count.
    #expect(stream.audio?.channelLayout == nil)
    #expect(info.duration == Rational(1))
    #expect(
      info.textDescription.contains(
        "stream #0: audio pcm_s16le, 48000 Hz, 1 channel, s16, time base 1/48000"))
  }

  @Test func pngIsAStillImageWithOneFrameAndNoDuration() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let path = try fixtures.ffmpeg(
      ["-f", "lavfi", "-i", "testsrc2=size=64x48", "-frames:v", "1"], output: "frame.png")

    let info = try MediaProbe.probe(path: path)

    #expect(info.isStillImage)
    #expect(info.hasVideo)
    #expect(!info.hasAudio)
    #expect(info.duration == nil)
    let stream = try #require(info.primaryVideo)
    #expect(stream.codecName == "png")
    #expect(stream.video?.width == 64)
    #expect(stream.video?.height == 48)
    #expect(stream.video?.frameCount == 1)
    // The image demuxer's nominal 25 fps is not shown as a fact about the picture.
    #expect(info.textDescription.contains("still:     yes\n"))
    #expect(
      info.textDescription.contains(
        "stream #0: video png, 64x48, rgb24, 1 frame (counted), time base"))
    #expect(!info.textDescription.contains("fps"))
  }

  @Test func jpegIsAStillImage() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let path = try fixtures.ffmpeg(
      ["-f", "lavfi", "-i", "testsrc2=size=64x48", "-frames:v", "1"], output: "frame.jpg")

    let info = try MediaProbe.probe(path: path)

    #expect(info.isStillImage)
    #expect(info.primaryVideo?.codecName == "mjpeg")
    #expect(info.primaryVideo?.video?.frameCount == 1)
  }

  @Test func oneFrameMp4IsAStillButTwoFramesAreNot() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let one = try fixtures.ffmpeg(
      [
        "-f", "lavfi", "-i", "testsrc2=size=64x48", "-frames:v", "1", "-c:v", "libx264", "-pix_fmt",
        "yuv420p",
      ],
      output: "one.mp4")
    let two = try fixtures.ffmpeg(
      [
        "-f", "lavfi", "-i", "testsrc2=size=64x48", "-frames:v", "2", "-c:v", "libx264", "-pix_fmt",
        "yuv420p",
      ],
      output: "two.mp4")

    #expect(try MediaProbe.probe(path: one).isStillImage)
    #expect(try !MediaProbe.probe(path: two).isStillImage)
  }
}
