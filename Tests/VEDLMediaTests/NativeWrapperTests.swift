import Foundation
import Testing
import VEDLMedia

/// The wrappers the native renderer uses instead of libav's C API: Swift values for libav's
/// enums, and failures that carry FFmpeg's own text.
@Suite struct NativeWrapperTests {
  @Test func pixelFormatsAreNamedAndDescribedAsLibavDoes() throws {
    let yuv420p = try #require(PixelFormat(named: "yuv420p"))
    #expect(yuv420p.name == "yuv420p")
    #expect(yuv420p.isYCbCr && yuv420p.isChromaSubsampled && !yuv420p.isRGB && !yuv420p.hasAlpha)
    #expect(PixelFormat.rgba.hasAlpha && PixelFormat.rgba.isRGB && !PixelFormat.rgba.isYCbCr)
    #expect(!PixelFormat.yuv444p.isChromaSubsampled)
    #expect(PixelFormat(named: "vedl-no-such-format") == nil)
    #expect(SampleFormat.floatPlanar.isPlanar && !SampleFormat.float.isPlanar)
    #expect(SampleFormat.int16.bytesPerSample == 2)
  }

  @Test func rescalingRoundsAsAvRescaleQ() {
    // 1.5 frames of 1/30 s in microseconds, and back.
    #expect(LibavRational.rescale(3, from: LibavRational(1, 60), to: .microseconds) == 50_000)
    #expect(LibavRational.rescale(50_001, from: .microseconds, to: LibavRational(1, 30)) == 2)
  }

  @Test func aFilterGraphFailureCarriesWhatLibavLogged() throws {
    let graph = try FilterGraphContext()
    let sink = try graph.addFilter("buffersink", instance: "out", arguments: nil)
    let error = try #require(throws: FFmpegError.self) {
      try graph.parseChain("testsrc2=size=16x16,vedlnosuchfilter", from: nil, to: sink)
    }
    #expect(error.operation.contains("vedlnosuchfilter"))
    #expect(error.explanation.contains(error.message))
    #expect(error.libraryMessages.contains { $0.contains("vedlnosuchfilter") }, "\(error)")
  }

  @Test func aGeneratorGraphGivesPicturesAndSwscaleConvertsThem() throws {
    let graph = try FilterGraphContext()
    let sink = try graph.addFilter("buffersink", instance: "out", arguments: nil)
    try graph.parseChain("color=c=red:size=32x8:rate=25,format=yuv444p", from: nil, to: sink)
    try graph.configureLinks()
    let frame = try Frame()
    #expect(try graph.receive(from: sink, into: frame) == .received)
    #expect(frame.width == 32 && frame.height == 8 && frame.pixelFormat == .yuv444p)

    let scaler = try ScalingContext(
      sourceWidth: 32, sourceHeight: 8, sourceFormat: .yuv444p, width: 32, height: 8, format: .rgba, flags: .bicubic)
    var pixels = [UInt8](repeating: 0, count: 32 * 8 * 4)
    let rows = try pixels.withUnsafeMutableBufferPointer { buffer in
      try scaler.scale(frame, intoPacked: buffer.baseAddress!, stride: 32 * 4)
    }
    #expect(rows == 8)
    // Red, opaque (within the limited-range round trip).
    #expect(pixels[0] > 240 && pixels[1] < 16 && pixels[2] < 16 && pixels[3] == 255, "\(pixels[0..<4])")
  }

  @Test func aMissingFileIsReportedWithFFmpegsText() {
    let error = #expect(throws: FFmpegError.self) {
      _ = try FormatInputContext(path: "/nonexistent-vedl-folder/a.mp4")
    }
    #expect(error?.explanation.contains("No such file or directory") == true)
  }
}
