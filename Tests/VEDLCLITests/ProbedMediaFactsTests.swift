import Foundation
import Testing
import VEDLIDE
import VEDLSema
import VEDLSource
import VEDLTestSupport
import VEDLTime

@testable import VEDLCLI

/// Counts the probes `ProbedMediaFacts` makes (the probes themselves are real).
final class ProbeCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var counts: [String: Int] = [:]

  func calls(_ path: String) -> Int { lock.withLock { counts[path] ?? 0 } }

  func probe(_ path: String) -> Result<MediaFacts, MediaFactsError> {
    lock.withLock { counts[path, default: 0] += 1 }
    return ProbedMediaFacts.probe(path)
  }
}

/// `ProbedMediaFacts` keeps an answer only while the file is the one it was read from.
@Suite struct ProbedMediaFactsTests {
  @Test func aFileThatAppearsOrChangesIsProbedAgainAnUnchangedOneIsNot() throws {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("clip.mp4").path
    let counter = ProbeCounter()
    let facts = ProbedMediaFacts(probe: { counter.probe($0) })

    guard case .failure(let missing) = facts.facts(forPath: path) else {
      Issue.record("a file that is not there has facts")
      return
    }
    #expect(missing.kind == .missing)
    _ = facts.facts(forPath: path)
    #expect(counter.calls(path) == 1, "a file still missing is answered from the cache")

    makeMedia(at: path, seconds: "2")
    let appeared = try facts.facts(forPath: path).get()
    #expect(appeared.videoDuration == Rational(2))
    #expect(counter.calls(path) == 2, "the file appeared: probed again")
    _ = facts.facts(forPath: path)
    #expect(counter.calls(path) == 2, "unchanged: answered from the cache")

    makeMedia(at: path, seconds: "1")
    #expect(try facts.facts(forPath: path).get().videoDuration == Rational(1))
    #expect(counter.calls(path) == 3, "the file changed: probed again")
  }

  /// The language server's set-up (`vedl lsp`): its background cache over `ProbedMediaFacts`.
  /// A source reported missing stops being reported once the file is created.
  @Test func theLanguageServerSeesAMediaFileCreatedAfterTheFirstAnalysis() throws {
    let folder = TestFolder.fresh()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("clip.mp4").path
    let cache = MediaFactsCache(prober: ProbedMediaFacts())
    let file = SourceFile(
      path: folder.appendingPathComponent("t.vedl").path,
      text: "canvas 160x90 fps: 30\nlet a = video(\"clip.mp4\")\ntrack main {\n  clip a\n}\n")
    let options = AnalysisOptions(baseDirectory: folder.path, media: cache)
    func analyse() -> DocumentAnalysis {
      var analysis = DocumentAnalysis.analyze(file, options: options)
      if !analysis.pendingMediaPaths.isEmpty {
        #expect(cache.waitUntilIdle(timeout: 30))
        analysis = DocumentAnalysis.analyze(file, options: options)
      }
      #expect(analysis.pendingMediaPaths.isEmpty)
      return analysis
    }
    #expect(analyse().diagnostics.map(\.code.id) == ["E0510"])

    makeMedia(at: path, seconds: "2")
    let after = analyse()
    #expect(after.diagnostics.isEmpty, "\(after.diagnostics.map(\.message))")
    #expect(after.timeline?.frameCount == 60)
  }
}
