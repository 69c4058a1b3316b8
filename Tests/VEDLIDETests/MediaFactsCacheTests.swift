import Foundation
import Testing
import VEDLDiagnostics
import VEDLSema
import VEDLSource
import VEDLTestSupport
import VEDLTime

@testable import VEDLIDE

/// Media facts are probed once, in the background, and never block an analysis.
@Suite struct MediaFactsCacheTests {
  let facts = MediaFacts(
    duration: Rational(4), hasVideo: true, hasAudio: false, width: 64, height: 36, frameRate: Rational(30))

  @Test func firstAnalysisLeavesMediaOutThenTheProbeCompletesIt() throws {
    let folder = TestFolder.fresh("vedl-ide").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(FileManager.default.createFile(atPath: folder + "/clip.mp4", contents: Data("v".utf8)))
    let prober = CountingProber(FakeMediaFacts(["clip.mp4": .success(facts)]))
    let cache = MediaFactsCache(prober: prober)
    let arrived = LockedPaths()
    cache.setUpdateHandler { arrived.add($0) }
    // The trim runs past the 4 s the file has: only known once the file is probed.
    let text =
      "let a = video(\"clip.mp4\")\nlet gone = video(\"missing.mp4\")\ntrack main {\n  clip a trim: 1s..6s\n  clip gone duration: 1s\n}"
    let file = SourceFile(path: folder + "/t.vedl", text: text)
    let options = AnalysisOptions(baseDirectory: folder, media: cache)
    let first = DocumentAnalysis.analyze(file, options: options)
    #expect(Set(first.pendingMediaPaths) == [folder + "/clip.mp4", folder + "/missing.mp4"])
    #expect(!first.diagnostics.contains { $0.code.id.hasPrefix("E05") || $0.code == .trimOutsideSource })
    #expect(cache.waitUntilIdle(timeout: 10))
    #expect(Set(arrived.paths) == [folder + "/clip.mp4", folder + "/missing.mp4"])
    let second = DocumentAnalysis.analyze(file, options: options)
    #expect(second.pendingMediaPaths.isEmpty)
    let codes = Set(second.diagnostics.map(\.code.id))
    #expect(codes.contains(DiagnosticCode.trimOutsideSource.id), "the trim past the end of the file: \(codes)")
    #expect(codes.contains(DiagnosticCode.mediaMissing.id))
    _ = DocumentAnalysis.analyze(file, options: options)
    #expect(prober.calls(folder + "/clip.mp4") == 1, "each file is probed once")
  }

  @Test func aChangedFileIsProbedAgain() throws {
    let folder = TestFolder.fresh("vedl-ide").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/clip.mp4"
    #expect(FileManager.default.createFile(atPath: path, contents: Data("v".utf8)))
    let prober = CountingProber(FakeMediaFacts(["clip.mp4": .success(facts)]))
    let cache = MediaFactsCache(prober: prober)
    #expect(cache.cachedFacts(forPath: path) == nil)
    cache.request([path])
    #expect(cache.waitUntilIdle(timeout: 10))
    #expect(cache.cachedFacts(forPath: path) != nil)
    cache.request([path])
    #expect(cache.waitUntilIdle(timeout: 10))
    #expect(prober.calls(path) == 1, "a fresh entry is not probed again")
    #expect(FileManager.default.createFile(atPath: path, contents: Data("a longer file".utf8)))
    #expect(cache.cachedFacts(forPath: path) == nil, "the size changed: the facts are stale")
    cache.request([path])
    #expect(cache.waitUntilIdle(timeout: 10))
    #expect(prober.calls(path) == 2)
    cache.invalidate([path])
    #expect(cache.cachedFacts(forPath: path) == nil)
  }

  @Test func withoutACacheMediaChecksAreOff() {
    let text = "let a = video(\"nowhere.mp4\")\ntrack main {\n  clip a duration: 1s\n}"
    let analysis = DocumentAnalysis.analyze(
      SourceFile(path: "/tmp/t.vedl", text: text), options: AnalysisOptions(baseDirectory: "/tmp"))
    #expect(analysis.pendingMediaPaths.isEmpty)
    #expect(!analysis.diagnostics.contains { $0.code.id.hasPrefix("E05") })
  }
}

/// Paths collected from the cache's update handler (called on the probing thread).
final class LockedPaths: @unchecked Sendable {
  private let lock = NSLock()
  private var collected: [String] = []
  func add(_ paths: [String]) { lock.withLock { collected += paths } }
  var paths: [String] { lock.withLock { collected } }
}
