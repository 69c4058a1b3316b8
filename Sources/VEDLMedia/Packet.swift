import CFFmpeg
import VEDLTime

/// One owned `AVPacket` (`av_packet_alloc` / `av_packet_free`), reused across reads: each
/// read unreferences the previous payload first. Public so that the native renderer reads
/// files through `FormatInputContext` and feeds `StreamDecoder`s itself.
public final class Packet {
  let packet: UnsafeMutablePointer<AVPacket>

  public init() throws(FFmpegError) {
    guard let packet = av_packet_alloc() else {
      throw FFmpegError(code: vedl_averror_enomem(), operation: "allocating a packet")
    }
    self.packet = packet
  }

  deinit {
    var owned: UnsafeMutablePointer<AVPacket>? = packet
    av_packet_free(&owned)
  }

  /// Drops the payload, keeping the allocation.
  public func unreference() { av_packet_unref(packet) }

  /// The index of the stream the packet belongs to.
  public var streamIndex: Int { Int(packet.pointee.stream_index) }

  /// The presentation timestamp in the stream's time base; `nil` when unknown.
  var presentationTimestamp: Int64? {
    packet.pointee.pts == vedl_av_nopts_value() ? nil : packet.pointee.pts
  }

  /// The demuxer marked the packet to be decoded but not shown (before an edit list start).
  var isDiscarded: Bool { packet.pointee.flags & AV_PKT_FLAG_DISCARD != 0 }

  /// Adds `offset` (in the stream's time base) to the presentation and decoding timestamps
  /// that are known: `-start_at_zero`'s shift.
  public func shiftTimestamps(by offset: Int64) {
    if packet.pointee.pts != vedl_av_nopts_value() { packet.pointee.pts += offset }
    if packet.pointee.dts != vedl_av_nopts_value() { packet.pointee.dts += offset }
  }

  /// The payload; `nil` when the packet is empty.
  public var data: UnsafeBufferPointer<UInt8>? {
    guard let bytes = packet.pointee.data, packet.pointee.size > 0 else { return nil }
    return UnsafeBufferPointer(start: bytes, count: Int(packet.pointee.size))
  }
}
