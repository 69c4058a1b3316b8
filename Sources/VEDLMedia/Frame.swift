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

  /// Drops the payload, keeping the allocation.
  func unreference() { av_frame_unref(frame) }

  /// The presentation timestamp in whatever time base the frame travels in; `nil` when
  /// unknown.
  var presentationTimestamp: Int64? {
    get { frame.pointee.pts == vedl_av_nopts_value() ? nil : frame.pointee.pts }
    set { frame.pointee.pts = newValue ?? vedl_av_nopts_value() }
  }
}
