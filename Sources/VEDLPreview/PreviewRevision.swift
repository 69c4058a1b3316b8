import Foundation
import VEDLDiagnostics
import VEDLFontRaster
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

  /// The PNG of timeline frame `frame`, `width` pixels wide when smaller than the canvas.
  func png(frame: Int64, width: Int?) throws(PreviewFrameError) -> Data {
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
      do throws(StillEncodingError) { bytes = try StillPictureEncoder.encode(picture, as: .png) } catch {
        throw .encoding(error.message)
      }
      let data = Data(bytes)
      recent[key] = data
      recentOrder.append(key)
      if recentOrder.count > 24 { recent[recentOrder.removeFirst()] = nil }
      return data
    }
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
