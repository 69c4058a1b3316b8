/// One line logged by libav*, delivered to a handler installed with `LibavLog.configure`.
public struct LibavLogMessage: Sendable, Hashable, CustomStringConvertible {
  /// How severe FFmpeg considered it.
  public let level: LibavLogLevel
  /// The name FFmpeg prints in brackets before the message: the demuxer, codec or filter
  /// that logged it (`"mov,mp4,m4a,3gp,3g2,mj2"`, `"h264"`), when known.
  public let component: String?
  /// The message, without its trailing newline.
  public let text: String

  /// A message as FFmpeg would show it.
  public init(level: LibavLogLevel, component: String?, text: String) {
    self.level = level
    self.component = component
    self.text = text
  }

  /// `[h264] Invalid NAL unit size`, the way FFmpeg prints it (without the address).
  public var description: String {
    component.map { "[\($0)] \(text)" } ?? text
  }
}
