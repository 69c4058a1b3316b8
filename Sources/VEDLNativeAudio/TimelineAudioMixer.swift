import VEDLSema
import VEDLTime

/// The sound of a timeline, computed natively and streamed in order — the native renderer's
/// counterpart of the audio half of the FFmpeg backend's filter graph, producing the same
/// samples.
///
/// Native (Swift): which items sound, placement to the sample, trims, tones (FFmpeg's
/// `sine`, bit for bit), volume, fades, main-track crossfades, padding and cutting every
/// piece to its exact length, the mix (a plain sum) and the total length. Left to libav:
/// demuxing and decoding (libavformat, libavcodec), resampling and channel conversion to
/// planar float stereo (libswresample, configured as `aresample` configures it), and
/// pitch-preserving speed changes (libavfilter's `atempo`, in a small graph per clip).
///
/// Memory stays flat in the timeline's length: a clip's file is opened when the requested
/// samples reach the clip, decoded only a few blocks ahead, and closed once the clip has
/// been read; nothing holds a whole track.
public final class TimelineAudioMixer {
  /// The timeline's duration in samples, `⌊duration × sampleRate⌋`: what the FFmpeg
  /// backend's final `apad`/`atrim` make.
  public private(set) var totalSamples: Int64
  /// Whether anything in the timeline makes sound. When `false` the FFmpeg backend writes no
  /// audio stream, so a native render should not either; `next` then gives silence.
  public var hasSound: Bool { plan.hasSound }

  private let plan: SoundPlan
  private let sampleRate: Int
  private let main: MainTrackSound?
  /// The next sample `next` returns.
  private var position: Int64 = 0
  /// Indices into `plan.placed`, by start, and how many of them have been reached.
  private let placedByStart: [Int]
  private var placedReached = 0
  /// Readers of the placed sounds being played, by index into `plan.placed`.
  private var playing: [Int: ClipSoundReader] = [:]

  /// A mixer of `timeline` at `sampleRate` samples per second (the FFmpeg backend mixes at
  /// 48 000). Throws for a rate that is not positive or a timeline too long to count in
  /// samples; media files are opened only when `next` reaches them.
  public init(timeline: Timeline, sampleRate: Int = 48_000) throws(AudioMixError) {
    guard let grid = SampleGrid(samplesPerSecond: Int64(sampleRate)) else {
      throw AudioMixError("the sample rate must be positive, not \(sampleRate)")
    }
    self.sampleRate = sampleRate
    let plan = try SoundPlan(timeline, grid: grid)
    self.plan = plan
    totalSamples = plan.totalSamples
    main = plan.mainPieces.isEmpty ? nil : MainTrackSound(pieces: plan.mainPieces, sampleRate: sampleRate)
    placedByStart = plan.placed.indices.sorted { (plan.placed[$0].start, $0) < (plan.placed[$1].start, $1) }
  }

  /// The next samples in order — at most `maxSamples` (at least one while any remain) —
  /// or `nil` once all `totalSamples` have been returned.
  public func next(maxSamples: Int) throws(AudioMixError) -> StereoChunk? {
    guard position < totalSamples else { return nil }
    let n = Int(min(Int64(max(1, maxSamples)), totalSamples - position))
    let first = position
    let end = first + Int64(n)
    var left = [Float](repeating: 0, count: n)
    var right = [Float](repeating: 0, count: n)
    // `amix` adds its inputs in order, the main track first.
    if let main, first < main.length {
      try main.add(into: &left, &right, first: first)
    }
    while placedReached < placedByStart.count && plan.placed[placedByStart[placedReached]].start < end {
      let index = placedByStart[placedReached]
      placedReached += 1
      guard plan.placed[index].sound.count > 0 else { continue }
      playing[index] = try ClipSoundReader(plan.placed[index].sound, sampleRate: sampleRate)
    }
    for index in playing.keys.sorted() {
      let sound = plan.placed[index]
      let from = max(first, sound.start)
      let to = min(end, sound.end)
      if from < to, let reader = playing[index] {
        let samples = try reader.read(Int(to - from))
        let offset = Int(from - first)
        for j in samples.left.indices {
          left[offset + j] += samples.left[j]
          right[offset + j] += samples.right[j]
        }
      }
      if sound.end <= end { playing[index] = nil }
    }
    position = end
    return StereoChunk(left: left, right: right)
  }
}
