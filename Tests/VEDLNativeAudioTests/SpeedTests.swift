import Testing
import VEDLSema
import VEDLTime

@testable import VEDLNativeAudio

/// Speed changes keep the pitch.
@Suite struct SpeedTests {
  @Test(arguments: [(speed: "2x", seconds: 1), (speed: "0.5x", seconds: 4)])
  func speedChangesTheLengthAndKeepsThePitch(_ speed: String, _ seconds: Int) throws {
    // Two seconds of a 1 kHz sine: 1 s at 2x, 4 s at 0.5x, still 1 kHz.
    let mix = try MixHarness.mix(
      """
      canvas 64x48 fps: 30
      let s = audio("media/sine1k.wav")
      track main { clip color(black) duration: 5s }
      track audio { clip s trim: 0s..2s at: 0s speed: \(speed) }
      """)
    let end = seconds * 48_000
    #expect(mix.left[end...].allSatisfy { $0 == 0 })
    // The sound lasts to its end: loud in its last tenth of a second.
    let tail = mix.left[(end - 4800)..<end].map(abs).max() ?? 0
    #expect(tail > 0.3)
    // A 1 kHz sine changes sign 2000 times a second.
    let middle = mix.left[(end / 2 - 24_000)..<(end / 2 + 24_000)]
    let changes = MixHarness.signChanges(middle)
    #expect(abs(changes - 2000) <= 20, "\(changes) sign changes in one second")
  }
}
