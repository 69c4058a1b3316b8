import VEDLSema
import VEDLTime

/// A generated video file.
struct VideoFile {
  var path: String
  /// The `let` naming it, if any.
  var name: String?
  var milliseconds: Int
  var hasSound: Bool
}

/// A generated sound file.
struct SoundFile {
  var path: String
  var name: String?
  var milliseconds: Int
}

extension EditWriter {
  /// A video source at least `milliseconds` long: an earlier file or a new one, named by a
  /// `let` or written inline.
  func videoSource(milliseconds needed: Int) -> (expression: String, file: VideoFile) {
    use("source video")
    let candidates = videos.indices.filter { videos[$0].milliseconds >= needed + 200 }
    var index: Int
    if let existing = candidates.first, rng.chance(0.6) {
      index = existing
    } else {
      videos.append(makeVideo(milliseconds: needed))
      index = videos.count - 1
    }
    if videos[index].name == nil, rng.chance(0.8) {
      let name = newName("v")
      declarations.append("let \(name) = video(\(string(videos[index].path)))")
      videos[index].name = name
    }
    let file = videos[index]
    return (file.name ?? "video(\(string(file.path)))", file)
  }

  func makeVideo(milliseconds needed: Int) -> VideoFile {
    let path = "media/v\(videos.count).\(rng.pick(["mp4", "mp4", "mov", "mkv"]))"
    let ms = (max(needed + 400, rng.int(15...40) * 100) + 99) / 100 * 100
    let seconds = decimal(ms, scale: 1000)
    var sizes = [(160, 90), (90, 160), (120, 120), (100, 58), (64, 48), (192, 108), (48, 64)]
    let odd = rng.chance(0.1)
    if odd { sizes = [(75, 45), (45, 81), (99, 55)] }
    let (width, height) = rng.pick(sizes)
    let sourceRate = rng.pick(Self.rates).ffmpeg
    let hasSound = rng.chance(0.6)
    var arguments = ["-f", "lavfi", "-i", "testsrc2=size=\(width)x\(height):rate=\(sourceRate):duration=\(seconds)"]
    if hasSound {
      let frequency = rng.pick([220, 330, 440, 660, 1000])
      let sampleRate = rng.pick([44100, 48000, 32000])
      arguments += ["-f", "lavfi", "-i", "sine=frequency=\(frequency):sample_rate=\(sampleRate):duration=\(seconds)"]
    }
    // Odd sizes cannot be 4:2:0; an HDR source is 10-bit.
    var pixelFormat = odd ? "yuv444p" : "yuv420p"
    var colour: [String] = []
    if options.hdrSources, rng.chance(0.3) {
      pixelFormat = odd ? "yuv444p10le" : "yuv420p10le"
      colour = ["-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc"]
    }
    arguments += [
      "-c:v", "libx264", "-preset", "ultrafast", "-g", "\(rng.int(1...30))", "-pix_fmt", pixelFormat,
    ]
    arguments += colour
    if hasSound { arguments += ["-c:a", path.hasSuffix("mkv") ? rng.pick(["aac", "libopus"]) : "aac"] }
    if options.rotatedSources, rng.chance(0.3) {
      arguments += ["-metadata:s:v:0", "rotate=\(rng.pick([90, 180, 270]))"]
    }
    let facts = MediaFacts(
      duration: Rational(Int64(ms), 1000)!, hasVideo: true, hasAudio: hasSound, width: Int64(width),
      height: Int64(height))
    media.append(MediaRecipe(path: path, content: .ffmpeg(arguments), facts: facts))
    return VideoFile(path: path, name: nil, milliseconds: ms, hasSound: hasSound)
  }

  /// A still image: PNG (sometimes translucent) or JPEG.
  func stillSource() -> String {
    use("source image")
    let path: String
    if let existing = stills.first, rng.chance(0.4) {
      path = existing
    } else {
      let png = rng.chance(0.7)
      path = "media/s\(stills.count).\(png ? "png" : "jpg")"
      let (width, height) = rng.pick([(40, 30), (30, 40), (64, 36), (96, 54), (25, 25), (120, 40)])
      var arguments = ["-f", "lavfi", "-i", "testsrc2=size=\(width)x\(height)", "-frames:v", "1"]
      if png, rng.chance(0.5) {
        arguments += ["-vf", "format=rgba,colorchannelmixer=aa=0.\(rng.int(3...8))"]
      }
      let facts = MediaFacts(
        duration: nil, hasVideo: true, hasAudio: false, isStillImage: true, width: Int64(width), height: Int64(height))
      media.append(MediaRecipe(path: path, content: .ffmpeg(arguments), facts: facts))
      stills.append(path)
    }
    return "image(\(string(path)))"
  }

  /// A sound file at least `milliseconds` long.
  func soundSource(milliseconds needed: Int) -> (expression: String, file: SoundFile) {
    use("source audio")
    let candidates = sounds.indices.filter { sounds[$0].milliseconds >= needed + 200 }
    var index: Int
    if let existing = candidates.first, rng.chance(0.5) {
      index = existing
    } else {
      let path = "media/a\(sounds.count).\(rng.pick(["wav", "m4a", "wav"]))"
      let ms = (max(needed + 400, rng.int(10...40) * 100) + 99) / 100 * 100
      var arguments = [
        "-f", "lavfi", "-i",
        "sine=frequency=\(rng.pick([250, 500, 750, 880])):sample_rate=\(rng.pick([44100, 48000, 22050])):duration=\(decimal(ms, scale: 1000))",
      ]
      if rng.chance(0.4) { arguments += ["-ac", "2"] }
      if path.hasSuffix("m4a") { arguments += ["-c:a", "aac"] }
      let facts = MediaFacts(duration: Rational(Int64(ms), 1000)!, hasVideo: false, hasAudio: true)
      media.append(MediaRecipe(path: path, content: .ffmpeg(arguments), facts: facts))
      sounds.append(SoundFile(path: path, name: nil, milliseconds: ms))
      index = sounds.count - 1
    }
    if sounds[index].name == nil, rng.chance(0.7) {
      let name = newName("a")
      declarations.append("let \(name) = audio(\(string(sounds[index].path)))")
      sounds[index].name = name
    }
    let file = sounds[index]
    return (file.name ?? "audio(\(string(file.path)))", file)
  }

  /// A source without a length of its own: a colour card, the test pattern or a waveform.
  func generatedPicture() -> String {
    if rng.chance(0.15) { return waveform() }
    if rng.chance(0.5) {
      use("source testpattern")
      return "testpattern()"
    }
    use("source color")
    if rng.chance(0.2) {
      let name = newName("p")
      declarations.append("param \(name): Color = \(color())")
      use("param")
      return "color(\(name))"
    }
    return "color(\(color()))"
  }

  /// `waveform(audio: …)` of a tone or of a sound file, with or without a colour and style.
  func waveform() -> String {
    use("source waveform")
    let sound =
      rng.chance(0.6)
      ? "tone(\(rng.pick(["110", "440", "1000", "3000"])))"
      : soundSource(milliseconds: rng.int(3...12) * 100).expression
    var arguments = ["audio: \(sound)"]
    if rng.chance(0.6) { arguments.append("color: \(color())") }
    if rng.chance(0.6) { arguments.append("style: \(rng.pick(["line", "bars"]))") }
    return "waveform(\(arguments.joined(separator: ", ")))"
  }
}
