/// Parses `-filter_complex` text with libavfilter, the way the runner and the ffmpeg CLI do,
/// without running it: every filter must exist and accept its options. Used by the fuzz target
/// to check that every checked program lowers to a graph libavfilter accepts.
public enum FilterGraphSyntaxCheck {
  /// `nil` when libavfilter accepts `text`, otherwise FFmpeg's reason.
  public static func problem(in text: String) -> String? {
    do throws(MediaRenderError) {
      let context = try FilterGraphContext.forRendering()
      _ = try context.parse(text)
      return nil
    } catch {
      return error.message
    }
  }
}
