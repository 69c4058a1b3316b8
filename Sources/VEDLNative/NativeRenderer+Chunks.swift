import VEDLLowering
import VEDLMedia
import VEDLNativeAudio
import VEDLSema
import VEDLTime

/// The two halves of a chunked native render (docs/scale-out.md): the pictures of a range of
/// timeline frames, without sound, and the sound of the whole edit, without pictures. Joined
/// by VEDLMedia's `ChunkAssembler`, they hold what `render(to:)` writes.
extension NativeRenderer {
  /// Renders timeline frames `frames` (numbered 0, 1, 2… in the file) with the export's
  /// encoders, and no sound, into `path`. On failure the file may exist incomplete.
  public func render(
    frames: Range<Int64>, to path: String, cancellation: CancellationFlag? = nil,
    progress: ((RenderProgress) -> Void)? = nil
  ) throws(NativePipelineError) -> NativeRendererSummary {
    try render(to: path, selecting: Array(frames), cancellation: cancellation, progress: progress)
  }

  /// Mixes the whole edit's sound and encodes it alone into `path` (with the export's sound
  /// encoder and muxer): exactly the packets `render(to:)` writes for its sound stream.
  ///
  /// - Returns: `false`, writing nothing, when the edit has no sound or the format no sound
  ///   codec.
  public func renderSound(to path: String, cancellation: CancellationFlag? = nil) throws(NativePipelineError) -> Bool {
    LibavLog.configure(LibavLog.configuration)
    guard !encoding.isStill, let codec = encoding.audioCodec else { return false }
    let mixer: any MixedSound
    do {
      mixer = try mixedSound()
    } catch {
      throw .sound(NativeRenderError(error.message, path: error.path))
    }
    guard mixer.hasSound else { return false }
    let sound = NativePipelineSound(mixer: mixer)
    let formatName = NativeEncodingSession.muxerName(encoding.format)
    let encoder = try NativeEncodingEncoder(
      audio: codec, options: encoding.audioOptions.map { ($0.name, $0.value) }, sampleRate: Self.sampleRate,
      globalHeader: OutputMuxer.formatWantsGlobalHeader(formatName))
    let framer = try NativeEncodingSoundFramer(for: encoder)
    let muxer: OutputMuxer
    let stream: Int
    do {
      muxer = try OutputMuxer(
        path: path, formatName: formatName, options: encoding.muxerOptions.map { MediaOption($0.name, $0.value) })
      stream = try muxer.addStream(for: encoder.encoder)
      try muxer.writeHeader()
    } catch {
      throw NativePipelineError(error)
    }
    func write(_ packet: Packet) throws(NativePipelineError) {
      do throws(MediaRenderError) { try muxer.write(packet, stream: stream) } catch { throw NativePipelineError(error) }
    }
    // Fed in the pipeline's steps (one frame's worth at a time is not needed: only the
    // order of samples matters to the encoder).
    while sound.delivered < sound.totalSamples {
      if cancellation?.isCancelled == true { throw .cancelled }
      let target = min(sound.totalSamples, sound.delivered + Int64(NativePipelineSound.chunkLimit))
      try sound.feed(upTo: target) { (chunk) throws(NativePipelineError) in
        framer.append(chunk)
        while let frame = try framer.nextFrame(flushing: false) {
          try encoder.encode(frame) { (packet) throws(NativePipelineError) in try write(packet) }
        }
      }
    }
    while let frame = try framer.nextFrame(flushing: true) {
      try encoder.encode(frame) { (packet) throws(NativePipelineError) in try write(packet) }
    }
    try encoder.encode(nil) { (packet) throws(NativePipelineError) in try write(packet) }
    do { try muxer.finish() } catch { throw NativePipelineError(error) }
    return true
  }
}
