import Testing
import VEDLTime

@testable import VEDLMedia

/// Which pictures the reader may leave undecoded, decided from the times around each packet.
@Suite struct PictureLookaheadTests {
  /// A 30 fps stream stamped in 1/15360 s (512 ticks a frame), in decode order with x264's
  /// B-pyramid: I0 P4 B2 b1 b3 P8 B6 b5 b7 …
  static func decodeOrder(frames: Int) -> [Int] {
    var order = [0]
    var base = 0
    while base + 4 < frames {
      order += [base + 4, base + 2, base + 1, base + 3]
      base += 4
    }
    order += (base + 1..<frames)
    return order
  }

  static let timeBase = Rational(1, 15360)!

  /// Feeds `order` (frame numbers, `nil`: a packet without a time) through a window and
  /// returns its decisions, in decode order.
  static func decisions(
    _ order: [Int?], sampling: SourceSampling, trimStart: Int64? = nil, origin: Rational = .zero
  ) -> [(frame: Int?, unshown: Bool)] {
    var window = PictureLookahead<Int?>(sampling: sampling, timeBase: timeBase, origin: origin, trimStart: trimStart)
    var decided: [(frame: Int?, unshown: Bool)] = []
    for frame in order {
      window.append(frame, pts: frame.map { Int64($0) * 512 })
      while let next = window.next(draining: false) { decided.append((next.payload, next.unshown)) }
    }
    while let next = window.next(draining: true) { decided.append((next.payload, next.unshown)) }
    #expect(window.count == 0)
    #expect(decided.map(\.frame) == order)
    return decided
  }

  /// The frames of `order` found never shown.
  static func unshown(
    _ order: [Int?], sampling: SourceSampling, trimStart: Int64? = nil, origin: Rational = .zero
  ) -> Set<Int> {
    Set(
      decisions(order, sampling: sampling, trimStart: trimStart, origin: origin).filter(\.unshown).compactMap(\.frame))
  }

  static func sampling(start: Rational, speed: Rational, count: Int64) -> SourceSampling {
    SourceSampling(
      timing: ClipTiming(timelineStart: .zero, sourceStart: start, speed: speed)!, grid: FrameGrid(rate: .fps30),
      frames: 0..<count)
  }

  @Test func doubleSpeedLeavesEveryOtherPictureAndThoseBeforeTheTrim() {
    // trim 1s..5s at 2x: frames 30, 32, …, 148 are shown.
    let found = Self.unshown(
      Self.decodeOrder(frames: 200).map { $0 },
      sampling: Self.sampling(
        start: Rational(1), speed: Rational(2), count: 60))
    let shown = Set(stride(from: 30, through: 148, by: 2))
    // The last picture lies past the last slot: dropped, although no picture follows it.
    #expect(found == Set(0..<200).subtracting(shown))
  }

  @Test func aPictureBetweenTwoInstantsIsShown() {
    // 30 fps source on a 24 fps timeline: instants k/24; source frame j covers [j/30, (j+1)/30).
    let sampling = SourceSampling(
      timing: ClipTiming(timelineStart: .zero, sourceStart: Rational(1))!, grid: FrameGrid(rate: .film),
      frames: 0..<24)
    let found = Self.unshown(Self.decodeOrder(frames: 90).map { $0 }, sampling: sampling)
    // Instant k/24 + 1 s shows source frame ⌊(k/24 + 1)·30⌋ = 30 + ⌊5k/4⌋.
    let shown = Set((0..<24).map { k in 30 + (5 * k) / 4 })
    #expect(found == Set(0..<90).subtracting(shown))
    #expect(found.count == 90 - 24)
  }

  @Test func theFirstPicturePastTheTrimIsKeptForTheSlotsBeforeIt() {
    // The trim drops pictures before frame 10; the clip's five instants (frames 5…9's
    // times) all lie before the first picture left, which `fps` repeats into those slots.
    let found = Self.unshown(
      Self.decodeOrder(frames: 40).map { $0 }, sampling: Self.sampling(start: Rational(1, 6)!, speed: .one, count: 5),
      trimStart: 10 * 512)
    #expect(found == Set(0..<40).subtracting([10]))
    // Without the trim, frames 5…9 are shown and frame 10 is not.
    let untrimmed = Self.unshown(
      Self.decodeOrder(frames: 40).map { $0 }, sampling: Self.sampling(start: Rational(1, 6)!, speed: .one, count: 5))
    #expect(untrimmed == Set(0..<40).subtracting(5..<10))
  }

  @Test func unknownTimesAreKept() {
    let order: [Int?] = [0, nil, 4, 2, 1, 3, nil, 8, 6, 5, 7]
    let decided = Self.decisions(order, sampling: Self.sampling(start: Rational(1), speed: Rational(2), count: 10))
    #expect(decided.filter { $0.frame == nil }.allSatisfy { !$0.unshown })
    // Frame 8 (before the clip's first instant) has no known successor: it may be the
    // picture shown there, so only 0…7 are left out.
    #expect(Set(decided.filter(\.unshown).compactMap(\.frame)) == Set(0..<8))
  }

  @Test func timesCountFromTheSeekPointWhenInputsStartThere() {
    // Timestamps shifted so that 1 s is 0: the same pictures as in source time.
    let order = Self.decodeOrder(frames: 60).map { $0 }
    let seekFree = Self.unshown(
      order.map { $0 + 30 }, sampling: Self.sampling(start: Rational(1), speed: Rational(2), count: 10))
    let shifted = Self.unshown(
      order, sampling: Self.sampling(start: Rational(1), speed: Rational(2), count: 10), origin: Rational(1))
    #expect(Set(shifted.map { $0 + 30 }) == seekFree)
  }
}
