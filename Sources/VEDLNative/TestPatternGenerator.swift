import VEDLMedia
import VEDLRaster
import VEDLTime

/// The pictures of `testpattern()`: FFmpeg's `testsrc2` generator at the canvas size and
/// rate, frame `n` presented at `n / F` — the very pictures the FFmpeg backend's graph starts
/// from. This generator is the one place the native renderer runs a libavfilter graph of its
/// own making (VEDLMedia's `FilterGraphContext`): it is a *source* (like decoding a file),
/// not compositing, and drawing FFmpeg's own pattern is the only way to show the same
/// picture in both backends.
///
/// Pictures are generated in order; asking for an earlier one restarts the generator.
final class TestPatternGenerator {
  private let width: Int
  private let height: Int
  private let rate: FrameRate
  private var graph: FilterGraphContext?
  private var sink: FilterGraphContext.Filter?
  private let frame: Frame?
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
    frame = try? Frame()
    try start()
  }

  /// Builds `testsrc2=size=W×H:rate=F,format=rgba → buffersink`.
  private func start() throws(NativeRenderError) {
    graph = nil
    sink = nil
    nextIndex = 0
    let graph: FilterGraphContext
    do { graph = try FilterGraphContext() } catch { throw NativeRenderError("out of memory for the test pattern") }
    self.graph = graph
    let sink: FilterGraphContext.Filter
    do { sink = try graph.addFilter("buffersink", instance: "out", arguments: nil) } catch {
      throw NativeRenderError("cannot create the test pattern's sink: \(error.explanation)")
    }
    let description = "testsrc2=size=\(width)x\(height):rate=\(rate.description),format=rgba"
    do {
      try graph.parseChain(description, from: nil, to: sink)
      try graph.configureLinks()
    } catch {
      throw NativeRenderError("cannot start FFmpeg's testsrc2 generator: \(error.explanation)")
    }
    self.sink = sink
  }

  /// Picture `index` of the pattern (`index ≥ 0`).
  func picture(_ index: Int64) throws(NativeRenderError) -> RGBAImage {
    if let last, last.index == index { return last.image }
    if index < nextIndex { try start() }
    guard let graph, let sink, let frame else { throw NativeRenderError("the test pattern generator is not running") }
    while nextIndex <= index {
      let received: FrameReception
      do { received = try graph.receive(from: sink, into: frame) } catch {
        throw NativeRenderError("FFmpeg's testsrc2 generator stopped: \(error.explanation)")
      }
      guard received == .received else {
        let code = received == .needsInput ? FFmpegError.tryAgainCode : FFmpegError.endOfFileCode
        throw NativeRenderError("FFmpeg's testsrc2 generator stopped: \(FFmpegError.message(for: code))")
      }
      defer { frame.unreference() }
      nextIndex += 1
      if nextIndex - 1 == index {
        last = (index, try copy(frame))
      }
    }
    guard let last else { throw NativeRenderError("the test pattern generator produced no picture") }
    return last.image
  }

  /// The `rgba` picture of `frame` (opaque, so already premultiplied).
  private func copy(_ frame: Frame) throws(NativeRenderError) -> RGBAImage {
    guard let data = frame.plane(0), frame.width == width, frame.height == height else {
      throw NativeRenderError("the test pattern generator produced an unexpected picture")
    }
    let stride = frame.lineSize(0)
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
