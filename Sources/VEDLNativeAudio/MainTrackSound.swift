/// The main track's sound as one stream, the way the FFmpeg backend's `joinMain` builds it:
/// each item's sound (silence for gaps and silent clips) follows the previous one (`concat`),
/// except after a transition, where the last `n` samples of the track so far and the first
/// `n` of the next item are crossfaded (`acrossfade=nb_samples=n:curve1=tri:curve2=tri`):
/// sample `i` of the overlap is `before·(n−1−i)/n + after·i/n`, in `Double`, stored as
/// `Float` — note the first weight reaches 0 one sample early, as FFmpeg's does.
///
/// Read in order; an item's reader exists only while the requested samples overlap it.
final class MainTrackSound {
  /// One item of the main track, placed in the stream.
  struct Piece {
    /// Its sound, or `nil` for silence.
    var sound: ClipSound?
    /// Where it starts in the stream.
    var start: Int64
    /// Its length in samples.
    var count: Int64
    /// The length of the crossfade with what precedes it; 0 after a cut.
    var crossfade: Int64

    var end: Int64 { start + count }
  }

  private let pieces: [Piece]
  private let sampleRate: Int
  /// The stream's length: where the last piece ends.
  let length: Int64
  /// The first piece not yet reached.
  private var nextPiece = 0
  /// Pieces reached and not yet passed, in track order, with their readers.
  private var active: [(piece: Piece, reader: ClipSoundReader?)] = []

  /// The stream of `pieces` (in track order, with their positions) at `sampleRate`.
  init(pieces: [Piece], sampleRate: Int) {
    self.pieces = pieces
    self.sampleRate = sampleRate
    length = pieces.last?.end ?? 0
  }

  /// Adds the samples `[first, first + left.count)` of the stream to `left`/`right`; the
  /// calls must follow each other without gaps or overlaps.
  func add(into left: inout [Float], _ right: inout [Float], first: Int64) throws(AudioMixError) {
    let end = first + Int64(left.count)
    while nextPiece < pieces.count && pieces[nextPiece].start < end {
      let piece = pieces[nextPiece]
      nextPiece += 1
      var reader: ClipSoundReader? = nil
      if let sound = piece.sound, piece.count > 0 { reader = try ClipSoundReader(sound, sampleRate: sampleRate) }
      active.append((piece, reader))
    }
    // The stream itself, built apart and added to the output at the end, because a
    // crossfade weighs what the stream holds so far, not the output's other sounds.
    var streamLeft = [Float](repeating: 0, count: left.count)
    var streamRight = [Float](repeating: 0, count: left.count)
    for (piece, reader) in active {
      let from = max(first, piece.start)
      let to = min(end, piece.end)
      guard from < to else { continue }
      let n = Int(to - from)
      let samples: (left: [Float], right: [Float])
      if let reader {
        samples = try reader.read(n)
      } else {
        samples = ([Float](repeating: 0, count: n), [Float](repeating: 0, count: n))
      }
      for j in 0..<n {
        let s = from + Int64(j)
        let slot = Int(s - first)
        let i = s - piece.start
        if i < piece.crossfade {
          let fadingOut = Double(piece.crossfade - 1 - i) / Double(piece.crossfade)
          let fadingIn = Double(i) / Double(piece.crossfade)
          streamLeft[slot] = Float(Double(streamLeft[slot]) * fadingOut + Double(samples.left[j]) * fadingIn)
          streamRight[slot] = Float(Double(streamRight[slot]) * fadingOut + Double(samples.right[j]) * fadingIn)
        } else {
          streamLeft[slot] = samples.left[j]
          streamRight[slot] = samples.right[j]
        }
      }
    }
    active.removeAll { $0.piece.end <= end }
    for i in left.indices {
      left[i] += streamLeft[i]
      right[i] += streamRight[i]
    }
  }
}
