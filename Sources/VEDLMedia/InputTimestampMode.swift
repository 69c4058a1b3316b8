/// How input timestamps reach the filter graph — the `ffmpeg` CLI's `-copyts` switch, which
/// changes what a graph's `setpts` expressions see, so the runner must match the command it
/// stands in for.
public enum InputTimestampMode: Sendable, Hashable {
  /// The CLI's default: each input is shifted so that its seek point (`-ss`) is time 0.
  case zeroAtSeek
  /// `-copyts -start_at_zero`: frames keep their time in the source file (counted from the
  /// file's first timestamp), so a clip trimmed from 2 s starts at 2 s; the video output
  /// keeps its first picture's time instead of repeating it from 0 (`-vsync vscfr`).
  case sourceTime
}
