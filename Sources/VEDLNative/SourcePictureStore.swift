import Foundation
import VEDLLowering
import VEDLMedia
import VEDLTime

/// Decoded source pictures kept between frames, requests and revisions, for `vedl preview`:
/// for each source time a clip asks for, the picture the §5 rule picked. Scrubbing to any
/// frame then composes it from kept pictures instead of decoding from the key frame before
/// it — and a phone clip or an x264 file may have one key frame in several seconds.
///
/// Pictures are kept as the decoder gave them, after the source's own filters (turned upright,
/// tone-mapped: once per picture, not once per request) — Y′CbCr 4:2:0 is three eighths of
/// RGBA's size — up to a byte budget; past it nothing more is kept and clips decode as they would
/// without a store. A ``SourcePictureFiller`` decodes ahead of the requests; a request for a
/// picture the filler will reach waits for it (``picture(_:at:waitingForFiller:)``) instead
/// of decoding the same pictures a second time on the other core.
///
/// It also schedules the processor between requests and background work (the filler, the
/// preview's proxy render): background work waits (``waitWhileRequestsRun()``) while a
/// request is being drawn (``beginRequest()`` … ``endRequest()``), except while that request
/// waits for the filler.
///
/// Thread-safe: renderers on several threads share one store.
public final class SourcePictureStore: @unchecked Sendable {
  /// A file as its pictures are kept: decoded and filtered as its treatment says (the same
  /// path through another decoder or filters gives other pictures).
  struct FileKey: Hashable {
    var path: String
    var treatment: SourcePictureTreatment
  }

  /// What a filler lane will decode next: one clip's source times, in increasing order.
  private struct Lane {
    var key: FileKey
    var next: Rational
    var last: Rational
  }

  /// The bytes the kept pictures may take.
  public let budget: Int
  private let condition = NSCondition()
  /// The kept pictures by file and presentation time.
  private var pictures: [FileKey: [Rational: Frame]] = [:]
  /// Which picture each source time shows, by file (several source times may show one).
  private var shown: [FileKey: [Rational: Rational]] = [:]
  private var fileBytes: [FileKey: Int] = [:]
  private var usedBytes = 0
  private var full = false
  private var lanes: [Int: Lane] = [:]
  private var nextLaneID = 0
  /// Pictures requests are waiting for, oldest first.
  private var demands: [(key: FileKey, time: Rational)] = []
  /// Requests being drawn (not counting those waiting for the filler): background work waits
  /// while there are any, so that a request has the processor to itself.
  private var activeRequests = 0

  /// A store of at most `budget` bytes of pictures.
  public init(budget: Int) {
    self.budget = budget
  }

  /// The budget `vedl preview` uses: a quarter of the machine's memory, at most 2 GiB —
  /// about 22 seconds of 1080x1920 pictures.
  public static var defaultBudget: Int {
    let quarter = Int(clamping: ProcessInfo.processInfo.physicalMemory / 4)
    return min(2 << 30, max(256 << 20, quarter))
  }

  /// The bytes the kept pictures take.
  public var bytesUsed: Int { condition.withLock { usedBytes } }

  /// How many pictures are kept.
  public var pictureCount: Int { condition.withLock { pictures.values.reduce(0) { $0 + $1.count } } }

  /// Whether the budget has been reached (nothing more is kept).
  public var isFull: Bool { condition.withLock { full } }

  /// Drops the pictures of every file not in `paths` (the files a newer revision reads).
  public func retain(paths: Set<String>) {
    condition.withLock {
      for key in pictures.keys where !paths.contains(key.path) {
        usedBytes -= fileBytes[key] ?? 0
        pictures[key] = nil
        shown[key] = nil
        fileBytes[key] = nil
      }
      full = usedBytes >= budget
    }
  }

  /// The picture kept for source time `s` of `key`'s file, or `nil`. With `waitingForFiller`,
  /// when a filler lane will reach `s`, waits (at most `timeout` seconds) for it.
  func picture(_ key: FileKey, at s: Rational, waitingForFiller: Bool = false, timeout: TimeInterval = 10)
    -> DecodedPicture?
  {
    condition.lock()
    defer { condition.unlock() }
    if let kept = kept(key, s) { return kept }
    guard waitingForFiller, !full, laneWillReach(key, s) else { return nil }
    demands.append((key, s))
    // The filler works for this request now: it must not wait for it.
    let wasActive = activeRequests > 0
    if wasActive { activeRequests -= 1 }
    condition.broadcast()
    defer {
      demands.removeAll { $0.key == key && $0.time == s }
      if wasActive { activeRequests += 1 }
    }
    let deadline = Date(timeIntervalSinceNow: timeout)
    while shown[key]?[s] == nil, !full, laneWillReach(key, s) {
      if !condition.wait(until: deadline) { break }
    }
    return kept(key, s)
  }

  /// A reference of its own to the picture kept for `s` (its user may change the frame's
  /// fields, never the shared picture). The lock is held.
  private func kept(_ key: FileKey, _ s: Rational) -> DecodedPicture? {
    guard let time = shown[key]?[s], let frame = pictures[key]?[time], let copy = try? frame.clone() else {
      return nil
    }
    return DecodedPicture(frame: copy, time: time, isFiltered: true)
  }

  /// Keeps `picture` as what source time `s` of `key`'s file shows; `false` once the budget
  /// is spent.
  @discardableResult
  func keep(_ picture: DecodedPicture, for key: FileKey, at s: Rational) -> Bool {
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    if shown[key]?[s] != nil { return true }
    if pictures[key]?[picture.time] == nil {
      let bytes = picture.frame.pictureByteCount
      guard !full, usedBytes + bytes <= budget else {
        full = true
        return false
      }
      guard let frame = try? picture.frame.clone() else { return false }
      usedBytes += bytes
      fileBytes[key, default: 0] += bytes
      pictures[key, default: [:]][picture.time] = frame
    }
    shown[key, default: [:]][s] = picture.time
    return true
  }

  // MARK: Scheduling

  /// A request starts being drawn: background work pauses until it ends.
  public func beginRequest() {
    condition.withLock { activeRequests += 1 }
  }

  /// The request begun with ``beginRequest()`` is done.
  public func endRequest() {
    condition.withLock {
      activeRequests -= 1
      condition.broadcast()
    }
  }

  /// Returns once no request is being drawn (background work calls it between its steps).
  public func waitWhileRequestsRun() {
    condition.withLock {
      while activeRequests > 0 { condition.wait() }
    }
  }

  // MARK: Filler lanes

  /// Announces a lane that will decode `key`'s pictures from source time `first` to `last`.
  func openLane(_ key: FileKey, from first: Rational, to last: Rational) -> Int {
    condition.withLock {
      nextLaneID += 1
      lanes[nextLaneID] = Lane(key: key, next: first, last: last)
      return nextLaneID
    }
  }

  /// The lane has decoded up to (not including) source time `next`.
  func advanceLane(_ id: Int, to next: Rational) {
    condition.withLock {
      lanes[id]?.next = next
      condition.broadcast()
    }
  }

  /// The lane will decode nothing more (done, failed or cancelled).
  func closeLane(_ id: Int) {
    condition.withLock {
      lanes[id] = nil
      condition.broadcast()
    }
  }

  /// The open lane a waiting request needs first, if any: the one that will reach the
  /// oldest demand.
  func laneInDemand() -> Int? {
    condition.withLock {
      for demand in demands {
        if let id = lanes.first(where: { $0.value.key == demand.key && Self.lane($0.value, reaches: demand.time) })?
          .key
        {
          return id
        }
      }
      return nil
    }
  }

  private func laneWillReach(_ key: FileKey, _ s: Rational) -> Bool {
    lanes.values.contains { $0.key == key && Self.lane($0, reaches: s) }
  }

  private static func lane(_ lane: Lane, reaches s: Rational) -> Bool { lane.next <= s && s <= lane.last }
}
