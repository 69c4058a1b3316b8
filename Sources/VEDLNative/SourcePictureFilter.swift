import CFFmpeg
import VEDLLowering
import VEDLMedia

/// Runs a file's ``SourcePictureTreatment`` filters — HDR tone mapping, the turn its display
/// matrix asks for — on the decoded pictures the native renderer shows: a small libavfilter
/// graph `buffer → FILTERS → buffersink`, with the very filters and options the FFmpeg
/// backend puts at the head of the file's chain, so both backends see the same pictures (the
/// tone mapping's zimg arithmetic and `transpose`'s chroma handling included).
///
/// The graph is made for the first picture's size and format and made again when they
/// change. Owns the graph (`avfilter_graph_alloc` / `avfilter_graph_free`) and its output
/// frame; not for concurrent use.
final class SourcePictureFilter {
  /// The chain, as `-filter_complex` text without pads.
  private let chain: String
  /// The file, for error messages.
  private let path: String
  private var graph: UnsafeMutablePointer<AVFilterGraph>?
  private var source: UnsafeMutablePointer<AVFilterContext>?
  private var sink: UnsafeMutablePointer<AVFilterContext>?
  /// Width, height and format the graph was made for.
  private var configured: (width: Int32, height: Int32, format: Int32)?
  private var output: UnsafeMutablePointer<AVFrame>?

  /// A filter running `treatment`'s filters on pictures of the file at `path`; `nil` when
  /// the treatment has none.
  init?(_ treatment: SourcePictureTreatment, path: String) {
    guard !treatment.filters.isEmpty else { return nil }
    chain = treatment.filterText
    self.path = path
  }

  deinit {
    av_frame_free(&output)
    avfilter_graph_free(&graph)
  }

  /// `frame` filtered: a new frame owned by the caller (`av_frame_free`). `frame` is left
  /// as it is.
  func filter(_ frame: UnsafePointer<AVFrame>) throws(NativeRenderError) -> UnsafeMutablePointer<AVFrame> {
    let shape = (frame.pointee.width, frame.pointee.height, frame.pointee.format)
    if configured.map({ $0 != shape }) ?? true { try configure(for: frame) }
    guard let source, let sink, let output else { throw failure(vedl_averror_bug(), "filtering a picture") }
    let sent = av_buffersrc_add_frame_flags(
      source, UnsafeMutablePointer(mutating: frame), Int32(AV_BUFFERSRC_FLAG_KEEP_REF))
    guard sent >= 0 else { throw failure(sent, "filtering a picture") }
    let received = av_buffersink_get_frame(sink, output)
    guard received >= 0 else { throw failure(received, "filtering a picture") }
    guard let result = av_frame_clone(output) else {
      throw NativeRenderError("out of memory while filtering a picture of `\(path)`", path: path)
    }
    av_frame_unref(output)
    return result
  }

  /// Makes the graph for pictures shaped like `frame`.
  private func configure(for frame: UnsafePointer<AVFrame>) throws(NativeRenderError) {
    avfilter_graph_free(&graph)
    source = nil
    sink = nil
    configured = nil
    if output == nil { output = av_frame_alloc() }
    guard let graph = avfilter_graph_alloc(), output != nil else {
      throw NativeRenderError("out of memory while filtering a picture of `\(path)`", path: path)
    }
    self.graph = graph
    var aspect = frame.pointee.sample_aspect_ratio
    if aspect.den == 0 { aspect = AVRational(num: 0, den: 1) }
    let arguments =
      "video_size=\(frame.pointee.width)x\(frame.pointee.height):pix_fmt=\(frame.pointee.format)"
      + ":time_base=1/1:pixel_aspect=\(aspect.num)/\(aspect.den)"
    var created: UnsafeMutablePointer<AVFilterContext>? = nil
    var code = avfilter_graph_create_filter(&created, avfilter_get_by_name("buffer"), "source", arguments, nil, graph)
    guard code >= 0, let source = created else { throw failure(code, "setting up the picture filters") }
    created = nil
    code = avfilter_graph_create_filter(&created, avfilter_get_by_name("buffersink"), "sink", nil, nil, graph)
    guard code >= 0, let sink = created else { throw failure(code, "setting up the picture filters") }
    // The chain's open ends: its input is fed by `source`, its output feeds `sink`.
    var outputs = avfilter_inout_alloc()
    var inputs = avfilter_inout_alloc()
    defer {
      avfilter_inout_free(&outputs)
      avfilter_inout_free(&inputs)
    }
    guard let chainInput = outputs, let chainOutput = inputs else {
      throw NativeRenderError("out of memory while filtering a picture of `\(path)`", path: path)
    }
    chainInput.pointee.name = av_strdup("in")
    chainInput.pointee.filter_ctx = source
    chainInput.pointee.pad_idx = 0
    chainInput.pointee.next = nil
    chainOutput.pointee.name = av_strdup("out")
    chainOutput.pointee.filter_ctx = sink
    chainOutput.pointee.pad_idx = 0
    chainOutput.pointee.next = nil
    code = avfilter_graph_parse_ptr(graph, chain, &inputs, &outputs, nil)
    guard code >= 0 else { throw failure(code, "setting up the picture filters `\(chain)`") }
    code = avfilter_graph_config(graph, nil)
    guard code >= 0 else { throw failure(code, "setting up the picture filters `\(chain)`") }
    self.source = source
    self.sink = sink
    configured = (frame.pointee.width, frame.pointee.height, frame.pointee.format)
  }

  private func failure(_ code: Int32, _ doing: String) -> NativeRenderError {
    NativeRenderError(
      "cannot read the pictures of `\(path)`: \(FFmpegError(code: code, operation: doing).description)", path: path)
  }
}
