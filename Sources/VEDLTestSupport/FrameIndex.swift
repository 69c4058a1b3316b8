import VEDLSema
import VEDLTime

/// The "frame-index" pattern: a 64×48 picture of twelve 16×16 black or white blocks whose
/// bits spell the frame's index (block `b` at column `b % 4`, row `b / 4`). It survives
/// YUV 4:2:0 and lossy coding, so the index of every decoded frame can be read back and
/// compared with the frame §5 of the language selects — by the FFmpeg backend's tests and,
/// unchanged, by the native backend's.
public enum FrameIndex {
  public static let width = 64
  public static let height = 48

  /// The `geq` expression drawing frame `N`'s index.
  public static let expression = "255*mod(floor(N/pow(2,floor(X/16)+4*floor(Y/16))),2)"

  /// Reads the index of a decoded grey frame.
  public static func read(_ frame: [UInt8], width: Int = width) -> Int {
    var value = 0
    for bit in 0..<12 {
      let x = (bit % 4) * 16 + 8
      let y = (bit / 4) * 16 + 8
      if frame[y * width + x] > 128 { value |= 1 << bit }
    }
    return value
  }

  /// Grey level of pixel (`x`, `y`) of the pattern for `index`: what `expression` draws.
  public static func level(index: Int, x: Int, y: Int) -> UInt8 {
    (index >> ((x / 16) + 4 * (y / 16))) & 1 == 1 ? 255 : 0
  }

  /// Makes `index30.mp4` at `path`: the pattern at 30 fps, 64×48, 6 s (180 frames),
  /// losslessly coded, with a 1 kHz tone as sound.
  public static func makeIndex30(at path: String) throws {
    try FFmpegCLI.mustRun([
      "-v", "error", "-y",
      "-f", "lavfi", "-i", "color=black:s=64x48:r=30:d=6,format=gray,geq=lum='\(expression)'",
      "-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=48000:d=6",
      "-c:v", "libx264", "-preset", "ultrafast", "-qp", "0", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
      path,
    ])
  }

  /// The source frame index §5 predicts at every frame of a clip, for a 30 fps source.
  public static func predictedIndices(_ item: TimelineItem, grid: FrameGrid) -> [Int64?] {
    guard let timing = item.timing, let source = ConstantRateSource(rate: FrameRate(30)!) else { return [] }
    return (item.startFrame..<item.endFrame).map { k in
      timing.sourceFrameIndex(forTimelineFrame: k, grid: grid, source: source)
    }
  }

  /// The frames of `timeline`'s main-track video clips whose `decoded` index is not the one
  /// §5 predicts (`frame K: got G, expected E`); frames of transitions are skipped.
  public static func mismatches(_ decoded: [Int], in timeline: Timeline) -> [String] {
    let main = timeline.tracks.first { $0.kind == .main }?.items ?? []
    var blended = Set<Int64>()
    for t in timeline.transitions { blended.formUnion(t.startFrame..<t.endFrame) }
    var mismatches: [String] = []
    for item in main where item.kind == .clip && item.source.map({ timeline.sources[$0].kind == .video }) == true {
      for (offset, expected) in predictedIndices(item, grid: timeline.canvas.grid).enumerated() {
        let k = item.startFrame + Int64(offset)
        guard !blended.contains(k), Int(k) < decoded.count, let expected else { continue }
        if decoded[Int(k)] != Int(expected) {
          mismatches.append("frame \(k): got \(decoded[Int(k)]), expected \(expected)")
        }
      }
    }
    return mismatches
  }
}
