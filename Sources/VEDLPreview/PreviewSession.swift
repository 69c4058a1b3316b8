import Foundation
import VEDLDiagnostics
import VEDLFontRaster
import VEDLNative
import VEDLRender
import VEDLSema
import VEDLSource

/// The state behind `vedl preview`: the script, checked again whenever it or one of its
/// inputs changes, the last revision without errors (which keeps serving while the script
/// has errors), the current diagnostics and the `/events` announcements.
///
/// Checking is the caller's (`check`), so media facts stay in the CLI's process-wide cache
/// and a change re-probes only the files that changed.
public final class PreviewSession: @unchecked Sendable {
  /// The script as the user named it (in diagnostics and the page's title) and its absolute
  /// path.
  public let scriptName: String
  public let scriptPath: String
  public let events = EventHub()
  /// The low-resolution render for `/proxy.mp4`; `nil` when proxies are turned off (tests).
  public let proxy: ProxyMaker?
  private let check: @Sendable (SourceFile) -> CheckResult
  private let fonts: FontLibrary?
  private let lock = NSLock()
  private var revisionNumber = 0
  private var diagnostics: [Diagnostic] = []
  private var good: PreviewRevision?
  private var watched: [String: FileIdentity?] = [:]
  private var watcher: Thread?
  private var watching = false
  /// Decoded source pictures, kept across revisions while the media files do not change.
  private var store: SourcePictureStore
  private let storeBudget: Int

  /// A session over the script at `scriptPath` (absolute; `scriptName` as typed), checked
  /// once before this returns.
  public init(
    scriptName: String, scriptPath: String, proxies: Bool = true,
    pictureBudget: Int = SourcePictureStore.defaultBudget, check: @escaping @Sendable (SourceFile) -> CheckResult
  ) {
    storeBudget = pictureBudget
    store = SourcePictureStore(budget: pictureBudget)
    self.scriptName = scriptName
    self.scriptPath = scriptPath
    self.check = check
    fonts = try? FontLibrary()
    proxy = proxies ? ProxyMaker() : nil
    proxy?.onReady = { [events] revision in events.publish(event: "proxy", data: "{\"revision\":\(revision)}") }
    refresh()
  }

  /// The number of the latest check (1 after the first); announced on `/events`.
  public var revision: Int { lock.withLock { revisionNumber } }
  /// The diagnostics of the latest check.
  public var currentDiagnostics: [Diagnostic] { lock.withLock { diagnostics } }
  /// The latest revision without errors.
  var lastGood: PreviewRevision? { lock.withLock { good } }
  /// The store the next revision will use.
  var pictureStore: SourcePictureStore { lock.withLock { store } }

  /// Reads and checks the script again, keeps the result, announces `changed`.
  public func refresh() {
    let identities = snapshotIdentities(of: [scriptPath] + (lastGood?.inputs ?? []))
    let store = storeForNextRevision(identities)
    let checked: [Diagnostic]
    var newGood: PreviewRevision?
    let number = lock.withLock { revisionNumber + 1 }
    if let data = FileManager.default.contents(atPath: scriptPath) {
      let file = SourceFile(path: scriptName, bytes: [UInt8](data))
      let result = check(file)
      checked = result.diagnostics
      if let timeline = result.timeline, !result.hasErrors {
        newGood = PreviewRevision(
          number: number, result: result, timeline: timeline, title: (scriptName as NSString).lastPathComponent,
          baseDirectory: (scriptPath as NSString).deletingLastPathComponent, fonts: fonts, store: store)
      }
    } else {
      checked = [
        Diagnostic(
          .cannotReadFile, "cannot read `\(scriptName)`", file: SourceFile(path: scriptName, bytes: []),
          span: .point(0))
      ]
    }
    var all = identities
    for path in newGood?.inputs ?? [] where all[path] == nil { all[path] = FileIdentity.of(path: path) }
    let replaced: PreviewRevision? = lock.withLock {
      revisionNumber = number
      diagnostics = checked
      watched = all
      guard let newGood else { return nil }
      defer { good = newGood }
      return good
    }
    if let newGood {
      replaced?.cancel()
      store.retain(paths: Set(newGood.inputs))
      let proxy = proxy
      newGood.fill { proxy?.make(for: newGood) }
    }
    events.publish(event: "changed", data: "{\"revision\":\(number)}")
  }

  /// The session's store, or a new one when a media file changed since the last check (its
  /// kept pictures may be of the old file); files the edit no longer reads are dropped once
  /// the new revision has been made.
  private func storeForNextRevision(_ identities: [String: FileIdentity?]) -> SourcePictureStore {
    lock.withLock {
      let mediaChanged = identities.contains { path, identity in
        guard path != scriptPath, let seen = watched[path] else { return false }
        return seen != identity
      }
      if mediaChanged { store = SourcePictureStore(budget: storeBudget) }
      return store
    }
  }

  private func snapshotIdentities(of paths: [String]) -> [String: FileIdentity?] {
    var identities: [String: FileIdentity?] = [:]
    for path in paths { identities[path] = FileIdentity.of(path: path) }
    return identities
  }

  /// Whether a watched file differs from what the latest check saw.
  func hasChanges() -> Bool {
    let known = lock.withLock { watched }
    return known.contains { FileIdentity.of(path: $0.key) != $0.value }
  }

  /// Polls the script and its inputs every `interval` seconds on a thread of its own, and
  /// checks again after a change (portable, and cheap for the few files an edit reads).
  public func startWatching(interval: TimeInterval = 0.1) {
    lock.withLock {
      guard !watching else { return }
      watching = true
      let thread = Thread { [weak self] in
        while let self, self.lock.withLock({ self.watching }) {
          if self.hasChanges() { self.refresh() }
          Thread.sleep(forTimeInterval: interval)
        }
      }
      thread.name = "vedl-preview-watch"
      watcher = thread
      thread.start()
    }
  }

  /// Stops watching, ends the event streams and any proxy render.
  public func stop() {
    lock.withLock { watching = false }
    lastGood?.cancel()
    events.close()
    proxy?.cancel()
  }

  /// The diagnostics as `vedl check --format json` prints them.
  public var diagnosticsJSON: String { JSONRenderer().render(currentDiagnostics) }
}
