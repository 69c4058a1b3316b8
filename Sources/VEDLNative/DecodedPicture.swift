import VEDLMedia
import VEDLRaster
import VEDLTime

/// One decoded picture of a source, with its exact presentation time in the source. The
/// picture stays in the decoder's pixel format until it is shown: most decoded pictures are
/// skipped by the §5 selection (speed-ups, rate conversions, frames before a trim), so they
/// are never converted to RGBA.
final class DecodedPicture {
  /// The decoded frame (VEDLMedia's owning wrapper).
  let frame: Frame
  /// Its presentation time in seconds, counted from the file's start time (the timestamps
  /// the FFmpeg backend's graph sees under `-copyts -start_at_zero`).
  let time: Rational
  /// The premultiplied RGBA picture, once converted: a picture shown on several timeline
  /// frames is converted once.
  var converted: RGBAImage?
  /// Whether the source's picture filters (turn, tone mapping) have been run on `frame`
  /// already: a kept picture is kept filtered, so that they run once per picture.
  let isFiltered: Bool

  /// Holds `frame`, presented at `time`.
  init(frame: Frame, time: Rational, isFiltered: Bool = false) {
    self.frame = frame
    self.time = time
    self.isFiltered = isFiltered
  }
}
