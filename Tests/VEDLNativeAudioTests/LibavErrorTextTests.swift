import Foundation
import Testing

@testable import VEDLNativeAudio

/// libav's own explanation of a failure reaches the mixer's errors.
@Suite struct LibavErrorTextTests {
  @Test func aRefusedTempoCarriesWhatLibavLogged() {
    let error = #expect(throws: AudioMixError.self) {
      _ = try TempoFilterGraph(factors: ["not-a-number"], sampleRate: 48_000)
    }
    let message = error?.message ?? ""
    #expect(
      message.hasPrefix("cannot change the speed of a clip's sound: creating the `atempo` filter: "), "\(message)")
    // The line libavfilter logged names the value it could not parse.
    #expect(message.contains("not-a-number"), "\(message)")
  }

  @Test func aFileThatIsNotMediaCarriesFFmpegsText() throws {
    let path = NSTemporaryDirectory() + "vedl-not-media-\(UUID().uuidString).mp4"
    try Data("not media at all".utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let error = #expect(throws: AudioMixError.self) {
      _ = try AudioFileDecoder(path: path, seek: nil)
    }
    #expect(error?.path == path)
    #expect(error?.message.hasPrefix("cannot read the sound of \"\(path)\": ") == true, "\(String(describing: error))")
  }
}
