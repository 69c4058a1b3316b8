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
/// between requests so decoders and rasterised glyphs stay warm, over the session's store of
/// decoded source pictures.
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
  /// every reload. Few: an uncompressed 1080x1920 PNG is 6 MB, and drawing from kept
  /// pictures is quick.
  private var recent: [FrameKey: Data] = [:]
  private var recentOrder: [FrameKey] = []

  init(
    number: Int, result: CheckResult, timeline: Timeline, title: String, baseDirectory: String, fonts: FontLibrary?,
    store: SourcePictureStore
  ) {
    self.number = number
    self.store = store
    self.timeline = timeline
    self.baseDirectory = baseDirectory
    self.fonts = fonts
    svg = TimelinePicture(timeline: timeline, editor: result.editor, title: title).svg()
    ir = timeline.jsonText
    inputs = ProtectedFiles.inputs(of: timeline, baseDirectory: baseDirectory).map(\.path)
  }

  /// Decoded source pictures, shared with the session's other revisions; the filler decodes
  /// this revision's into it ahead of requests.
  let store: SourcePictureStore
  private let stopFilling = CancellationFlag()
  /// Entered while the filler runs.
  private let filling = DispatchGroup()
  private let warmUpLock = NSLock()
  private var warmedUp = false
  /// How long the first frame request of a revision waits for the filler.
  static let warmUpLimit: TimeInterval = 5

  /// The PNG of timeline frame `frame`, `width` pixels wide when smaller than the canvas.
  /// The revision's first request waits (at most ``warmUpLimit``) until the filler has
  /// decoded the sources, so that every frame after it is drawn from kept pictures: a long
  /// group of pictures otherwise costs the first request into it a decode from its key frame
  /// (PREVIEW.md §3 counts from after the first request).
  func png(frame: Int64, width: Int?) throws(PreviewFrameError) -> Data {
    warmUpLock.withLock {
      guard !warmedUp else { return }
      warmedUp = true
      _ = filling.wait(timeout: .now() + Self.warmUpLimit)
    }
    // Counted once drawing: a request queued behind one that waits for the filler must not
    // hold the filler up.
    lock.lock()
    store.beginRequest()
    defer {
      store.endRequest()
      lock.unlock()
    }
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
      if recentOrder.count > 8 { recent[recentOrder.removeFirst()] = nil }
      return data
    }
  }

  /// Decodes the pictures of every video clip ahead of requests, on a thread of its own that
  /// pauses while a request is drawn (a request waiting for a picture makes its clip go
  /// first), into the session's store; then calls `then` (the proxy is made next, so the two
  /// background passes do not compete). `cancel()` stops it. The lanes are announced before
  /// this returns.
  func fill(then: @escaping @Sendable () -> Void) {
    let filler = SourcePictureFiller(timeline: timeline, store: store)
    filling.enter()
    let thread = Thread { [self] in
      filler.run { stopFilling.isCancelled }
      filling.leave()
      if !stopFilling.isCancelled { then() }
    }
    thread.name = "vedl-preview-fill"
    thread.start()
  }

  /// Stops the background pass (a newer revision replaced this one).
  func cancel() { stopFilling.cancel() }

  private func makeRenderer() throws(NativeRenderError) -> NativeFrameRenderer {
    if let fonts {
      return try NativeFrameRenderer(
        timeline: timeline, export: nil, fonts: fonts, baseDirectory: baseDirectory, store: store)
    }
    return try NativeFrameRenderer(timeline: timeline, export: nil, baseDirectory: baseDirectory, store: store)
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
