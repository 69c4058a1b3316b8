import Foundation
import Testing
import VEDLMedia

/// Collects messages from the log handler (called on FFmpeg's threads).
private final class MessageCollector: @unchecked Sendable {
  private let lock = NSLock()
  private var collected: [LibavLogMessage] = []
  func add(_ message: LibavLogMessage) { lock.withLock { collected.append(message) } }
  var messages: [LibavLogMessage] { lock.withLock { collected } }
}

/// libav's logging is silent by default and can be captured.
@Suite(.serialized) struct LibavLogTests {
  @Test func levelsAreOrderedByVerbosityAndMatchFFmpegsNumbers() {
    #expect(LibavLogLevel.quiet < .error)
    #expect(LibavLogLevel.error < .warning)
    #expect(LibavLogLevel.debug < .trace)
    #expect(LibavLogLevel.error.avLevel == 16)
    #expect(LibavLogLevel(avLevel: 16) == .error)
    #expect(LibavLogLevel(avLevel: 17) == .warning)
    #expect(LibavLogLevel(avLevel: -8) == .quiet)
    #expect(LibavLogLevel.allCases.map(\.description).contains("verbose"))
  }

  @Test func handlerCapturesTheDemuxersMessages() throws {
    let fixtures = try MediaFixtures()
    defer { fixtures.remove() }
    let whole = try fixtures.testClip("whole.mp4")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
    let path = try fixtures.write(bytes.prefix(1000), to: "cut.mp4")
    let collector = MessageCollector()

    LibavLog.configure(.handler(level: .error) { collector.add($0) })
    defer { LibavLog.configure(.silent) }
    _ = try? MediaProbe.probe(path: path)

    let moov = collector.messages.first { $0.text == "moov atom not found" }
    #expect(moov?.level == .error)
    #expect(moov?.component == "mov,mp4,m4a,3gp,3g2,mj2")
    #expect(moov?.description == "[mov,mp4,m4a,3gp,3g2,mj2] moov atom not found")
  }

  @Test func configurationCanBeReadBack() {
    LibavLog.configure(.standardError(level: .panic))
    defer { LibavLog.configure(.silent) }

    guard case .standardError(let level) = LibavLog.configuration else {
      Issue.record("expected .standardError, got \(LibavLog.configuration)")
      return
    }
    #expect(level == .panic)
  }
}
