import Foundation
import Testing
import VEDLLowering
import VEDLNative
import VEDLRaster
import VEDLSema
import VEDLTestSupport
import VEDLTime

/// `waveform(audio:color:style:)` (docs/language.md, Waveforms) in both backends, against
/// the documented rule for known signals: a sound file made here with `ffmpeg` — one
/// second of silence, then a 440 Hz sine of amplitude 0.5 — and FFmpeg's `tone(…)`
/// (amplitude 1/8). White waveforms over black, so the lit rows of each column are the
/// column's span.
@Suite struct WaveformTests {
  /// A folder with `burst.wav`: 1 s of silence, then 1 s of `0.5·sin(2π·440·t)`, 48 kHz mono.
  static let media: Result<String, any Error> = Result {
    let folder = NSTemporaryDirectory() + "vedl-waveform-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try FFmpegCLI.mustRun([
      "-v", "error", "-y", "-f", "lavfi", "-i",
      "aevalsrc=if(gte(t\\,1)\\,0.5*sin(2*PI*440*t)\\,0):s=48000:d=2", "-c:a", "pcm_s16le",
      folder + "/burst.wav",
    ])
    return folder
  }

  static let canvas = "canvas 160x90 fps: 30 background: #000000"

  /// The lit rows `first ..< last` of each column of an RGB(A) picture (`nil` for a dark
  /// column), reading the red channel.
  static func litRows(_ bytes: [UInt8], width: Int, height: Int, stride: Int) -> [Range<Int>?] {
    (0..<width).map { x in
      let lit = (0..<height).filter { y in bytes[(y * width + x) * stride] > 128 }
      guard let first = lit.first, let last = lit.last else { return nil }
      return first..<(last + 1)
    }
  }

  /// Native and FFmpeg pictures of frame `k`, as lit rows per column.
  static func bothBackends(_ script: String, frame k: Int64) throws -> (native: [Range<Int>?], ffmpeg: [Range<Int>?]) {
    let folder = try media.get()
    let timeline = try NativeHarness.timeline(script, directory: folder)
    let renderer = try NativeFrameRenderer(
      timeline: timeline, export: nil, fonts: try FrameRendering.fonts(), baseDirectory: folder)
    let native = try renderer.frame(k)
    let reference = try FrameBackendAgreementTests.reference(timeline, frame: k, directory: folder)
    return (
      litRows(native.pixels, width: native.width, height: native.height, stride: 4),
      litRows(reference, width: native.width, height: native.height, stride: 3)
    )
  }

  // MARK: The rule, on samples

  @Test func lineOfASineSpansItsAmplitude() {
    let rate = FrameRate(30)!
    let amplitude = 0.5
    let sound = (0..<4801).map { Float(amplitude * sin(2 * Double.pi * 440 * Double($0) / 48_000)) }
    let spans = WaveformPicture.spans(frame: 1, rate: rate, sound: sound, width: 160, height: 90, style: .line)
    #expect(spans.allSatisfy { $0.bottom > $0.top })
    let top = spans.map(\.top).min()!
    let bottom = spans.map(\.bottom).max()!
    // Half-height amplitude × H/2 = 22.5 rows around the centre (45), within a pixel.
    #expect(abs(Double(45 - top) - amplitude * 45) <= 1)
    #expect(abs(Double(bottom - 45) - amplitude * 45) <= 1)
  }

  @Test func silenceIsTheCentreLineOrNothing() {
    let rate = FrameRate(30)!
    let silence = [Float](repeating: 0, count: 3201)
    let line = WaveformPicture.spans(frame: 1, rate: rate, sound: silence, width: 64, height: 90, style: .line)
    #expect(line.allSatisfy { $0 == WaveformPicture.Span(top: 45, bottom: 46) })
    let bars = WaveformPicture.spans(frame: 1, rate: rate, sound: silence, width: 64, height: 90, style: .bars)
    #expect(bars.allSatisfy { $0.top == $0.bottom })
  }

  @Test func barsHaveGapsAndPeakHeights() {
    let rate = FrameRate(30)!
    // Frame 0's 1600 samples: bar i (50 samples) peaks at i/32.
    let sound: [Float] = (0..<1601).map { (i: Int) -> Float in
      let peak = Float((i / 50) % 32) / 32
      return i % 2 == 0 ? peak : -peak
    }
    let spans = WaveformPicture.spans(frame: 0, rate: rate, sound: sound, width: 320, height: 100, style: .bars)
    // Slot i is columns 10i..<10i+10, the bar 10i+2..<10i+8.
    for i in 1..<32 {
      let peak = Double(i) / 32
      let expected = WaveformPicture.Span(
        top: Int(((1 - peak) * 50).rounded(.down)), bottom: Int(((1 + peak) * 50).rounded(.up)))
      #expect(spans[10 * i + 1] == WaveformPicture.Span.empty)
      #expect(spans[10 * i + 2] == expected)
      #expect(spans[10 * i + 7] == expected)
      #expect(spans[10 * i + 8] == WaveformPicture.Span.empty)
    }
    #expect(spans[2] == WaveformPicture.Span.empty)
  }

  // MARK: Both backends

  @Test func burstShowsFromFrame30InBothBackends() throws {
    let script = """
      \(Self.canvas)
      let voice = audio("burst.wav")
      track main { clip color(black) duration: 2s }
      track overlay { clip waveform(audio: voice, style: bars) at: 0s duration: 2s }
      export "out/ref.png"
      """
    for k: Int64 in [0, 29] {
      let (native, ffmpeg) = try Self.bothBackends(script, frame: k)
      #expect(native.allSatisfy { $0 == nil }, "frame \(k): native draws during the silence")
      #expect(ffmpeg.allSatisfy { $0 == nil }, "frame \(k): FFmpeg draws during the silence")
    }
    let (native, ffmpeg) = try Self.bothBackends(script, frame: 30)
    #expect(native == ffmpeg)
    // 32 bars of peak ≈ 0.5: rows ⌊0.5·45⌋ = 22 ..< ⌈1.5·45⌉ = 68, within a pixel.
    let bars = native.compactMap { $0 }
    #expect(bars.count >= 32 * 3)
    for rows in bars {
      #expect(abs(rows.lowerBound - 22) <= 1 && abs(rows.upperBound - 68) <= 1, "\(rows)")
    }
  }

  @Test func lineEnvelopeInBothBackends() throws {
    let script = """
      \(Self.canvas)
      track main { clip color(black) duration: 2s }
      track overlay { clip waveform(audio: audio("burst.wav")) at: 0s duration: 2s }
      export "out/ref.png"
      """
    // Silence: the one-pixel centre line, row ⌊H/2⌋ = 45, in every column.
    let (quietNative, quietFFmpeg) = try Self.bothBackends(script, frame: 10)
    #expect(quietNative.allSatisfy { $0 == 45..<46 })
    #expect(quietFFmpeg == quietNative)
    // The sine: every column lit, the whole picture spanning amplitude × H/2 = 22.5 rows
    // either side of the centre.
    let (native, ffmpeg) = try Self.bothBackends(script, frame: 40)
    #expect(native == ffmpeg)
    let columns = native.compactMap { $0 }
    #expect(columns.count == 160)
    let top = columns.map(\.lowerBound).min() ?? 0
    let bottom = columns.map(\.upperBound).max() ?? 0
    #expect(abs(Double(45 - top) - 22.5) <= 1)
    #expect(abs(Double(bottom - 45) - 22.5) <= 1)
  }

  @Test func toneWaveformsAgreeAcrossBackends() throws {
    // `tone(…)` (amplitude 1/8), both styles, one sized and placed over a moving picture,
    // one translucent and starting later.
    let script = """
      canvas 160x96 fps: 30 background: #203040
      let voice = tone(330)
      track main { clip testpattern() duration: 2s }
      track overlay { clip waveform(audio: voice, color: #FFCC00) at: 0s duration: 2s }
      track overlay {
        clip waveform(audio: voice, style: bars, color: #40E0D0C0) at: 0.5s duration: 1.5s {
          size width: 80 height: 48
          position topLeading
        }
      }
      export "out/ref.png"
      """
    let psnr = try FrameBackendAgreementTests.expectAgreement(
      script, frames: [0, 20, 47], directory: try Self.media.get())
    #expect(psnr.allSatisfy { $0 >= 35 })
  }

  @Test func audioMustBeASound() throws {
    let timeline = try? NativeHarness.timeline(
      """
      \(Self.canvas)
      track main { clip color(black) duration: 1s }
      track overlay { clip waveform(audio: testpattern()) at: 0s duration: 1s }
      """, directory: try Self.media.get())
    #expect(timeline == nil)
  }
}
