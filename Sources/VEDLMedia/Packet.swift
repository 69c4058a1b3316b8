import CFFmpeg
import VEDLTime

/// One owned `AVPacket` (`av_packet_alloc` / `av_packet_free`), reused across reads: each
/// read unreferences the previous payload first.
final class Packet {
  let packet: UnsafeMutablePointer<AVPacket>

  init() throws(FFmpegError) {
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
  func unreference() { av_packet_unref(packet) }

  /// The index of the stream the packet belongs to.
  var streamIndex: Int { Int(packet.pointee.stream_index) }

  /// The presentation timestamp in the stream's time base; `nil` when unknown.
  var presentationTimestamp: Int64? {
    packet.pointee.pts == vedl_av_nopts_value() ? nil : packet.pointee.pts
  }

  /// The demuxer marked the packet to be decoded but not shown (before an edit list start).
  var isDiscarded: Bool { packet.pointee.flags & AV_PKT_FLAG_DISCARD != 0 }
}
