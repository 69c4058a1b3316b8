import Foundation
import VEDLLowering
import VEDLMedia
import VEDLNative
import VEDLSema

/// Makes `/proxy.mp4`: a quick low-resolution render of the whole edit (the `low` preset,
/// x264 `ultrafast`) for smooth playback, in the background after each good revision, from
/// the pictures the revision's filler decoded and pausing while a frame request is drawn. A
/// newer revision cancels the render under way. The finished file is read into memory; the
/// edits a person scrubs through by hand are short.
public final class ProxyMaker: @unchecked Sendable {
  private let lock = NSLock()
  private let folder: String
  private var ready: (revision: Int, data: Data)?
  private var running: CancellationFlag?
  /// Called with the revision whose proxy became ready.
  public var onReady: (@Sendable (Int) -> Void)?

  public init() {
    folder = (NSTemporaryDirectory() as NSString).appendingPathComponent(
      "vedl-preview-\(getpid())-\(UUID().uuidString)")
  }

  /// The newest finished proxy: its revision and bytes.
  public var latest: (revision: Int, data: Data)? { lock.withLock { ready } }

  func make(for revision: PreviewRevision) {
    let flag = CancellationFlag()
    lock.withLock {
      running?.cancel()
      running = flag
    }
    let folder = folder
    let thread = Thread { [weak self] in
      try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let path = (folder as NSString).appendingPathComponent("proxy-\(revision.number).mp4")
      defer { try? FileManager.default.removeItem(atPath: path) }
      let renderer = NativeRenderer(
        timeline: revision.timeline, export: nil,
        encoding: EncodingSettings(format: .mp4, preset: QualityPreset.named(.low), speed: .fastest),
        baseDirectory: revision.baseDirectory, store: revision.store, yieldsToRequests: true)
      do {
        _ = try renderer.render(to: path, cancellation: flag)
      } catch {
        return
      }
      guard !flag.isCancelled, let data = FileManager.default.contents(atPath: path), let self else { return }
      let callback: (@Sendable (Int) -> Void)? = self.lock.withLock {
        if ready == nil || ready!.revision < revision.number { ready = (revision.number, data) }
        return onReady
      }
      callback?(revision.number)
    }
    thread.name = "vedl-preview-proxy"
    thread.start()
  }

  /// Stops the render under way and removes the working folder.
  func cancel() {
    lock.withLock { running?.cancel() }
  }

  deinit { try? FileManager.default.removeItem(atPath: folder) }
}
