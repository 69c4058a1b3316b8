import CFFmpeg

/// Bytes from libav's allocator (`av_malloc` / `av_free`), aligned as libav's SIMD code
/// wants: scratch space for swscale to write whole blocks into.
public final class AlignedBuffer {
  /// The first byte; valid until the buffer is released.
  public let bytes: UnsafeMutablePointer<UInt8>
  /// How many bytes there are.
  public let count: Int

  /// `count` uninitialised bytes.
  public init(count: Int) throws(FFmpegError) {
    guard let memory = av_malloc(count) else {
      throw FFmpegError(code: vedl_averror_enomem(), operation: "allocating \(count) bytes")
    }
    bytes = memory.assumingMemoryBound(to: UInt8.self)
    self.count = count
  }

  deinit {
    av_free(bytes)
  }
}
