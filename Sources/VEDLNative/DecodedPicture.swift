import CFFmpeg
import VEDLRaster
import VEDLTime

/// One decoded picture of a source, owned (`av_frame_alloc` / `av_frame_free`), with its
/// exact presentation time in the source. The picture stays in the decoder's pixel format
/// until it is shown: most decoded pictures are skipped by the §5 selection (speed-ups, rate
/// conversions, frames before a trim), so they are never converted to RGBA.
final class DecodedPicture {
  /// The owned frame.
  let frame: UnsafeMutablePointer<AVFrame>
  /// Its presentation time in seconds, counted from the file's start time (the timestamps
  /// the FFmpeg backend's graph sees under `-copyts -start_at_zero`).
  let time: Rational
  /// The premultiplied RGBA picture, once converted: a picture shown on several timeline
  /// frames is converted once.
  var converted: RGBAImage?

  /// Takes ownership of `frame`, presented at `time`.
  init(frame: UnsafeMutablePointer<AVFrame>, time: Rational) {
    self.frame = frame
    self.time = time
  }

  deinit {
    var owned: UnsafeMutablePointer<AVFrame>? = frame
    av_frame_free(&owned)
  }
}
