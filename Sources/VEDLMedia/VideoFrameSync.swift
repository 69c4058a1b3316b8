/// Decides which pictures go to the video encoder and with which timestamps — the `ffmpeg`
/// CLI's `-vsync` stage (`do_video_out` in FFmpeg 5.1), reproduced so that an in-process
/// render and `vedl graph --command` emit the same frames.
///
/// Timestamps are counted in frames of the output rate (the encoder's time base). In
/// `constant` mode (MP4, MOV: muxers without variable frame rate) a picture that arrives late
/// is repeated to fill the gap, one that arrives early is dropped; in `variable` mode (WebM)
/// pictures keep their own time and only ones that go backwards are dropped.
struct VideoFrameSync {
  enum Mode: Equatable {
    /// `-vsync cfr`.
    case constant
    /// `-vsync vscfr` (what `cfr` becomes under `-copyts`): like `constant`, but a first
    /// picture that starts late keeps its time instead of being repeated from 0.
    case constantFromFirst
    /// `-vsync vfr`.
    case variable
  }

  /// One picture to encode: the previous picture again, or the one just given, at `pts`.
  struct Slot: Equatable {
    var repeatsPrevious: Bool
    var pts: Int64
  }

  let mode: Mode
  /// `-frames:v`: no more pictures than this.
  let maximumFrames: Int64
  /// The next output timestamp (the CLI's `sync_opts`).
  private(set) var nextTimestamp: Int64 = 0
  /// Pictures planned so far.
  private(set) var framesPlanned: Int64 = 0
  /// How often the previous picture was repeated for the last three pictures.
  private var recentRepeats: [Int64] = [0, 0, 0]

  init(mode: Mode, maximumFrames: Int64 = .max) {
    self.mode = mode
    self.maximumFrames = maximumFrames
  }

  /// Whether the frame limit is reached.
  var isFull: Bool { framesPlanned >= maximumFrames }

  /// The slots for a picture at `time` (in output frames, fractional) lasting `duration`
  /// frames.
  mutating func plan(time: Double, duration: Double) -> [Slot] {
    var syncTime = time
    var duration = duration
    var delta0 = syncTime - Double(nextTimestamp)
    var delta = delta0 + duration
    var repeats: Int64 = 0
    var copies: Int64 = 1
    if delta0 < 0 && delta > 0 {
      // A picture that starts before the next slot but still covers it is clipped.
      syncTime = Double(nextTimestamp)
      duration += delta0
      delta0 = 0
      delta = duration
    }
    if mode == .constantFromFirst && framesPlanned == 0 && delta0 >= 0.5 {
      delta = duration
      delta0 = 0
      nextTimestamp = Int64(syncTime.rounded(.toNearestOrEven))
    }
    switch mode {
    case .constant, .constantFromFirst:
      if delta < -1.1 {
        copies = 0
      } else if delta > 1.1 {
        copies = Int64((delta).rounded(.toNearestOrEven))
        if delta0 > 1.1 { repeats = Int64((delta0 - 0.6).rounded(.toNearestOrEven)) }
      }
    case .variable:
      if delta <= -0.6 {
        copies = 0
      } else if delta > 0.6 {
        nextTimestamp = Int64(syncTime.rounded(.toNearestOrEven))
      }
    }
    return emit(copies: copies, repeats: repeats)
  }

  /// The slots at the end of the stream (the previous picture repeated as often as in the
  /// recent past, usually never).
  mutating func planEnd() -> [Slot] {
    let sorted = recentRepeats.sorted()
    let copies = sorted[1]
    return emit(copies: copies, repeats: copies)
  }

  private mutating func emit(copies: Int64, repeats: Int64) -> [Slot] {
    let copies = max(0, min(copies, maximumFrames - framesPlanned))
    let repeats = max(0, min(repeats, copies))
    recentRepeats = [repeats, recentRepeats[0], recentRepeats[1]]
    var slots: [Slot] = []
    for index in 0..<copies {
      slots.append(Slot(repeatsPrevious: index < repeats, pts: nextTimestamp))
      nextTimestamp += 1
      framesPlanned += 1
    }
    return slots
  }
}
