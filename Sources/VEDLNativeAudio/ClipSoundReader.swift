/// Streams one clip's sound: exactly ``ClipSound/count`` samples, numbered from 0 — the
/// source's samples with the clip's volume and fades, then silence if the source ends early
/// (the FFmpeg backend's `apad=whole_len=N,atrim=end_sample=N`). A file is opened when the
/// reader is made and closed once its part has been read.
final class ClipSoundReader {
  /// The clip's length in samples.
  let count: Int64
  /// Samples read so far.
  private(set) var position: Int64 = 0
  private let envelope: SoundEnvelope
  private var tone: ToneSignal?
  private var file: FileSound?
  private var pieces: PieceSound?

  /// A reader of `sound` at `sampleRate`.
  init(_ sound: ClipSound, sampleRate: Int) throws(AudioMixError) {
    count = sound.count
    envelope = sound.envelope
    switch sound.origin {
    case .tone(let frequency):
      tone = ToneSignal(frequency: frequency, sampleRate: sampleRate)
    case .file(let source):
      file = try FileSound(source, sampleRate: sampleRate)
    case .pieces(let list, let loops):
      pieces = PieceSound(list, loops: loops, sampleRate: sampleRate)
    }
  }

  /// Whether every sample has been read.
  var isFinished: Bool { position >= count }

  /// The next `min(wanted, count − position)` samples.
  func read(_ wanted: Int) throws(AudioMixError) -> (left: [Float], right: [Float]) {
    let n = Int(min(Int64(max(0, wanted)), count - position))
    var left: [Float]
    var right: [Float]
    if tone != nil {
      // `sine` is mono; `pan=stereo|c0=c0|c1=c0` copies it to both channels.
      left = tone!.nextFloats(n)
      right = left
    } else if let pieces {
      (left, right) = try pieces.read(n)
    } else if let file {
      left = []
      right = []
      left.reserveCapacity(n)
      right.reserveCapacity(n)
      try file.read(n, into: &left, &right)
    } else {
      left = []
      right = []
    }
    if left.count < n {
      left.append(contentsOf: repeatElement(0, count: n - left.count))
      right.append(contentsOf: repeatElement(0, count: n - right.count))
    }
    envelope.apply(to: &left, &right, first: position)
    position += Int64(n)
    if isFinished {
      file = nil
      pieces = nil
    }
    return (left, right)
  }
}
