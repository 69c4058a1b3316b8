import Foundation
import Testing
import VEDLDiagnostics
import VEDLIDE

@testable import VEDLLanguageServer

/// Analyses on the worker thread: results of stale revisions are dropped, requests share
/// the worker's result, media arriving mid-analysis leads to a new one.
@Suite struct AnalysisWorkerTests {
  /// A server with a worker whose finished jobs are collected, to be delivered by the test.
  final class Harness: @unchecked Sendable {
    let lock = NSCondition()
    var finished: [AnalysisJob] = []
    var sent: [JSON] = []
    var server: LanguageServer!
    var worker: AnalysisWorker!

    init() {
      worker = AnalysisWorker { [unowned self] job in
        lock.withLock {
          finished.append(job)
          lock.broadcast()
        }
      }
      server = LanguageServer(
        configuration: ServerConfiguration(workingDirectory: "/tmp", version: "test"), log: .silent,
        cancellations: CancellationRegistry(), worker: worker
      ) { [unowned self] message in sent.append(message) }
      server.handle(.request(id: .integer(1), method: "initialize", params: ["capabilities": [:]]))
    }

    deinit { worker.stop() }

    /// Waits for `count` finished jobs and returns them.
    func waitForJobs(_ count: Int) -> [AnalysisJob] {
      lock.withLock {
        let deadline = Date(timeIntervalSinceNow: 10)
        while finished.count < count, lock.wait(until: deadline) {}
        return finished
      }
    }

    func publications() -> [JSON] { sent.filter { $0["method"] == "textDocument/publishDiagnostics" } }

    func change(_ uri: String, _ text: String, version: Int) {
      server.handle(
        .notification(
          method: "textDocument/didChange",
          params: [
            "textDocument": ["uri": .string(uri), "version": .integer(version)],
            "contentChanges": [["text": .string(text)]],
          ]))
    }
  }

  let uri = "file:///tmp/worker.vedl"

  @Test func staleResultsAreDroppedAndTheLatestIsPublished() {
    let h = Harness()
    h.server.handle(
      .notification(
        method: "textDocument/didOpen",
        params: ["textDocument": ["uri": .string(uri), "version": 1, "text": "frobnicate\n"]]))
    h.server.performIdleWork()
    #expect(!h.server.hasIdleWork, "the analysis went to the worker")
    let first = h.waitForJobs(1)
    h.change(uri, "canvas 10x10\n", version: 2)
    h.server.analysisFinished(first[0])
    #expect(h.publications().isEmpty, "the result of version 1 is stale")
    h.server.performIdleWork()
    let both = h.waitForJobs(2)
    h.server.analysisFinished(both[1])
    #expect(h.publications().count == 1)
    #expect(h.publications().last?["params"]?["version"] == 2)
    #expect(h.publications().last?["params"]?["diagnostics"] == [])
  }

  @Test func requestsUseTheWorkersResult() throws {
    let h = Harness()
    var text = "let bars = testpattern()\ntrack main {\n"
    for k in 0..<500 { text += "  clip bars duration: 1s id: c\(k)\n" }
    text += "}\n"
    h.server.handle(
      .notification(
        method: "textDocument/didOpen",
        params: ["textDocument": ["uri": .string(uri), "version": 1, "text": .string(text)]]))
    h.server.performIdleWork()
    // A hover before the worker reports back waits for (or runs) the same job.
    h.server.handle(
      .request(
        id: .integer(2), method: "textDocument/hover",
        params: ["textDocument": ["uri": .string(uri)], "position": ["line": 3, "character": 3]]))
    let hover = try #require(h.sent.last { $0["id"] == 2 })
    #expect(hover["result"]?["contents"]?.stringValue?.contains("frame 30") == true)
    let jobs = h.waitForJobs(1)
    h.server.analysisFinished(jobs[0])
    #expect(h.publications().count == 1, "the finished job still publishes")
  }
}
