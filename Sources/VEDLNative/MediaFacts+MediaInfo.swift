import VEDLMedia
import VEDLSema

extension MediaFacts {
  /// The checker's facts about a probed file (VEDLMedia → Sema), one reading for the command
  /// line and the tests: the primary video stream's size as shown (after its display
  /// matrix, which both backends apply), rate, frame count, colours, orientation, codec, side
  /// alpha, and the lengths of its picture and sound streams.
  public init(probed info: MediaInfo) {
    let video = info.primaryVideo?.video
    let shown = video?.displaySize
    self.init(
      duration: info.duration, hasVideo: info.hasVideo, hasAudio: info.hasAudio, isStillImage: info.isStillImage,
      width: shown.map { Int64($0.width) }, height: shown.map { Int64($0.height) }, frameRate: video?.frameRate,
      frameCount: video?.frameCount, pixelFormat: video?.pixelFormat, colorSpace: video?.colorSpace,
      colorRange: video?.colorRange, timeBase: info.primaryVideo?.timeBase,
      videoDuration: info.primaryVideo?.duration, audioDuration: info.primaryAudio?.duration,
      orientation: DisplayOrientation(rotation: video?.rotation ?? 0, mirrored: video?.mirrored ?? false),
      colorTransfer: video?.colorTransfer, colorPrimaries: video?.colorPrimaries,
      videoCodec: info.primaryVideo?.codecName, hasSideAlpha: video?.hasSideAlpha ?? false)
  }
}
