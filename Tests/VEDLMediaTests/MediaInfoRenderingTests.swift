import Foundation
import Testing
import VEDLMedia
import VEDLTime

/// The text and JSON forms `vedl probe` prints.
@Suite struct MediaInfoRenderingTests {
  private func ntscClipInfo() throws -> MediaInfo {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let path = try fixtures.ffmpeg(
      [
        "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=30000/1001", "-frames:v", "60",
        "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
      ],
      output: "ntsc.mp4")
    return try MediaProbe.probe(path: path)
  }

  @Test func textShowsDurationRateAndFrameCount() throws {
    let info = try ntscClipInfo()

    let lines = info.textDescription.split(separator: "\n").map(String.init)

    #expect(lines.contains("format:    mov,mp4,m4a,3gp,3g2,mj2 (QuickTime / MOV)"))
    #expect(lines.contains("duration:  2.002 s (1001/500), from the streams"))
    #expect(lines.contains("still:     no"))
    #expect(
      lines.contains(
        "stream #0: video h264, 64x48, yuv420p, 29.97 fps (30000/1001), 60 frames (from the container), "
          + "time base 1/30000, duration 2.002 s (1001/500), default"),
      "got:\n\(info.textDescription)")
  }

  @Test func jsonRoundTripsTheExactValues() throws {
    let info = try ntscClipInfo()

    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(info.document)
    let document = try JSONDecoder().decode(MediaInfo.Document.self, from: data)
    #expect(document == info.document)

    #expect(document.hasVideo && !document.hasAudio && !document.isStillImage)
    #expect(document.duration == MediaInfo.Document.Seconds(seconds: 2.002, exact: "1001/500"))
    #expect(document.streams.count == 1)
    #expect(document.streams[0].kind == "video" && document.streams[0].codec == "h264")
    let video = try #require(document.streams[0].video)
    #expect(video.width == 64 && video.frameCount == 60 && video.frameCountSource == "container")
    #expect(video.frameRate?.exact == "30000/1001")
    #expect(document.streams[0].audio == nil)
    // Unknown values are written as null, never left out.
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains(#""audio":null"#) && text.contains(#""language":null"#))
  }

  @Test func textOfAHandBuiltStillAndAudioFile() {
    let info = MediaInfo(
      path: "song.mp3", formatName: "mp3", formatLongName: "MP2/3 (MPEG audio layer 2/3)",
      duration: Rational(31031, 15000), durationSource: .streams,
      streams: [
        StreamInfo(
          index: 0, kind: .audio, codecName: "mp3", timeBase: Rational(1, 14_112_000)!,
          isDefault: true,
          audio: AudioStreamInfo(
            sampleRate: 44100, channels: 2, channelLayout: "stereo", sampleFormat: "fltp")),
        StreamInfo(
          index: 1, kind: .video, codecName: "mjpeg", timeBase: Rational(1, 90000)!,
          isAttachedPicture: true,
          video: VideoStreamInfo(
            width: 600, height: 600, frameCount: 1, frameCountSource: .container)),
      ])

    let text = info.textDescription

    #expect(text.contains("duration:  2.068733 s (31031/15000), from the streams\n"))
    #expect(
      text.contains("stream #0: audio mp3, 44100 Hz, stereo, fltp, time base 1/14112000, default\n")
    )
    #expect(
      text.contains(
        "stream #1: video mjpeg, 600x600, 1 frame (from the container), time base 1/90000, attached picture\n"
      ))
    #expect(info.primaryVideo == nil)
    #expect(!info.hasVideo)
    #expect(info.primaryAudio?.index == 0)
  }
}
