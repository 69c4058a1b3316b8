import VEDLLowering
import VEDLMedia
import VEDLRaster
import VEDLTime

/// Picks the pictures of one video file by the §5 rule, on exact timestamps: for a source
/// time `s`, the decoded picture with the greatest presentation time `≤ s` (the first
/// picture when `s` precedes them all, as the FFmpeg backend's `fps` filter repeats it).
///
/// Reading is sequential: increasing times decode forward from where the last one stopped,
/// converting only the pictures that are shown. The file is opened on the first request and
/// a seek brings the demuxer to the keyframe before the first wanted time (the FFmpeg backend
/// seeks one second early too); asking for an earlier time, or one far ahead, seeks again.
/// Only the current picture and the next one are held, so memory does not grow with the
/// length of the clip.
final class SourceFrameSelector {
  /// How far before a wanted time a seek aims, so that the picture shown at that time (which
  /// may start earlier) is decoded.
  static let seekMargin = Rational(1)
  /// A jump forward longer than this seeks instead of decoding every picture in between.
  static let seekAheadDistance = Rational(8)

  /// The file.
  let path: String
  private let converter = PictureConverter()
  /// What the file's pictures need (decoder, tone mapping, turn), as the FFmpeg backend gives
  /// them.
  private let treatment: SourcePictureTreatment
  /// Runs the treatment's filters on each picture shown; `nil` when there are none.
  private let pictureFilter: SourcePictureFilter?
  private var reader: MediaPictureReader?
  /// The picture with the greatest time `≤` the last time asked for.
  private var current: DecodedPicture?
  /// The picture after `current`, already decoded (its time is later than the last time
  /// asked for).
  private var lookahead: DecodedPicture?
  /// The reader has no more pictures.
  private var ended = false
  /// The reader was positioned by a seek (not read from the start of the file).
  private var seeked = false
  /// Pictures kept between renderers (`vedl preview`): asked before decoding, given every
  /// picture decoded.
  private let store: SourcePictureStore?
  let storeKey: SourcePictureStore.FileKey
  /// Whether a picture a filler lane will reach is waited for rather than decoded here (not
  /// for the lanes' own selectors: one would wait for another on the filler's thread).
  private let waitsForFiller: Bool

  /// A selector for the video file at `path` (opened on the first request), whose pictures
  /// are read and turned as `treatment` says; `store` keeps and gives decoded pictures.
  init(
    path: String, treatment: SourcePictureTreatment = SourcePictureTreatment(nil), store: SourcePictureStore? = nil,
    waitsForFiller: Bool = true
  ) {
    self.path = path
    self.treatment = treatment
    self.store = store
    self.waitsForFiller = waitsForFiller
    storeKey = SourcePictureStore.FileKey(path: path, treatment: treatment)
    pictureFilter = SourcePictureFilter(treatment, path: path)
  }

  /// The picture shown at source time `s` (seconds from the file's start), converted to
  /// premultiplied RGBA.
  func picture(atOrBefore s: Rational) throws(NativeRenderError) -> RGBAImage {
    let chosen = try select(s)
    if let image = chosen.converted { return image }
    let image = try Self.converted(chosen, by: converter, filter: pictureFilter, path: path)
    chosen.converted = image
    return image
  }

  /// The decoded pictures the §5 rule picks at each of `times` (in increasing order), left
  /// unconverted: a reversed run's pictures, read forward and shown backwards
  /// (``ClipSource``). Memory: the pictures returned.
  func decodedPictures(atOrBefore times: [Rational]) throws(NativeRenderError) -> [DecodedPicture] {
    var pictures: [DecodedPicture] = []
    pictures.reserveCapacity(times.count)
    for s in times { pictures.append(try select(s)) }
    return pictures
  }

  /// `picture` converted to premultiplied RGBA (once: the result is kept on it).
  func image(of picture: DecodedPicture) throws(NativeRenderError) -> RGBAImage {
    if let image = picture.converted { return image }
    let image = try Self.converted(picture, by: converter, filter: pictureFilter, path: path)
    picture.converted = image
    return image
  }

  /// `picture` through `filter` (when there is one), converted to premultiplied RGBA.
  static func converted(
    _ picture: DecodedPicture, by converter: PictureConverter, filter: SourcePictureFilter?, path: String
  ) throws(NativeRenderError) -> RGBAImage {
    let filtered = picture.isFiltered ? nil : try filter?.filter(picture.frame)
    let image: RGBAImage?
    do { image = try converter.convert(filtered ?? picture.frame) } catch {
      throw NativeRenderError("cannot convert a picture of `\(path)` to RGBA: \(error.explanation)", path: path)
    }
    guard let image else {
      throw NativeRenderError("cannot convert a picture of `\(path)` to RGBA", path: path)
    }
    return image
  }

  /// Whether `s` lies after the file's last picture has ended (its time plus one frame), as
  /// found by the last request — where a stream that is not cut to a clip's length (a
  /// watermark) has run out.
  func hasRunOut(at s: Rational) -> Bool {
    guard let end = picturesEnd else { return false }
    return s >= end
  }

  /// Where the file's last picture ends (its time plus its duration, at least one frame of
  /// the stream's rate), once the last request has read to the end of the file.
  var picturesEnd: Rational? {
    guard ended, lookahead == nil, let current, let reader else { return nil }
    return current.time + max(reader.frameDuration, reader.duration(of: current) ?? .zero)
  }

  /// The decoded picture the §5 rule picks at `s`: a kept one, or one decoded here (and
  /// kept, unless the file has run out at `s`, which its clip reports as an error).
  private func select(_ s: Rational) throws(NativeRenderError) -> DecodedPicture {
    if let store, let kept = store.picture(storeKey, at: s, waitingForFiller: waitsForFiller) { return kept }
    let chosen = try decode(s)
    guard let store, !hasRunOut(at: s) else { return chosen }
    // Kept filtered, so that the filters run once per picture; handed out as kept.
    let kept: DecodedPicture
    if let pictureFilter {
      kept = DecodedPicture(frame: try pictureFilter.filter(chosen.frame), time: chosen.time, isFiltered: true)
    } else {
      kept = chosen
    }
    store.keep(kept, for: storeKey, at: s)
    return kept
  }

  /// Decodes up to the picture the §5 rule picks at `s`.
  private func decode(_ s: Rational) throws(NativeRenderError) -> DecodedPicture {
    if needsSeek(to: s) { try seek(before: s) }
    try advance(to: s)
    if current == nil, seeked, let first = lookahead, first.time > s {
      // The seek landed after the wanted time (a demuxer with coarse seeking): read from the
      // start of the file instead.
      try reopen()
      try advance(to: s)
    }
    guard let chosen = current ?? lookahead else {
      throw NativeRenderError("`\(path)` has no picture to show at \(s.secondsDescription)", path: path)
    }
    try checkNotCutShort(at: s, last: chosen)
    return chosen
  }

  /// A file whose pictures stop well before the end it declares is damaged (cut short):
  /// holding its last picture would hide that, so it is an error, as in the FFmpeg backend.
  private func checkNotCutShort(at s: Rational, last: DecodedPicture) throws(NativeRenderError) {
    guard let reader, let end = reader.declaredEnd, let picturesEnd else { return }
    guard s >= picturesEnd, s < end - reader.frameDuration else { return }
    throw NativeRenderError(
      "`\(path)` is truncated or damaged: its pictures stop at \(last.time.decimalText(fractionDigits: 3))s, "
        + "but it declares \(end.decimalText(fractionDigits: 3))s and the edit shows \(s.decimalText(fractionDigits: 3))s",
      path: path)
  }

  /// Decodes forward until the next picture is later than `s`.
  private func advance(to s: Rational) throws(NativeRenderError) {
    while true {
      if lookahead == nil && !ended {
        lookahead = try reader?.next()
        if lookahead == nil { ended = true }
      }
      guard let next = lookahead, next.time <= s else { break }
      current = next
      lookahead = nil
    }
  }

  /// Whether reading on from here would be wrong (the time lies before the current picture)
  /// or wasteful (it lies far ahead), or nothing is open yet.
  private func needsSeek(to s: Rational) -> Bool {
    guard reader != nil else { return true }
    if let current, s < current.time { return true }
    if let known = lookahead ?? current, s - known.time > Self.seekAheadDistance { return true }
    return false
  }

  /// Positions the reader on the keyframe before `s − seekMargin`, opening the file when it
  /// is not open or cannot seek.
  private func seek(before s: Rational) throws(NativeRenderError) {
    let target = s - Self.seekMargin
    current = nil
    lookahead = nil
    ended = false
    if let reader, reader.seek(to: target) {
      seeked = true
      return
    }
    // Not open yet, or a demuxer that cannot seek: open afresh.
    try reopen()
    if target.isPositive, let reader { seeked = reader.seek(to: target) }
  }

  /// Opens the file again, reading from its start.
  private func reopen() throws(NativeRenderError) {
    reader = nil
    current = nil
    lookahead = nil
    ended = false
    seeked = false
    reader = try MediaPictureReader(path: path, decoder: treatment.decoder)
  }
}
