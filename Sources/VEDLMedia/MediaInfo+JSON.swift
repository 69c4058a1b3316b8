import Foundation
import VEDLTime

extension MediaInfo {
  /// The probe result as JSON-compatible values (dictionaries, arrays, strings, numbers,
  /// `NSNull` for unknown), for `vedl probe MEDIA --format json`. Every key is always present.
  /// Times and rates appear twice: `"exact"` is the fraction as text (`"30000/1001"`), the
  /// number beside it is a rounded convenience.
  public var jsonObject: [String: Any] {
    [
      "path": path,
      "format": ["name": formatName, "longName": Self.json(formatLongName)] as [String: Any],
      "duration": Self.jsonSeconds(duration),
      "durationSource": Self.json(durationSource?.rawValue),
      "containerDuration": Self.jsonSeconds(containerDuration),
      "isStillImage": isStillImage,
      "hasVideo": hasVideo,
      "hasAudio": hasAudio,
      "primaryVideoStream": Self.json(primaryVideo?.index),
      "primaryAudioStream": Self.json(primaryAudio?.index),
      "streams": streams.map(Self.jsonStream),
    ]
  }

  /// `jsonObject` as pretty-printed JSON text with sorted keys (stable for golden tests),
  /// ending with a newline.
  public var jsonString: String {
    let options: JSONSerialization.WritingOptions = [
      .prettyPrinted, .sortedKeys, .withoutEscapingSlashes,
    ]
    // jsonObject holds only JSON types, so serialisation cannot fail.
    guard let data = try? JSONSerialization.data(withJSONObject: jsonObject, options: options)
    else {
      return "{}\n"
    }
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  private static func jsonStream(_ stream: StreamInfo) -> [String: Any] {
    var object: [String: Any] = [
      "index": stream.index,
      "kind": stream.kind.rawValue,
      "codec": stream.codecName,
      "timeBase": stream.timeBase.description,
      "startTime": jsonSeconds(stream.startTime),
      "duration": jsonSeconds(stream.duration),
      "isDefault": stream.isDefault,
      "isAttachedPicture": stream.isAttachedPicture,
      "language": json(stream.language),
      "video": NSNull(),
      "audio": NSNull(),
    ]
    if let video = stream.video {
      object["video"] =
        [
          "width": video.displaySize.width,
          "height": video.displaySize.height,
          "codedWidth": video.width,
          "codedHeight": video.height,
          "mirrored": video.mirrored,
          "colorSpace": json(video.colorSpace),
          "colorRange": json(video.colorRange),
          "colorTransfer": json(video.colorTransfer),
          "colorPrimaries": json(video.colorPrimaries),
          "sideAlpha": video.hasSideAlpha,
          "pixelFormat": json(video.pixelFormat),
          "frameRate": jsonRate(video.frameRate),
          "averageFrameRate": jsonRate(video.averageFrameRate),
          "realFrameRate": jsonRate(video.realFrameRate),
          "sampleAspectRatio": json(video.sampleAspectRatio?.description),
          "rotation": video.rotation,
          "frameCount": json(video.frameCount),
          "frameCountSource": json(video.frameCountSource?.rawValue),
          "firstFrameTime": jsonSeconds(video.firstFrameTime),
          "lastFrameTime": jsonSeconds(video.lastFrameTime),
        ] as [String: Any]
    }
    if let audio = stream.audio {
      object["audio"] =
        [
          "sampleRate": audio.sampleRate,
          "channels": audio.channels,
          "channelLayout": json(audio.channelLayout),
          "sampleFormat": json(audio.sampleFormat),
        ] as [String: Any]
    }
    return object
  }

  /// `{"seconds": 2.002, "exact": "1001/500"}` or `null`.
  private static func jsonSeconds(_ value: Rational?) -> Any {
    guard let value else { return NSNull() }
    return ["seconds": value.doubleValue, "exact": value.description] as [String: Any]
  }

  /// `{"fps": 29.97002997, "exact": "30000/1001"}` or `null`.
  private static func jsonRate(_ value: Rational?) -> Any {
    guard let value else { return NSNull() }
    return ["fps": value.doubleValue, "exact": value.description] as [String: Any]
  }

  private static func json(_ value: (any Sendable)?) -> Any {
    value ?? NSNull()
  }
}
