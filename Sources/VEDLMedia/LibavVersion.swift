import CFFmpeg

/// The versions of the libav libraries this program runs with (not those it was built
/// against): recorded in job plans, because a worker with another libav may encode the same
/// frames differently, and chunks of one output must come from the same encoder.
public enum LibavVersion {
  /// `libavformat 59.27.100, libavcodec 59.37.100, libavfilter 8.44.100, libavutil 57.28.100,
  /// libswscale 6.7.100, libswresample 4.7.100`.
  public static var description: String {
    let libraries: [(String, UInt32)] = [
      ("libavformat", avformat_version()), ("libavcodec", avcodec_version()), ("libavfilter", avfilter_version()),
      ("libavutil", avutil_version()), ("libswscale", swscale_version()), ("libswresample", swresample_version()),
    ]
    return libraries.map { "\($0.0) \($0.1 >> 16).\(($0.1 >> 8) & 0xFF).\($0.1 & 0xFF)" }.joined(separator: ", ")
  }
}
