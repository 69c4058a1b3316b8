/// A first-in first-out run of planar stereo float samples: what a sound stage has produced
/// and the next stage has not yet taken. Space is reclaimed as samples are taken, so the
/// queue holds only the few thousand samples between two stages.
struct StereoSampleQueue {
  private var left: [Float] = []
  private var right: [Float] = []
  /// Samples before `head` have been taken.
  private var head = 0

  /// The samples waiting.
  var count: Int { left.count - head }

  /// Appends samples; the channels have the same length.
  mutating func append(left newLeft: UnsafeBufferPointer<Float>, right newRight: UnsafeBufferPointer<Float>) {
    left.append(contentsOf: newLeft)
    right.append(contentsOf: newRight)
  }

  /// Appends `count` samples of silence.
  mutating func appendSilence(_ count: Int) {
    left.append(contentsOf: repeatElement(0, count: count))
    right.append(contentsOf: repeatElement(0, count: count))
  }

  /// Removes up to `count` samples from the front and appends them to `outLeft`/`outRight`.
  mutating func take(_ count: Int, into outLeft: inout [Float], _ outRight: inout [Float]) {
    let n = min(count, self.count)
    outLeft.append(contentsOf: left[head..<(head + n)])
    outRight.append(contentsOf: right[head..<(head + n)])
    head += n
    if head == left.count {
      left.removeAll(keepingCapacity: true)
      right.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 16_384 && head * 2 >= left.count {
      left.removeFirst(head)
      right.removeFirst(head)
      head = 0
    }
  }
}
