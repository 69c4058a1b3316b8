import Foundation
import Testing
import VEDLTestSupport

@testable import VEDLNativeAudio

/// `tone(F)` is FFmpeg's `sine` source, sample for sample.
@Suite struct ToneSignalTests {
  @Test(arguments: [1000.0, 440.0, 123.456])
  func samplesEqualFFmpegsSineSource(_ frequency: Double) throws {
    let expected = try FFmpegCLI.shorts([
      "-f", "lavfi", "-i", "sine=frequency=\(frequency):sample_rate=48000", "-t", "0.5", "-f", "s16le", "-",
    ])
    #expect(expected.count == 24_000)
    var tone = ToneSignal(frequency: frequency, sampleRate: 48_000)
    let actual = (0..<expected.count).map { _ in tone.next() }
    let mismatch = zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }
    #expect(mismatch == nil, "first difference at sample \(mismatch?.offset ?? -1)")
  }

  @Test func tableIsASineOfOneEighthFullScale() {
    let table = SineTable.values
    #expect(table.count == 32_768)
    #expect(table[0] == 0)
    #expect(table[8192] == 4095)
    #expect(table[24_576] == -4095)
    // Every entry is within one unit of the exact value.
    for index in stride(from: 0, to: table.count, by: 97) {
      let exact = 4095 * sin(2 * Double.pi * Double(index) / 32_768)
      #expect(abs(Double(table[index]) - exact) <= 1, "entry \(index)")
    }
  }
}
