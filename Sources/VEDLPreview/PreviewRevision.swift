import Foundation
import VEDLDiagnostics
import VEDLFontRaster
import VEDLMedia
import VEDLNative
import VEDLRaster
import VEDLRender
import VEDLSema
import VEDLTimelinePicture

/// One checked revision of the script without errors: what the routes serve from it (the
/// timeline drawing, the IR) and the native renderer that draws its frames, kept open
/// between requests so decoders and rasterised glyphs stay warm.
final class PreviewRevision: @unchecked Sendable {
  let number: Int
  let timeline: Timeline
  let svg: String
  let ir: String
  let baseDirectory: String
  /// Every file the timeline reads (sources, caption files, fonts), watched for changes.
  let inputs: [String]
  private let fonts: FontLibrary?
  private let lock = NSLock()
  private var renderer: NativeFrameRenderer?
  /// Recently encoded pictures by frame and width: a page asks for the same frame again on
  /// every reload and when stepping back.
  private var recent: [FrameKey: Data] = [:]
  private var recentOrder: [FrameKey] = []

  init(number: Int, result: CheckResult, timeline: Timeline, title: String, baseDirectory: String, fonts: FontLibrary?)
  {
    self.number = number
    self.timeline = timeline
    self.baseDirectory = baseDirectory
    self.fonts = fonts
    svg = TimelinePicture(timeline: timeline, editor: result.editor, title: title).svg()
    ir = timeline.jsonText
    inputs = ProtectedFiles.inputs(of: timeline, baseDirectory: baseDirectory).map(\.path)
  }

  /// Full-size PNGs drawn ahead by the background pass (`fill`), by frame: scrubbing to a
  /// frame far from the last one would otherwise decode from the source's previous key frame.
  private let filledLock = NSLock()
  private var filled: [Int64: Data] = [:]
  private var filledBytes = 0
  private let stopFilling = CancellationFlag()
  /// The memory the drawn-ahead frames may take; past it the pass stops.
  static let fillBudget = 768 << 20

  /// The PNG of timeline frame `frame`, `width` pixels wide when smaller than the canvas.
  func png(frame: Int64, width: Int?) throws(PreviewFrameError) -> Data {
    if width == nil, let data = filledLock.withLock({ filled[frame] }) { return data }
    lock.lock()
    defer { lock.unlock() }
    do {
      let key = FrameKey(frame: frame, width: width ?? 0)
      if let data = recent[key] { return data }
      var picture: RGBAImage
      do throws(NativeRenderError) {
        let renderer: NativeFrameRenderer
        if let existing = self.renderer { renderer = existing } else { renderer = try makeRenderer() }
        self.renderer = renderer
        picture = try renderer.frame(frame)
      } catch {
        // A renderer that failed half way is not trusted with the next frame.
        self.renderer = nil
        throw .drawing(error.message)
      }
      if let width, width > 0, width < picture.width {
        let height = max(1, Int((Double(picture.height) * Double(width) / Double(picture.width)).rounded()))
        picture = picture.scaled(width: width, height: height)
      }
      let bytes: [UInt8]
      do throws(StillEncodingError) { bytes = try StillPictureEncoder.encode(picture, as: .png, fast: true) } catch {
        throw .encoding(error.message)
      }
      let data = Data(bytes)
      recent[key] = data
      recentOrder.append(key)
      if recentOrder.count > 24 { recent[recentOrder.removeFirst()] = nil }
      return data
    }
  }

  /// Draws every frame in order on a thread of its own, at a lower priority than requests,
  /// with a renderer of its own (sequential decoding, the cheap direction), keeping the PNGs
  /// until `fillBudget` is reached; then calls `then` (the proxy is made next, so the two
  /// background passes do not compete). `cancel()` stops it.
  func fill(then: @escaping @Sendable () -> Void) {
    let thread = Thread { [self] in
      Self.lowerThreadPriority()
      defer { if !stopFilling.isCancelled { then() } }
      guard let renderer = try? makeRenderer() else { return }
      for frame in 0..<timeline.frameCount {
        if stopFilling.isCancelled { return }
        if filledLock.withLock({ filled[frame] != nil }) { continue }
        guard let picture = try? renderer.frame(frame),
          let bytes = try? StillPictureEncoder.encode(picture, as: .png, fast: true)
        else { return }
        let full = filledLock.withLock {
          filled[frame] = Data(bytes)
          filledBytes += bytes.count
          return filledBytes > Self.fillBudget
        }
        if full { return }
      }
    }
    thread.name = "vedl-preview-fill"
    thread.start()
  }

  /// How many frames are drawn ahead (tests, benchmarks).
  var filledCount: Int { filledLock.withLock { filled.count } }

  /// Stops the background pass (a newer revision replaced this one).
  func cancel() { stopFilling.cancel() }

  /// `nice` for this thread only (on Linux the nice value is per thread, and `who` 0 is the
  /// calling one), so requests win the CPU.
  private static func lowerThreadPriority() {
    #if os(Linux)
      _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
    #endif
  }

  private func makeRenderer() throws(NativeRenderError) -> NativeFrameRenderer {
    if let fonts {
      return try NativeFrameRenderer(timeline: timeline, export: nil, fonts: fonts, baseDirectory: baseDirectory)
    }
    return try NativeFrameRenderer(timeline: timeline, export: nil, baseDirectory: baseDirectory)
  }

  private struct FrameKey: Hashable {
    var frame: Int64
    var width: Int
  }
}

/// Why a frame could not be served.
enum PreviewFrameError: Error {
  case drawing(String)
  case encoding(String)

  var message: String {
    switch self {
    case .drawing(let m): "cannot draw the frame: \(m)"
    case .encoding(let m): "cannot encode the frame: \(m)"
    }
  }
}
