/// The sound of a clip with time operations before its volume and fades (``ClipSound/Piece``),
/// sample for sample as the FFmpeg backend's graph makes it: each piece exactly its length
/// (the file's samples, zeros after they end), a reversed piece read whole and played last
/// first (`areverse`), silence for a hold, and — for a loop — the pass kept and repeated
/// (`aloop`). Memory: a reversed piece, or a looped pass, in floats (384 KB per second at
/// 48 kHz stereo); a forward piece is streamed.
final class PieceSound {
  private let pieces: [ClipSound.Piece]
  private let loops: Bool
  private let sampleRate: Int
  /// The piece being played, and how many of its samples have been given.
  private var index = 0
  private var position: Int64 = 0
  private var file: FileSound?
  /// A reversed piece's samples, last first.
  private var reversed: (left: [Float], right: [Float])?
  /// A loop's pass as played so far, and where its replay is.
  private var pass: (left: [Float], right: [Float]) = ([], [])
  private var replay: Int?

  init(_ pieces: [ClipSound.Piece], loops: Bool, sampleRate: Int) {
    self.pieces = pieces
    self.loops = loops
    self.sampleRate = sampleRate
  }

  /// The next `count` samples (zeros past the last piece).
  func read(_ count: Int) throws(AudioMixError) -> (left: [Float], right: [Float]) {
    var left: [Float] = []
    var right: [Float] = []
    left.reserveCapacity(count)
    right.reserveCapacity(count)
    while left.count < count {
      let wanted = count - left.count
      if let at = replay {
        guard !pass.left.isEmpty else { break }
        let n = min(wanted, pass.left.count - at)
        left += pass.left[at..<at + n]
        right += pass.right[at..<at + n]
        replay = (at + n) % pass.left.count
        continue
      }
      guard index < pieces.count else {
        if loops {
          replay = 0
          continue
        }
        break
      }
      let (l, r) = try readPiece(wanted)
      if loops {
        pass.left += l
        pass.right += r
      }
      left += l
      right += r
    }
    if left.count < count {
      left += repeatElement(0, count: count - left.count)
      right += repeatElement(0, count: count - right.count)
    }
    return (left, right)
  }

  /// Up to `wanted` samples of the current piece, moving to the next when it is done.
  private func readPiece(_ wanted: Int) throws(AudioMixError) -> (left: [Float], right: [Float]) {
    let piece = pieces[index]
    let length: Int64
    var left: [Float] = []
    var right: [Float] = []
    switch piece {
    case .silence(let n):
      length = n
      let k = Int(min(Int64(wanted), n - position))
      left = [Float](repeating: 0, count: k)
      right = left
    case .file(let source, let n, let isReversed):
      length = n
      let k = Int(min(Int64(wanted), n - position))
      if isReversed {
        if reversed == nil {
          var l: [Float] = []
          var r: [Float] = []
          let sound = try FileSound(source, sampleRate: sampleRate)
          try sound.read(Int(n), into: &l, &r)
          if l.count < Int(n) {
            l += repeatElement(0, count: Int(n) - l.count)
            r += repeatElement(0, count: Int(n) - r.count)
          }
          reversed = (l.reversed(), r.reversed())
        }
        let from = Int(position)
        left = Array(reversed!.left[from..<from + k])
        right = Array(reversed!.right[from..<from + k])
      } else {
        if file == nil { file = try FileSound(source, sampleRate: sampleRate) }
        try file!.read(k, into: &left, &right)
        if left.count < k {
          left += repeatElement(0, count: k - left.count)
          right += repeatElement(0, count: k - right.count)
        }
      }
    }
    position += Int64(left.count)
    if position >= length {
      index += 1
      position = 0
      file = nil
      reversed = nil
    }
    return (left, right)
  }
}
