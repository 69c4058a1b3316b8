import CFFmpeg

/// One owned `AVFrame` (`av_frame_alloc` / `av_frame_free`), reused: decoders, filter sinks
/// and encoders fill it, and `unreference()` drops the picture or samples it holds.
final class Frame {
  let frame: UnsafeMutablePointer<AVFrame>

  init() throws(FFmpegError) {
    guard let frame = av_frame_alloc() else {
      throw FFmpegError(code: vedl_averror_enomem(), operation: "allocating a frame")
    }
    self.frame = frame
  }

  deinit {
    var owned: UnsafeMutablePointer<AVFrame>? = frame
    av_frame_free(&owned)
  }

  /// A new frame referencing the same picture or samples (`av_frame_ref`): timestamps and
  /// flags of its own, the data shared (and, being shared, read only). Each picture handed to
  /// the encoding thread is one, so a picture repeated at several timestamps is not one
  /// `AVFrame` changed under the encoder.
  func newReference() throws(FFmpegError) -> Frame {
    let copy = try Frame()
    let code = av_frame_ref(copy.frame, frame)
    if code < 0 { throw FFmpegError(code: code, operation: "referencing a frame") }
    return copy
  }

  /// Drops the payload, keeping the allocation.
  func unreference() { av_frame_unref(frame) }

  /// The presentation timestamp in whatever time base the frame travels in; `nil` when
  /// unknown.
  var presentationTimestamp: Int64? {
    get { frame.pointee.pts == vedl_av_nopts_value() ? nil : frame.pointee.pts }
    set { frame.pointee.pts = newValue ?? vedl_av_nopts_value() }
  }
}
