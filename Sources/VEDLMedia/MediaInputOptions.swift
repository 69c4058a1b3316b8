import VEDLTime

/// How one media file is read into a filter graph: the in-process equivalent of the options
/// the `ffmpeg` CLI takes before `-i` — `-ss SEEK -t DURATION -loop 1 -i PATH`.
///
/// Reading matches the CLI exactly, so that a render and `vedl graph --command` see the same
/// frames: seek to the keyframe before `seek`, decode from there, shift timestamps so that
/// `seek` becomes 0, drop what lies before it (a `trim`/`atrim` at 0, as the CLI's accurate
/// seeking inserts) and stop after `duration`.
public struct MediaInputOptions: Sendable, Hashable {
  /// The file to read (absolute, or relative to the process's directory).
  public var path: String
  /// Source time (seconds) that becomes time 0 of the input; `nil` reads from the start.
  public var seek: Rational?
  /// How much to read after `seek` (seconds); `nil` reads to the end.
  public var duration: Rational?
  /// Repeat a still picture for as long as it is read (`-loop 1`); only image demuxers
  /// understand it.
  public var loopStill: Bool
  /// The output time (seconds) from which on no output frame or sample depends on this input
  /// (the end of the item that reads it); `nil` when it is read to the end. The in-process
  /// runner ends and closes the input once every output is a safe margin past it, so a long
  /// timeline holds only the readers of the items it is playing. It changes no frame: the
  /// `ffmpeg` CLI, which has no such option, produces the same output.
  public var lastUse: Rational?
  /// The source instants (source time, seconds from the file's start) at which the graph
  /// shows this input's pictures: the graph's `[k:v]` chain must select pictures by the §5
  /// rule (`setpts` to the clip's time, then `fps` with `round=up`, as the lowering writes
  /// it). The reader then leaves undecoded the non-reference pictures no instant shows —
  /// pictures `fps` would drop (a speed-up's skipped frames, those between a keyframe and the
  /// trim) — which changes no frame of the output (docs/graph.md §13). `nil`: every picture
  /// is decoded, as the CLI does.
  public var pictureSampling: SourceSampling?
  /// The decoder of the pictures, by libavcodec name, instead of the codec's default
  /// (`-c:v NAME` before `-i`): `libvpx-vp9` reads the alpha channel of a WebM that FFmpeg's
  /// own VP9 decoder ignores. `nil`: the default decoder.
  public var videoDecoder: String?
  /// Turn the pictures as the stream's display matrix says before the graph sees them, as
  /// the CLI's autorotation does by default; `false` is `-noautorotate` (the graph turns
  /// them itself).
  public var autorotate: Bool
  /// The demuxer, by libavformat name (`-f NAME` before `-i`), instead of the one probing the
  /// file picks; `nil`: probe.
  public var demuxer: String?

  /// Options for `path`; every property is documented above.
  public init(
    path: String, seek: Rational? = nil, duration: Rational? = nil, loopStill: Bool = false, lastUse: Rational? = nil,
    pictureSampling: SourceSampling? = nil, videoDecoder: String? = nil, autorotate: Bool = true,
    demuxer: String? = nil
  ) {
    self.path = path
    self.seek = seek
    self.duration = duration
    self.loopStill = loopStill
    self.lastUse = lastUse
    self.pictureSampling = pictureSampling
    self.videoDecoder = videoDecoder
    self.autorotate = autorotate
    self.demuxer = demuxer
  }
}
