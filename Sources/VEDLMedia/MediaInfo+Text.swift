import VEDLTime

extension MediaInfo {
  /// A human-readable report for `vedl probe MEDIA`: the container, the duration as decimal
  /// seconds and as the exact fraction, then one line per stream with its frame rate and
  /// frame count. Ends with a newline.
  public var textDescription: String {
    var lines = ["file:      \(path)"]
    lines.append("format:    \(formatName)" + (formatLongName.map { " (\($0))" } ?? ""))
    var durationLine = "duration:  " + (duration.map(Self.secondsText) ?? "unknown")
    if let durationSource { durationLine += ", from the \(durationSource.rawValue)" }
    lines.append(durationLine)
    lines.append("still:     " + (isStillImage ? "yes" : "no"))
    if streams.isEmpty { lines.append("streams:   none") }
    for stream in streams {
      lines.append("stream #\(stream.index): " + streamLine(stream))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `2.002 s (1001/500)`: decimal seconds to at most six places, then the exact value.
  static func secondsText(_ seconds: Rational) -> String {
    "\(shortDecimal(seconds, places: 6)) s (\(seconds))"
  }

  /// `30 fps (30)`, `29.97 fps (30000/1001)`.
  static func rateText(_ rate: Rational) -> String {
    let name = FrameRate(rate)?.displayName ?? shortDecimal(rate, places: 3)
    return "\(name) fps (\(rate))"
  }

  /// Decimal text rounded to `places` fraction digits, without trailing zeros.
  static func shortDecimal(_ value: Rational, places: Int) -> String {
    var text = value.decimalText(fractionDigits: places)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text
  }

  /// One stream's line. A still's frame rate and frame times are the image demuxer's
  /// defaults (25 fps, time 0), not facts about the picture, so they are left out.
  private func streamLine(_ stream: StreamInfo) -> String {
    var parts = ["\(stream.kind.rawValue) \(stream.codecName)"]
    if let video = stream.video {
      // The size as shown; a turned or mirrored picture also says how it is stored.
      let shown = video.displaySize
      var size = "\(shown.width)x\(shown.height)"
      if video.rotation != 0 || video.mirrored {
        var turn: [String] = []
        if video.mirrored { turn.append("mirrored") }
        if video.rotation != 0 { turn.append("rotated \(video.rotation)°") }
        size += " (stored \(video.width)x\(video.height), \(turn.joined(separator: " and ")))"
      }
      parts.append(size)
      if let pixelFormat = video.pixelFormat { parts.append(pixelFormat) }
      if video.hasSideAlpha { parts.append("alpha channel (alpha_mode 1)") }
      if let hdr = video.highDynamicRangeName { parts.append(hdr) }
      if let sar = video.sampleAspectRatio, sar != .one { parts.append("pixel aspect \(sar)") }
      if !isStillImage, let rate = video.frameRate { parts.append(Self.rateText(rate)) }
      if !isStillImage, let real = video.realFrameRate, let average = video.averageFrameRate,
        real != average
      {
        parts.append("base rate \(real)")
      }
      if let count = video.frameCount {
        var text = "\(count) frame" + (count == 1 ? "" : "s")
        switch video.frameCountSource {
        case .container?: text += " (from the container)"
        case .packets?: text += " (counted)"
        case nil: break
        }
        parts.append(text)
      } else {
        parts.append("frame count unknown")
      }
      if !isStillImage, let first = video.firstFrameTime, let last = video.lastFrameTime {
        parts.append(
          "frames at \(Self.shortDecimal(first, places: 6))…\(Self.shortDecimal(last, places: 6)) s"
        )
      }
    }
    if let audio = stream.audio {
      parts.append("\(audio.sampleRate) Hz")
      parts.append(
        audio.channelLayout ?? "\(audio.channels) channel" + (audio.channels == 1 ? "" : "s"))
      if let sampleFormat = audio.sampleFormat { parts.append(sampleFormat) }
    }
    parts.append("time base \(stream.timeBase)")
    if let duration = stream.duration { parts.append("duration \(Self.secondsText(duration))") }
    if let language = stream.language { parts.append("language \(language)") }
    if stream.isAttachedPicture { parts.append("attached picture") }
    if stream.isDefault { parts.append("default") }
    return parts.joined(separator: ", ")
  }
}
