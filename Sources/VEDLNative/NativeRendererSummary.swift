import VEDLTime

/// What a finished native render wrote.
public struct NativeRendererSummary: Sendable, Hashable {
  /// Pictures encoded: the timeline's frame count (1 for a still).
  public var videoFrames: Int64
  /// Sound samples encoded per channel (0 when the output has no sound).
  public var audioSamples: Int64
  /// Width of the encoded picture (the canvas, or smaller for the `medium`/`low` qualities).
  public var width: Int
  /// Height of the encoded picture.
  public var height: Int
  /// The Y′CbCr matrix the pictures were converted and tagged with; `nil` for an RGB still.
  public var colorMatrix: NativeEncodingColorMatrix?
  /// The most pictures that waited between compositing and encoding at once: at most the
  /// queue's capacity, whatever the length of the edit.
  public var queuePeak: Int

  /// A summary; every property is documented above.
  public init(
    videoFrames: Int64, audioSamples: Int64, width: Int, height: Int, colorMatrix: NativeEncodingColorMatrix?,
    queuePeak: Int
  ) {
    self.videoFrames = videoFrames
    self.audioSamples = audioSamples
    self.width = width
    self.height = height
    self.colorMatrix = colorMatrix
    self.queuePeak = queuePeak
  }
}
