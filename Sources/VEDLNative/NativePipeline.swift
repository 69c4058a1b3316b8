import VEDLLowering
import VEDLMedia
import VEDLNativeAudio
import VEDLRaster
import VEDLTime

/// One run of the native backend's two-stage pipeline, independent of where pictures and
/// sound come from (so its threading, bounds and cancellation are tested with synthetic
/// pictures):
///
/// 1. the **compositing thread** (`NativePipelineCompositingThread`) draws the frames in
///    order into a `NativePipelineFrameQueue` of `queueCapacity` pictures;
/// 2. the **calling thread** takes them in order, converts each to the encoder's pixel
///    format and size (`NativeEncodingPictureConverter`), encodes it, then mixes and encodes
///    the sound up to the end of that frame, and reports progress.
///
/// Any error, or the cancellation flag, stops both stages: the queue is abandoned, the
/// compositing thread is waited for, and the error is thrown.
struct NativePipeline {
  /// The file to write.
  var path: String
  /// Codecs, options and container.
  var encoding: EncodingSettings
  /// The canvas frame grid: picture `n` starts at `grid.time(ofFrame: n)`.
  var grid: FrameGrid
  /// The size of the drawn pictures.
  var sourceWidth: Int
  /// The height of the drawn pictures.
  var sourceHeight: Int
  /// The size of the encoded pictures.
  var output: (width: Int, height: Int)
  /// The timeline frames to draw and encode, in order (all of them, or one for a still).
  var frames: [Int64]
  /// Pictures that may wait between the stages.
  var queueCapacity: Int

  /// Runs the pipeline: `draw` on the compositing thread, `sound` (if any) interleaved with
  /// the pictures on this thread.
  func run(
    sound: NativePipelineSound?, cancellation: CancellationFlag?, progress: ((RenderProgress) -> Void)?,
    draw: @escaping NativePipelineCompositingThread.Draw
  ) throws(NativePipelineError) -> NativeRendererSummary {
    if cancellation?.isCancelled == true { throw .cancelled }
    let session = try NativeEncodingSession(
      path: path, encoding: encoding, sourceWidth: sourceWidth, sourceHeight: sourceHeight, width: output.width,
      height: output.height, frameRate: grid.rate.framesPerSecond, withSound: sound != nil,
      sampleRate: NativeRenderer.sampleRate)
    let expected = Int64(frames.count)
    let expectedDuration = grid.time(ofFrame: expected)
    let queue = NativePipelineFrameQueue(capacity: queueCapacity)
    let compositor = NativePipelineCompositingThread(
      frames: frames, queue: queue, cancellation: cancellation, draw: draw)
    defer {
      queue.abandon()
      compositor.waitUntilFinished()
    }
    let samples = SampleGrid.standard
    while let item = queue.take() {
      if cancellation?.isCancelled == true { throw .cancelled }
      switch item {
      case .failure(let error):
        throw error
      case .picture(_, let image):
        try session.encodePicture(image)
      }
      let written = session.picturesEncoded
      try sound?.feed(upTo: samples.sampleFloor(at: grid.time(ofFrame: written))) {
        (chunk) throws(NativePipelineError) in try session.encodeSound(chunk)
      }
      progress?(
        RenderProgress(time: grid.time(ofFrame: written), expectedDuration: expectedDuration, videoFrames: written))
    }
    if cancellation?.isCancelled == true { throw .cancelled }
    guard session.picturesEncoded == expected else {
      throw .encodingFailed(reason: "\(session.picturesEncoded) of \(expected) pictures were drawn")
    }
    if let sound {
      try sound.feed(upTo: sound.totalSamples) { (chunk) throws(NativePipelineError) in try session.encodeSound(chunk) }
    }
    try session.finish()
    return NativeRendererSummary(
      videoFrames: session.picturesEncoded, audioSamples: session.soundSamplesEncoded, width: output.width,
      height: output.height, colorMatrix: session.colorMatrix, queuePeak: queue.highWaterMark)
  }
}
