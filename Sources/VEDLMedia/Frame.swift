import CFFmpeg

/// One owned `AVFrame` (`av_frame_alloc` / `av_frame_free`), reused: decoders, filter sinks
/// and encoders fill it, and `unreference()` drops the picture or samples it holds.
///
/// Public so that the native renderer can hold decoded pictures and fill frames for its
/// encoders without libav's headers: fields are Swift values, planes are plain byte pointers
/// valid while the frame holds its buffers.
public final class Frame {
  let frame: UnsafeMutablePointer<AVFrame>

  public init() throws(FFmpegError) {
    guard let frame = av_frame_alloc() else {
      throw FFmpegError(code: vedl_averror_enomem(), operation: "allocating a frame")
    }
    self.frame = frame
  }

  /// Takes ownership of `frame` (from `av_frame_clone`).
  private init(owning frame: UnsafeMutablePointer<AVFrame>) {
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

  /// A new frame with the same properties referencing the same data (`av_frame_clone`).
  public func clone() throws(FFmpegError) -> Frame {
    guard let copy = av_frame_clone(frame) else {
      throw FFmpegError(code: vedl_averror_enomem(), operation: "copying a frame")
    }
    return Frame(owning: copy)
  }

  /// Drops the payload, keeping the allocation.
  public func unreference() { av_frame_unref(frame) }

  /// Allocates buffers for the size and format set (`av_frame_get_buffer`, default alignment).
  public func allocateBuffers() throws(FFmpegError) {
    let code = av_frame_get_buffer(frame, 0)
    if code < 0 { throw FFmpegError(code: code, operation: "allocating a frame's buffers") }
  }

  /// Makes the data writable, copying it when an encoder still holds a reference to it
  /// (`av_frame_make_writable`).
  public func makeWritable() throws(FFmpegError) {
    let code = av_frame_make_writable(frame)
    if code < 0 { throw FFmpegError(code: code, operation: "making a frame writable") }
  }

  // MARK: Timing

  /// The presentation timestamp in whatever time base the frame travels in; `nil` when
  /// unknown.
  public var presentationTimestamp: Int64? {
    get { frame.pointee.pts == vedl_av_nopts_value() ? nil : frame.pointee.pts }
    set { frame.pointee.pts = newValue ?? vedl_av_nopts_value() }
  }

  /// The decoder's best guess at the presentation timestamp (`best_effort_timestamp`);
  /// `nil` when unknown.
  public var bestEffortTimestamp: Int64? {
    frame.pointee.best_effort_timestamp == vedl_av_nopts_value() ? nil : frame.pointee.best_effort_timestamp
  }

  /// The duration of the packet the frame came from, in the stream's time base (0 when
  /// unknown).
  public var packetDuration: Int64 { frame.pointee.pkt_duration }

  // MARK: Pictures

  public var width: Int {
    get { Int(frame.pointee.width) }
    set { frame.pointee.width = Int32(newValue) }
  }

  public var height: Int {
    get { Int(frame.pointee.height) }
    set { frame.pointee.height = Int32(newValue) }
  }

  /// The bytes a picture's planes take (`av_image_get_buffer_size`, unpadded): what keeping
  /// the picture costs; 0 for a frame without a picture.
  public var pictureByteCount: Int {
    guard frame.pointee.format >= 0, frame.pointee.width > 0, frame.pointee.height > 0 else { return 0 }
    let size = av_image_get_buffer_size(
      AVPixelFormat(rawValue: frame.pointee.format), frame.pointee.width, frame.pointee.height, 1)
    return max(0, Int(size))
  }

  /// libav's number for the picture or sample format (`AVFrame.format`), -1 when none.
  public var formatNumber: Int32 { frame.pointee.format }

  /// The pixel format of a picture; `nil` when none is set.
  public var pixelFormat: PixelFormat? {
    get { frame.pointee.format < 0 ? nil : PixelFormat(rawValue: frame.pointee.format) }
    set { frame.pointee.format = newValue?.rawValue ?? AV_PIX_FMT_NONE.rawValue }
  }

  /// The pixel aspect ratio as stored (`0/1` when unknown).
  public var sampleAspectRatio: LibavRational {
    get { LibavRational(frame.pointee.sample_aspect_ratio) }
    set { frame.pointee.sample_aspect_ratio = newValue.avRational }
  }

  public var colorRange: ColorTags.Range {
    get { ColorTags.Range(frame.pointee.color_range) }
    set { frame.pointee.color_range = newValue.avValue }
  }

  public var colorSpace: ColorTags.Space {
    get { ColorTags.Space(frame.pointee.colorspace) }
    set { frame.pointee.colorspace = newValue.avValue }
  }

  public var colorPrimaries: ColorTags.Primaries {
    get { ColorTags.Primaries(frame.pointee.color_primaries) }
    set { frame.pointee.color_primaries = newValue.avValue }
  }

  public var colorTransfer: ColorTags.Transfer {
    get { ColorTags.Transfer(frame.pointee.color_trc) }
    set { frame.pointee.color_trc = newValue.avValue }
  }

  /// Marks the picture as of no particular type, so the encoder chooses (`pict_type`).
  public func clearPictureType() { frame.pointee.pict_type = AV_PICTURE_TYPE_NONE }

  /// The start of plane `index` (`data[index]`), `nil` when the frame has no such plane.
  public func plane(_ index: Int) -> UnsafeMutablePointer<UInt8>? { vedl_av_frame_plane(frame, Int32(index)) }

  /// Bytes from one row of plane `index` to the next (`linesize[index]`).
  public func lineSize(_ index: Int) -> Int { Int(vedl_av_frame_linesize(frame, Int32(index))) }

  // MARK: Sound

  /// The sample format of a block of sound.
  public var sampleFormat: SampleFormat {
    get { SampleFormat(rawValue: frame.pointee.format) }
    set { frame.pointee.format = newValue.rawValue }
  }

  /// Samples per second.
  public var sampleRate: Int {
    get { Int(frame.pointee.sample_rate) }
    set { frame.pointee.sample_rate = Int32(newValue) }
  }

  /// Samples per channel (`nb_samples`).
  public var sampleCount: Int {
    get { Int(frame.pointee.nb_samples) }
    set { frame.pointee.nb_samples = Int32(newValue) }
  }

  /// How many channels the sound has.
  public var channelCount: Int { Int(frame.pointee.ch_layout.nb_channels) }

  /// Gives the frame the stereo channel layout (`av_channel_layout_copy`).
  public func setStereoLayout() {
    var stereo = vedl_av_channel_layout_stereo()
    _ = av_channel_layout_copy(&frame.pointee.ch_layout, &stereo)
  }

  /// The samples of channel plane `index` (`extended_data[index]`; for interleaved formats
  /// only plane 0, holding every channel).
  public func samplePlane(_ index: Int) -> UnsafeMutablePointer<UInt8>? { frame.pointee.extended_data[index] }
}
