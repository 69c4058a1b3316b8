import CFFmpeg
import VEDLMedia
import VEDLRaster
import VEDLTime

/// The pictures of `testpattern()`: FFmpeg's `testsrc2` generator at the canvas size and
/// rate, frame `n` presented at `n / F` — the very pictures the FFmpeg backend's graph starts
/// from. This generator is the one place the native renderer runs a libavfilter graph: it is
/// a *source* (like decoding a file), not compositing, and drawing FFmpeg's own pattern is
/// the only way to show the same picture in both backends.
///
/// Pictures are generated in order; asking for an earlier one restarts the generator.
final class TestPatternGenerator {
  private let width: Int
  private let height: Int
  private let rate: FrameRate
  private var graph: UnsafeMutablePointer<AVFilterGraph>?
  private var sink: UnsafeMutablePointer<AVFilterContext>?
  private var frame: UnsafeMutablePointer<AVFrame>?
  /// The index of the next picture the generator produces.
  private var nextIndex: Int64 = 0
  /// The last picture produced, and its index.
  private var last: (index: Int64, image: RGBAImage)?

  /// A generator of `width` × `height` pictures at `rate`.
  init(width: Int, height: Int, rate: FrameRate) throws(NativeRenderError) {
    self.width = width
    self.height = height
    self.rate = rate
    LibavSetup.ensureLogging()
    frame = av_frame_alloc()
    try start()
  }

  deinit {
    av_frame_free(&frame)
    avfilter_graph_free(&graph)
  }

  /// Builds `testsrc2=size=W×H:rate=F,format=rgba → buffersink`.
  private func start() throws(NativeRenderError) {
    avfilter_graph_free(&graph)
    sink = nil
    nextIndex = 0
    guard let graph = avfilter_graph_alloc() else { throw NativeRenderError("out of memory for the test pattern") }
    self.graph = graph
    var sink: UnsafeMutablePointer<AVFilterContext>? = nil
    var code = avfilter_graph_create_filter(&sink, avfilter_get_by_name("buffersink"), "out", nil, nil, graph)
    guard code >= 0, let sink else {
      throw NativeRenderError("cannot create the test pattern's sink: \(FFmpegError.message(for: code))")
    }
    let inputs = avfilter_inout_alloc()
    var open = inputs
    open?.pointee.name = av_strdup("out")
    open?.pointee.filter_ctx = sink
    open?.pointee.pad_idx = 0
    open?.pointee.next = nil
    var outputs: UnsafeMutablePointer<AVFilterInOut>? = nil
    let description = "testsrc2=size=\(width)x\(height):rate=\(rate.description),format=rgba"
    code = avfilter_graph_parse_ptr(graph, description, &open, &outputs, nil)
    avfilter_inout_free(&open)
    avfilter_inout_free(&outputs)
    if code >= 0 { code = avfilter_graph_config(graph, nil) }
    guard code >= 0 else {
      throw NativeRenderError("cannot start FFmpeg's testsrc2 generator: \(FFmpegError.message(for: code))")
    }
    self.sink = sink
  }

  /// Picture `index` of the pattern (`index ≥ 0`).
  func picture(_ index: Int64) throws(NativeRenderError) -> RGBAImage {
    if let last, last.index == index { return last.image }
    if index < nextIndex { try start() }
    guard let sink, let frame else { throw NativeRenderError("the test pattern generator is not running") }
    while nextIndex <= index {
      let code = av_buffersink_get_frame(sink, frame)
      guard code >= 0 else {
        throw NativeRenderError("FFmpeg's testsrc2 generator stopped: \(FFmpegError.message(for: code))")
      }
      defer { av_frame_unref(frame) }
      nextIndex += 1
      if nextIndex - 1 == index {
        last = (index, try copy(frame))
      }
    }
    guard let last else { throw NativeRenderError("the test pattern generator produced no picture") }
    return last.image
  }

  /// The `rgba` picture of `frame` (opaque, so already premultiplied).
  private func copy(_ frame: UnsafeMutablePointer<AVFrame>) throws(NativeRenderError) -> RGBAImage {
    guard let data = vedl_av_frame_plane(frame, 0), Int(frame.pointee.width) == width,
      Int(frame.pointee.height) == height
    else { throw NativeRenderError("the test pattern generator produced an unexpected picture") }
    let stride = Int(vedl_av_frame_linesize(frame, 0))
    let rowBytes = width * 4
    let pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { target, count in
      for row in 0..<height {
        (target.baseAddress! + row * rowBytes).initialize(from: data + row * stride, count: rowBytes)
      }
      count = rowBytes * height
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }
}
