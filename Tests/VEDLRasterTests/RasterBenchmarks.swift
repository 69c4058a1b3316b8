import Foundation
import Testing
import VEDLRaster

/// Milliseconds per operation at the sizes of a 1080×1920 portrait edit. Runs only with
/// `VEDL_RASTER_BENCH=1` (and is meaningful only in a release build):
/// `VEDL_RASTER_BENCH=1 swift test -c release --filter RasterBenchmarks`.
/// Figures and the FFmpeg comparison are in Benchmarks/raster/README.md.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["VEDL_RASTER_BENCH"] == "1"))
struct RasterBenchmarks {
  /// A 1920×1080 picture with some structure (not a flat colour, which could flatter
  /// branches), opaque.
  static func landscape() -> RGBAImage {
    var pixels = [UInt8](repeating: 255, count: 1920 * 1080 * 4)
    for y in 0..<1080 {
      for x in 0..<1920 {
        let i = (y * 1920 + x) * 4
        pixels[i] = UInt8(truncatingIfNeeded: x &* 7 &+ y)
        pixels[i + 1] = UInt8(truncatingIfNeeded: (x ^ y) &* 3)
        pixels[i + 2] = UInt8(truncatingIfNeeded: y &* 5 &- x)
      }
    }
    return RGBAImage(width: 1920, height: 1080, pixels: pixels)
  }

  /// The processor time of the calling thread in milliseconds (wall-clock time would count
  /// whatever else the machine runs).
  static func threadMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
  }

  /// The median processor time of `runs` calls of `body`, in milliseconds.
  static func measure(_ name: String, runs: Int = 9, _ body: () -> Void) {
    body()
    var times: [Double] = []
    for _ in 0..<runs {
      let start = threadMilliseconds()
      body()
      times.append(threadMilliseconds() - start)
    }
    times.sort()
    print("BENCH \(name): \(String(format: "%.2f", times[times.count / 2])) ms")
  }

  @Test func operationsAt1080x1920() {
    let landscape = Self.landscape()
    let crop = landscape.cropped(x: 656, y: 0, width: 608, height: 1080)
    let portrait = crop.scaled(width: 1080, height: 1920)
    let other = portrait.mirrored(horizontally: true)
    let watermark = portrait.cropped(x: 0, y: 0, width: 300, height: 120).multipliedAlpha(by: 0.6)
    var mask = [UInt8](repeating: 0, count: 900 * 110)
    for i in 0..<mask.count { mask[i] = UInt8(truncatingIfNeeded: i &* 13) }
    var sink = 0

    Self.measure("crop 1920x1080 → 608x1080") {
      sink &+= landscape.cropped(x: 656, y: 0, width: 608, height: 1080).width
    }
    Self.measure("scale 608x1080 → 1080x1920") { sink &+= crop.scaled(width: 1080, height: 1920).width }
    Self.measure("scale 1920x1080 → 1080x608") { sink &+= landscape.scaled(width: 1080, height: 608).width }
    Self.measure("scale 1920x1080 → 3414x1920 (cover for blur)", runs: 3) {
      sink &+= landscape.scaled(width: 3414, height: 1920).width
    }
    Self.measure("blur σ 48, 1080x1920", runs: 3) { sink &+= portrait.blurred(sigma: 48).width }
    Self.measure("composite 1080x1920 translucent-free frame") {
      var canvas = other
      canvas.composite(portrait, x: 0, y: 0)
      sink &+= Int(canvas.pixels[0])
    }
    Self.measure("composite 1080x1920 at opacity 0.5 (fade)") {
      var canvas = other
      canvas.composite(portrait, x: 0, y: 0, opacity: 0.5)
      sink &+= Int(canvas.pixels[0])
    }
    Self.measure("composite watermark 300x120 translucent") {
      var canvas = portrait
      canvas.composite(watermark, x: 760, y: 1780)
      sink &+= Int(canvas.pixels[0])
    }
    Self.measure("paint text mask 900x110") {
      var canvas = portrait
      canvas.paint(straightRGBA: 0xFFFF_FFFF, through: mask, maskWidth: 900, maskHeight: 110, x: 90, y: 200)
      sink &+= Int(canvas.pixels[0])
    }
    Self.measure("fillRect 900x140 translucent") {
      var canvas = portrait
      canvas.fillRect(x: 90, y: 185, width: 900, height: 140, straightRGBA: 0x0000_0080)
      sink &+= Int(canvas.pixels[0])
    }
    Self.measure("copy of a 1080x1920 frame (baseline)") {
      var canvas = portrait
      canvas.pixels[0] &+= 1
      sink &+= Int(canvas.pixels[0])
    }
    for (name, kind) in [
      ("fade", TransitionKind.fade), ("fadeblack", .fadeBlack), ("wipeleft", .wipe(.left)),
      ("slideleft", .slide(.left)), ("slideup", .slide(.up)),
    ] {
      Self.measure("transition \(name) 1080x1920") {
        sink &+= RGBAImage.transition(kind, progress: 0.4, from: portrait, to: other).width
      }
    }
    Self.measure("adjust 1080x1920") {
      sink &+= portrait.adjusted(brightness: 0.05, contrast: 1.1, saturation: 1.2).width
    }
    Self.measure("rotate 15° 1080x1920") {
      sink &+= portrait.rotated(degrees: 15, outputWidth: 1080, outputHeight: 1920, fill: .black).width
    }
    Self.measure("quarter turn 1920x1080") { sink &+= landscape.rotatedQuarterTurns(1).width }
    Self.measure("mirror 1080x1920") { sink &+= portrait.mirrored(horizontally: true).width }
    Self.measure("opacity 1080x1920") { sink &+= portrait.multipliedAlpha(by: 0.8).width }
    Self.measure("shape ellipse 600x400 with stroke") {
      sink &+=
        RGBAImage.shape(.ellipse, width: 600, height: 400, fill: .black, stroke: .transparent, strokeWidth: 6).width
    }
    #expect(sink != 0)
  }
}
