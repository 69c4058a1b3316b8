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

  /// Options for `path`; every property is documented above.
  public init(path: String, seek: Rational? = nil, duration: Rational? = nil, loopStill: Bool = false) {
    self.path = path
    self.seek = seek
    self.duration = duration
    self.loopStill = loopStill
  }
}
