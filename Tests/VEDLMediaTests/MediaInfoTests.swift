import Testing
import VEDLTime

@testable import VEDLMedia

/// The pure rules on `MediaInfo`: which stream is primary, what counts as a still.
@Suite struct MediaInfoTests {
  private func video(
    _ index: Int, isDefault: Bool = false, frames: Int64? = nil, attached: Bool = false
  ) -> StreamInfo {
    StreamInfo(
      index: index, kind: .video, codecName: "h264", timeBase: Rational(1, 90000)!,
      isDefault: isDefault,
      isAttachedPicture: attached, video: VideoStreamInfo(width: 2, height: 2, frameCount: frames))
  }

  private func audio(_ index: Int, isDefault: Bool = false) -> StreamInfo {
    StreamInfo(
      index: index, kind: .audio, codecName: "aac", timeBase: Rational(1, 48000)!,
      isDefault: isDefault,
      audio: AudioStreamInfo(sampleRate: 48000, channels: 2))
  }

  @Test func primaryStreamIsTheDefaultElseTheFirst() {
    let info = MediaInfo(
      path: "a", formatName: "x",
      streams: [video(0), video(1, isDefault: true), audio(2), audio(3)])

    #expect(info.primaryVideo?.index == 1)
    #expect(info.primaryAudio?.index == 2)
    #expect(info.streams(of: .audio).map(\.index) == [2, 3])
  }

  @Test func coverPictureIsNeverThePrimaryVideo() {
    let info = MediaInfo(
      path: "a", formatName: "x", streams: [audio(0), video(1, isDefault: true, attached: true)])

    #expect(info.primaryVideo == nil)
    #expect(!info.hasVideo)
    #expect(info.hasAudio)
  }

  @Test func stillImageRule() {
    #expect(MediaProbe.isStillImage(formatName: "png_pipe", streams: [video(0, frames: 1)]))
    #expect(MediaProbe.isStillImage(formatName: "image2", streams: [video(0)]))
    #expect(!MediaProbe.isStillImage(formatName: "image2", streams: [video(0, frames: 3)]))
    #expect(
      MediaProbe.isStillImage(formatName: "mov,mp4,m4a,3gp,3g2,mj2", streams: [video(0, frames: 1)])
    )
    #expect(
      !MediaProbe.isStillImage(
        formatName: "mov,mp4,m4a,3gp,3g2,mj2", streams: [video(0, frames: 1), audio(1)]))
    #expect(!MediaProbe.isStillImage(formatName: "mov,mp4,m4a,3gp,3g2,mj2", streams: [video(0)]))
    #expect(
      !MediaProbe.isStillImage(
        formatName: "mp3", streams: [audio(0), video(1, frames: 1, attached: true)]))
  }

  @Test func displaySizeFollowsRotation() {
    #expect(VideoStreamInfo(width: 1920, height: 1080, rotation: 90).displaySize == (1080, 1920))
    #expect(VideoStreamInfo(width: 1920, height: 1080, rotation: 180).displaySize == (1920, 1080))
  }

  @Test func decimalsAreShortAndExact() {
    #expect(MediaInfo.shortDecimal(Rational(2), places: 6) == "2")
    #expect(MediaInfo.shortDecimal(Rational(1001, 500)!, places: 6) == "2.002")
    #expect(MediaInfo.shortDecimal(Rational(1, 3)!, places: 6) == "0.333333")
    #expect(MediaInfo.shortDecimal(Rational(2, 3)!, places: 6) == "0.666667")
    #expect(MediaInfo.secondsText(Rational(1, 30)!) == "0.033333 s (1/30)")
    #expect(MediaInfo.rateText(Rational(30000, 1001)!) == "29.97 fps (30000/1001)")
    #expect(MediaInfo.rateText(Rational(25)) == "25 fps (25)")
  }
}
