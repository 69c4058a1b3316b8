import VEDLMedia
import VEDLRaster

/// The bounded hand-over between the native pipeline's compositing thread and its encoding
/// thread (the shared `HandOffQueue`): at most `capacity` finished pictures wait, so the
/// compositor can run ahead of the encoder by a few frames but memory stays flat whatever the
/// length of the edit.
typealias NativePipelineFrameQueue = HandOffQueue<NativePipelineItem>

/// What the native pipeline's encoding side receives from the compositing thread.
enum NativePipelineItem: Sendable {
  /// Timeline frame `index`, drawn.
  case picture(index: Int64, image: RGBAImage)
  /// The producer stopped with this error; nothing follows.
  case failure(NativePipelineError)
}
