import CFFmpeg
import VEDLTime

/// Joins video chunks (each rendered on its own, numbered from frame 0) and one sound file
/// into a single file by copying their packets — no decoding, no re-encoding: what a chunked
/// render (docs/scale-out.md) does last.
///
/// Every video timestamp is turned back into a frame number of its chunk (timestamps in the
/// chunk are whole frames, as the encoder's time base is one frame), moved by the chunk's
/// first frame, and written as the whole render writes frame numbers. So the output has
/// exactly the timestamps a single render has — unlike the concat demuxer, which adds up
/// rounded chunk durations. Sound packets are copied as they are (the sound was encoded
/// once, for the whole edit). Packets of the two streams are interleaved by time.
public struct ChunkAssembler: Sendable {
  /// One video chunk: a file whose first video stream holds timeline frames from
  /// `firstFrame` on.
  public struct Chunk: Sendable, Hashable {
    public var path: String
    public var firstFrame: Int64

    /// A chunk; every property is documented above.
    public init(path: String, firstFrame: Int64) {
      self.path = path
      self.firstFrame = firstFrame
    }
  }

  /// The chunks, in timeline order.
  public var chunks: [Chunk]
  /// The file whose first sound stream is copied, or `nil` for a silent output.
  public var sound: String?
  /// The frame rate every chunk was encoded at.
  public var frameRate: Rational
  /// The file to write (a temporary file: the caller moves it into place).
  public var output: String
  /// The muxer (`mp4`, `webm`) and its options, as the single render uses them.
  public var formatName: String
  public var muxerOptions: [MediaOption]

  /// An assembly; every property is documented above.
  public init(
    chunks: [Chunk], sound: String?, frameRate: Rational, output: String, formatName: String,
    muxerOptions: [MediaOption]
  ) {
    self.chunks = chunks
    self.sound = sound
    self.frameRate = frameRate
    self.output = output
    self.formatName = formatName
    self.muxerOptions = muxerOptions
  }

  /// Writes `output`. On failure the file may exist incomplete: the caller removes it.
  ///
  /// - Returns: the number of video packets written.
  @discardableResult
  public func run(cancellation: CancellationFlag? = nil) throws(MediaRenderError) -> Int64 {
    guard let first = chunks.first else { throw .emptyOutput(reason: "there is no chunk to assemble") }
    let muxer = try OutputMuxer(path: output, formatName: formatName, options: muxerOptions)
    var reader = try ChunkPacketReader(path: first.path, kind: .video)
    let videoStream = try muxer.addStream(copying: reader.parameters, timeBase: reader.timeBase)
    var soundReader: ChunkPacketReader?
    var soundStream: Int?
    if let sound {
      let audio = try ChunkPacketReader(path: sound, kind: .audio)
      soundStream = try muxer.addStream(copying: audio.parameters, timeBase: audio.timeBase)
      soundReader = audio
    }
    try muxer.writeHeader()
    let outputVideoBase = muxer.timeBase(ofStream: videoStream)
    let frame = av_make_q(Int32(frameRate.denominator), Int32(frameRate.numerator))

    var written: Int64 = 0
    var chunkIndex = 0
    var pendingVideo = try reader.next()
    var pendingSound = try soundReader?.next()
    while true {
      if cancellation?.isCancelled == true { throw .cancelled }
      // The next chunk's reader opens when this one ends.
      while pendingVideo == nil, chunkIndex + 1 < chunks.count {
        chunkIndex += 1
        reader = try ChunkPacketReader(path: chunks[chunkIndex].path, kind: .video)
        pendingVideo = try reader.next()
      }
      let offset = chunks[chunkIndex].firstFrame
      let videoTime = pendingVideo.map { reader.seconds($0.decodingTimestamp) }
      let soundTime = pendingSound.map { soundReader!.seconds($0.decodingTimestamp) }
      if let video = pendingVideo, soundTime.map({ videoTime! <= $0 }) ?? true {
        // Whole frames of the chunk, counted from its first frame, then of the timeline.
        let moved = { (timestamp: Int64?) -> Int64? in
          timestamp.map {
            av_rescale_q(av_rescale_q($0, reader.timeBase, frame) + offset, frame, outputVideoBase)
          }
        }
        video.packet.pointee.pts = moved(video.presentationTimestamp) ?? vedl_av_nopts_value()
        video.packet.pointee.dts = moved(video.decodingTimestamp) ?? vedl_av_nopts_value()
        video.packet.pointee.duration = av_rescale_q(video.packet.pointee.duration, reader.timeBase, outputVideoBase)
        video.packet.pointee.pos = -1
        try muxer.writeCopied(video, stream: videoStream)
        written += 1
        pendingVideo = try reader.next()
      } else if let audio = pendingSound, let soundReader, let soundStream {
        av_packet_rescale_ts(audio.packet, soundReader.timeBase, muxer.timeBase(ofStream: soundStream))
        audio.packet.pointee.pos = -1
        try muxer.writeCopied(audio, stream: soundStream)
        pendingSound = try soundReader.next()
      } else {
        break
      }
    }
    try muxer.finish()
    return written
  }
}

/// Reads the packets of one stream of a chunk or sound file.
private struct ChunkPacketReader {
  let input: FormatInputContext
  let stream: Int
  let timeBase: AVRational
  let parameters: UnsafeMutablePointer<AVCodecParameters>

  init(path: String, kind: StreamKind) throws(MediaRenderError) {
    do {
      input = try FormatInputContext(path: path)
    } catch {
      throw .unreadableInput(path: path, reason: error.userDetail)
    }
    guard let index = input.firstStream(of: kind) else {
      throw .missingStream(path: path, kind: kind, label: kind == .video ? "v" : "a")
    }
    stream = index
    input.discardAllStreams(except: [index])
    let avStream = input.stream(at: index)
    timeBase = avStream.pointee.time_base
    parameters = avStream.pointee.codecpar
  }

  /// The next packet of the stream, or `nil` at the end.
  func next() throws(MediaRenderError) -> Packet? {
    let packet: Packet
    do { packet = try Packet() } catch { throw .encodingFailed(reason: error.userDetail) }
    while true {
      do {
        guard try input.readPacket(into: packet) else { return nil }
      } catch {
        throw .unreadableInput(path: input.path, reason: error.userDetail)
      }
      if packet.streamIndex == stream { return packet }
      packet.unreference()
    }
  }

  /// `timestamp` in seconds (`-∞` when unknown, so that it goes first).
  func seconds(_ timestamp: Int64?) -> Double {
    guard let timestamp else { return -.infinity }
    return Double(timestamp) * av_q2d(timeBase)
  }
}

extension Packet {
  /// The decoding timestamp in the stream's time base; `nil` when unknown.
  var decodingTimestamp: Int64? {
    packet.pointee.dts == vedl_av_nopts_value() ? nil : packet.pointee.dts
  }
}

extension OutputMuxer {
  /// Adds a stream with a copy of `parameters` (a stream of another file) and its time base.
  func addStream(
    copying parameters: UnsafeMutablePointer<AVCodecParameters>, timeBase: AVRational
  ) throws(MediaRenderError) -> Int {
    let index = try addStream()
    try copyParameters(to: index, from: parameters, timeBase: timeBase)
    return index
  }
}
