import VEDLLowering
import VEDLMedia

/// Runs a file's ``SourcePictureTreatment`` filters — HDR tone mapping, the turn its display
/// matrix asks for — on the decoded pictures the native renderer shows: a small libavfilter
/// graph `buffer → FILTERS → buffersink` (VEDLMedia's `FilterGraphContext`), with the very
/// filters and options the FFmpeg backend puts at the head of the file's chain, so both
/// backends see the same pictures (the tone mapping's zimg arithmetic and `transpose`'s
/// chroma handling included).
///
/// The graph is made for the first picture's size and format and made again when they
/// change. Owns the graph and its output frame; not for concurrent use.
final class SourcePictureFilter {
  /// The chain, as `-filter_complex` text without pads.
  private let chain: String
  /// The file, for error messages.
  private let path: String
  private var graph: FilterGraphContext?
  private var source: FilterGraphContext.Filter?
  private var sink: FilterGraphContext.Filter?
  /// Width, height and format the graph was made for.
  private var configured: (width: Int, height: Int, format: Int32)?
  private var output: Frame?

  /// A filter running `treatment`'s filters on pictures of the file at `path`; `nil` when
  /// the treatment has none.
  init?(_ treatment: SourcePictureTreatment, path: String) {
    guard !treatment.filters.isEmpty else { return nil }
    chain = treatment.filterText
    self.path = path
  }

  /// `frame` filtered, as a new frame. `frame` is left as it is.
  func filter(_ frame: Frame) throws(NativeRenderError) -> Frame {
    let shape = (frame.width, frame.height, frame.formatNumber)
    if configured.map({ $0 != shape }) ?? true { try configure(for: frame) }
    guard let graph, let source, let sink, let output else {
      throw NativeRenderError("cannot read the pictures of `\(path)`: the picture filters are not set up", path: path)
    }
    do { try graph.send(frame, to: source, keepingReference: true) } catch {
      throw failure(error, "filtering a picture")
    }
    let received: FrameReception
    do { received = try graph.receive(from: sink, into: output) } catch { throw failure(error, "filtering a picture") }
    guard received == .received else {
      let code = received == .needsInput ? FFmpegError.tryAgainCode : FFmpegError.endOfFileCode
      throw failure(FFmpegError(code: code, operation: "filtering a picture"), "filtering a picture")
    }
    let result: Frame
    do { result = try output.clone() } catch {
      throw NativeRenderError("out of memory while filtering a picture of `\(path)`", path: path)
    }
    output.unreference()
    return result
  }

  /// Makes the graph for pictures shaped like `frame`.
  private func configure(for frame: Frame) throws(NativeRenderError) {
    graph = nil
    source = nil
    sink = nil
    configured = nil
    if output == nil { output = try? Frame() }
    let graph: FilterGraphContext
    do { graph = try FilterGraphContext() } catch {
      throw NativeRenderError("out of memory while filtering a picture of `\(path)`", path: path)
    }
    guard output != nil else {
      throw NativeRenderError("out of memory while filtering a picture of `\(path)`", path: path)
    }
    self.graph = graph
    var aspect = frame.sampleAspectRatio
    if aspect.denominator == 0 { aspect = LibavRational(0, 1) }
    let arguments =
      "video_size=\(frame.width)x\(frame.height):pix_fmt=\(frame.formatNumber)"
      + ":time_base=1/1:pixel_aspect=\(aspect.numerator)/\(aspect.denominator)"
    let source: FilterGraphContext.Filter
    let sink: FilterGraphContext.Filter
    do {
      source = try graph.addFilter("buffer", instance: "source", arguments: arguments)
      sink = try graph.addFilter("buffersink", instance: "sink", arguments: nil)
    } catch {
      throw failure(error, "setting up the picture filters")
    }
    // The chain's open ends: its input is fed by `source`, its output feeds `sink`.
    do {
      try graph.parseChain(chain, from: source, to: sink)
      try graph.configureLinks()
    } catch {
      throw failure(error, "setting up the picture filters `\(chain)`")
    }
    self.source = source
    self.sink = sink
    configured = (frame.width, frame.height, frame.formatNumber)
  }

  private func failure(_ error: FFmpegError, _ doing: String) -> NativeRenderError {
    NativeRenderError("cannot read the pictures of `\(path)`: \(doing): \(error.explanation)", path: path)
  }
}
