import VEDLSema
import VEDLTime

/// Which sounds the timeline has and where each lands — the decisions of the FFmpeg
/// backend's `collectSounds` and `mixSounds` (Sources/VEDLLowering/LoweringRun+Audio.swift),
/// made once before any sample is produced:
/// - the main track is one stream from sample 0, present when any of its clips has sound
///   (a clip has sound when it is not `muted` and its source is a tone, an audio file, or a
///   video whose probed facts say it has audio); its other items are silence;
/// - every clip with sound on another track (overlay or audio), in track order, starting
///   before the end of the edit, is placed at `⌊start·R⌋` and lasts `⌊end·R⌋ − ⌊start·R⌋`;
/// - the mix is their plain sum (`amix normalize=0`), cut or padded to `⌊duration·R⌋`;
/// - with no sound at all the FFmpeg backend writes no audio stream.
struct SoundPlan {
  /// A clip of another track, placed in the mix.
  struct PlacedSound {
    var sound: ClipSound
    /// Its first sample in the mix (`adelay`).
    var start: Int64

    var end: Int64 { start + sound.count }
  }

  /// The edit's length in samples.
  var totalSamples: Int64
  /// The main track's items, placed in its stream; empty when the main track is silent.
  var mainPieces: [MainTrackSound.Piece]
  /// The other tracks' sounds, in mixing order.
  var placed: [PlacedSound]

  /// Whether anything sounds (whether the FFmpeg backend's output has an audio stream).
  var hasSound: Bool { !mainPieces.isEmpty || !placed.isEmpty }

  /// The plan of `timeline` at `grid`'s rate.
  init(_ timeline: Timeline, grid: SampleGrid) throws(AudioMixError) {
    guard let total = grid.checkedSampleFloor(at: timeline.duration) else {
      throw AudioMixError("the edit is too long to be counted in samples")
    }
    totalSamples = max(0, total)
    let frames = timeline.canvas.grid

    func source(of item: TimelineItem) -> SourceInfo? {
      guard item.kind == .clip, !item.muted, let index = item.source, timeline.sources.indices.contains(index) else {
        return nil
      }
      let source = timeline.sources[index]
      return source.hasSound ? source : nil
    }
    func span(_ item: TimelineItem) throws(AudioMixError) -> (first: Int64, count: Int64) {
      guard let first = grid.checkedSampleFloor(at: item.start), let end = grid.checkedSampleFloor(at: item.end) else {
        throw AudioMixError("a clip lies too far into the edit to be counted in samples")
      }
      return (first, max(0, end - first))
    }

    mainPieces = []
    let mainItems = timeline.tracks.first { $0.kind == .main }?.items ?? []
    if mainItems.contains(where: { source(of: $0) != nil }) {
      var length: Int64 = 0
      for (index, item) in mainItems.enumerated() {
        let (_, count) = try span(item)
        var crossfade: Int64 = 0
        if index > 0, timeline.transitions.contains(where: { $0.toItem == index }) {
          guard let previousEnd = grid.checkedSampleFloor(at: mainItems[index - 1].end),
            let nextStart = grid.checkedSampleFloor(at: item.start)
          else {
            throw AudioMixError("a transition lies too far into the edit to be counted in samples")
          }
          let overlap = previousEnd - nextStart
          // `acrossfade` needs at least one sample, and cannot reach before the track's start.
          crossfade = min(max(1, overlap), length)
        }
        let start = length - crossfade
        var sound: ClipSound? = nil
        if let info = source(of: item) {
          sound = try ClipSound(
            item, source: info, count: count, grid: grid, frames: frames, sharesPictureInput: info.kind == .video)
        }
        mainPieces.append(MainTrackSound.Piece(sound: sound, start: start, count: count, crossfade: crossfade))
        length = start + count
      }
    }

    placed = []
    for track in timeline.tracks where track.kind != .main {
      for item in track.items {
        guard let info = source(of: item) else { continue }
        let (first, count) = try span(item)
        guard first < totalSamples else { continue }
        // The FFmpeg backend reads a video's sound from the input its picture opened when the
        // clip shows a picture: on an overlay track, from a frame before the edit's end.
        let showsPicture =
          track.kind == .overlay && info.kind == .video
          && item.startFrame < min(item.endFrame, timeline.frameCount)
        let sound = try ClipSound(
          item, source: info, count: count, grid: grid, frames: frames, sharesPictureInput: showsPicture)
        placed.append(PlacedSound(sound: sound, start: first))
      }
    }
  }
}
