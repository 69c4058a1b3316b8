import Foundation
import Testing
import VEDLSema
import VEDLSource
import VEDLTestSupport
import VEDLTime

@testable import VEDLNativeAudio

/// A failure with a message.
struct TestFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// Media made once per test run with the `ffmpeg` CLI in a temporary folder: nothing binary
/// is committed.
final class SoundMedia: Sendable {
  /// The folder holding `media/…`.
  let directory: String

  /// The media and their facts, by file name:
  /// - `dc.mkv`: a 4 s video at 30 fps whose sound is the constant 0.5 (float PCM, 48 kHz);
  /// - `quarter.mkv`: the same with the constant 0.25;
  /// - `sine1k.wav`: 4 s of a 1 kHz sine at half scale, 48 kHz mono, 16-bit;
  /// - `voice.mp4`: a 6 s video with a 440 Hz tone in AAC at 44.1 kHz mono (resampled,
  ///   upmixed and seeked into when mixed);
  /// - `tones.mov`: a 6 s video whose sound is 440 Hz and 1250 Hz in 16-bit PCM at 44.1 kHz
  ///   mono (what `voice.mp4` is, without a lossy codec, with exact timestamps);
  /// - `music.wav`: 6 s of 44.1 kHz stereo, 330 Hz left and 550 Hz right, 16-bit.
  static let facts = FakeMediaFacts([
    "dc.mkv": .success(video(seconds: 4)),
    "quarter.mkv": .success(video(seconds: 4)),
    "sine1k.wav": .success(MediaFacts(duration: Rational(4), hasVideo: false, hasAudio: true)),
    "voice.mp4": .success(video(seconds: 6)),
    "tones.mov": .success(video(seconds: 6)),
    "music.wav": .success(MediaFacts(duration: Rational(6), hasVideo: false, hasAudio: true)),
  ])

  private static func video(seconds: Int64) -> MediaFacts {
    MediaFacts(
      duration: Rational(seconds), hasVideo: true, hasAudio: true, width: 16, height: 16, frameRate: Rational(30),
      frameCount: seconds * 30)
  }

  /// The shared instance, generated on first use.
  static let shared: Result<SoundMedia, TestFailure> = {
    do {
      return .success(try SoundMedia())
    } catch let error as TestFailure {
      return .failure(error)
    } catch {
      return .failure(TestFailure("\(error)"))
    }
  }()

  /// The shared media, or a test failure.
  static func get() throws -> SoundMedia { try shared.get() }

  /// The absolute path of `media/NAME`.
  func path(_ name: String) -> String { directory + "/media/" + name }

  private init() throws {
    directory = try TestMediaFolder.make(prefix: "vedl-native-audio-")
    let picture = ["-f", "lavfi", "-i", "color=black:s=16x16:r=30:d=4"]
    for (name, level) in [("dc.mkv", "0.5"), ("quarter.mkv", "0.25")] {
      try FFmpegCLI.mustRun(
        ["-y"] + picture + [
          "-f", "lavfi", "-i", "aevalsrc=\(level)|\(level):s=48000:d=4",
          "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "pcm_f32le", "-shortest", path(name),
        ])
    }
    try FFmpegCLI.mustRun([
      "-y", "-f", "lavfi", "-i", "aevalsrc=0.5*sin(2*PI*1000*t):s=48000:d=4", "-c:a", "pcm_s16le", path("sine1k.wav"),
    ])
    try FFmpegCLI.mustRun([
      "-y", "-f", "lavfi", "-i", "color=black:s=16x16:r=30:d=6", "-f", "lavfi", "-i",
      "sine=frequency=440:sample_rate=44100:d=6", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac",
      "-shortest", path("voice.mp4"),
    ])
    try FFmpegCLI.mustRun([
      "-y", "-f", "lavfi", "-i", "color=black:s=16x16:r=30:d=6", "-f", "lavfi", "-i",
      "aevalsrc=0.3*sin(2*PI*440*t)+0.2*sin(2*PI*1250*t):s=44100:d=6", "-c:v", "libx264", "-preset", "ultrafast",
      "-c:a", "pcm_s16le", "-shortest", path("tones.mov"),
    ])
    try FFmpegCLI.mustRun([
      "-y", "-f", "lavfi", "-i", "aevalsrc=0.4*sin(2*PI*330*t)|0.3*sin(2*PI*550*t):s=44100:d=6",
      "-c:a", "pcm_s16le", path("music.wav"),
    ])
  }
}

/// The samples of a whole mix, one array per channel.
struct MixedSound {
  var left: [Float]
  var right: [Float]
}

/// Checking scripts and mixing their timelines.
enum MixHarness {
  /// Checks `text` as a script in the media folder (with the media's facts); fails the test
  /// on errors.
  static func timeline(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Timeline {
    let media = try SoundMedia.get()
    let file = SourceFile(path: media.directory + "/test.vedl", text: text)
    let result = Checker.check(file, options: CheckOptions(media: SoundMedia.facts, baseDirectory: media.directory))
    let errors = result.diagnostics.filter { $0.severity == .error }
    #expect(errors.isEmpty, "\(errors.map(\.message))", sourceLocation: sourceLocation)
    guard let timeline = result.timeline else {
      throw TestFailure("the script did not check: \(errors.map(\.message))")
    }
    return timeline
  }

  /// Every sample `mixer` gives, asked for `chunk` at a time.
  static func mix(_ mixer: TimelineAudioMixer, chunk: Int = 4096) throws -> MixedSound {
    var sound = MixedSound(left: [], right: [])
    while let next = try mixer.next(maxSamples: chunk) {
      #expect(next.count > 0 && next.count <= chunk)
      sound.left += next.left
      sound.right += next.right
    }
    return sound
  }

  /// The mix of a script.
  static func mix(_ text: String, chunk: Int = 4096, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> MixedSound
  {
    try mix(TimelineAudioMixer(timeline: timeline(text, sourceLocation: sourceLocation)), chunk: chunk)
  }

  /// `count` samples of `tone(frequency)` as the mixer makes them (FFmpeg's `sine`).
  static func tone(_ frequency: Double, count: Int) -> [Float] {
    var signal = ToneSignal(frequency: frequency, sampleRate: 48_000)
    return (0..<count).map { _ in Float(signal.next()) / 32768 }
  }

  /// The first index at which `a` and `b` differ (a length difference counts), or `nil` —
  /// rather than comparing arrays inside `#expect`, whose failure message would print them.
  static func firstDifference(_ a: some Collection<Float>, _ b: some Collection<Float>) -> Int? {
    if let index = zip(a, b).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset { return index }
    return a.count == b.count ? nil : min(a.count, b.count)
  }

  /// How many times `samples` changes sign.
  static func signChanges(_ samples: ArraySlice<Float>) -> Int {
    zip(samples, samples.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
  }

  /// Signal-to-noise ratio in dB of `actual` against `expected`.
  static func snr(_ actual: [Float], _ expected: [Float]) -> Double {
    var signal = 0.0
    var noise = 0.0
    for (a, e) in zip(actual, expected) {
      signal += Double(e) * Double(e)
      noise += (Double(a) - Double(e)) * (Double(a) - Double(e))
    }
    return noise == 0 ? .infinity : 10 * log10(signal / noise)
  }
}
