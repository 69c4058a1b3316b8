import VEDLLowering
import VEDLRaster
import VEDLSema
import VEDLTime

/// The source pictures of one clip, before its modifiers: the frames of a video (decoded on
/// demand, selected by §5), FFmpeg's test pattern, or a single picture (an image, a colour)
/// that every frame of the clip shows.
final class ClipSource {
  private enum Pictures {
    case video(SourceFrameSelector)
    case pattern(TestPatternGenerator)
    case waveform(WaveformGenerator)
    case still(RGBAImage)
  }

  private let pictures: Pictures
  /// The clip's §5 timing (`t0`, `s0`, `v`).
  private let timing: ClipTiming
  private let grid: FrameGrid
  /// The clip's time operations (``ClipTimeMap``), when it has any; its first timeline frame.
  private let timeMap: ClipTimeMap?
  private let startFrame: Int64
  /// A reversed run's pictures, by pass frame: at most
  /// ``TimeOperationLimits/reverseRunFrames`` decoded pictures, read forward from before
  /// the run's first picture and shown last first.
  private var reversedRun: [Int64: DecodedPicture] = [:]
  /// Whether the source is one picture for the whole clip (its processed picture can be
  /// kept).
  let isStill: Bool
  /// Whether the pictures may be transparent.
  let mayHaveAlpha: Bool

  /// The source of clip `item` from the timeline's source table; the file is opened (or the
  /// image decoded) now. A video's pictures are asked of `store` first and kept in it
  /// (``SourceFrameSelector``).
  init(item: TimelineItem, timeline: Timeline, store: SourcePictureStore? = nil, waitsForFiller: Bool = true)
    throws(NativeRenderError)
  {
    guard let index = item.source, timeline.sources.indices.contains(index) else {
      throw NativeRenderError("a clip refers to a source the timeline does not have")
    }
    let source = timeline.sources[index]
    grid = timeline.canvas.grid
    guard
      let timing = ClipTiming(timelineStart: item.start, sourceStart: item.sourceStart ?? .zero, speed: item.speed)
    else {
      throw NativeRenderError("a clip's speed must be positive")
    }
    self.timing = timing
    timeMap = item.hasTimeOperations ? ClipTimeMap(item, grid: timeline.canvas.grid) : nil
    startFrame = item.startFrame
    let canvasWidth = Int(timeline.canvas.width)
    let canvasHeight = Int(timeline.canvas.height)
    switch source.kind {
    case .video:
      let treatment = SourcePictureTreatment(source.facts)
      pictures = .video(
        SourceFrameSelector(
          path: try Self.path(of: source), treatment: treatment, store: store, waitsForFiller: waitsForFiller))
      isStill = false
      // An alpha channel (ProRes 4444, a WebM's side alpha) lets the background through.
      mayHaveAlpha = treatment.decoder != nil || source.facts?.pixelFormat?.hasPrefix("yuva") == true
    case .image:
      pictures = .still(
        try StillSourceDecoder.firstPicture(
          of: try Self.path(of: source), treatment: SourcePictureTreatment(source.facts)))
      isStill = true
      mayHaveAlpha = true
    case .color:
      let color = source.color ?? 0x0000_00FF
      pictures = .still(
        RGBAImage(width: canvasWidth, height: canvasHeight, fill: PremultipliedColor(straightRGBA: color)))
      isStill = true
      mayHaveAlpha = color & 0xFF != 0xFF
    case .testpattern:
      pictures = .pattern(
        try TestPatternGenerator(width: canvasWidth, height: canvasHeight, rate: timeline.canvas.rate))
      isStill = false
      mayHaveAlpha = false
    case .waveform:
      pictures = .waveform(
        try WaveformGenerator(
          source: source, timeline: timeline, frames: WaveformPicture.framesNeeded(source: index, in: timeline)))
      isStill = false
      mayHaveAlpha = true
    case .audio, .tone:
      throw NativeRenderError("a clip of \(source.kind.rawValue) has no picture")
    }
  }

  /// Pass frame `q` of a reversed clip: from the run of at most
  /// ``TimeOperationLimits/reverseRunFrames`` pass frames ending at `q` (read forward at
  /// once, then shown last first), so that pictures are decoded once per run rather than
  /// once per frame from the keyframe before them.
  private func reversedPicture(passFrame q: Int64, map: ClipTimeMap, selector: SourceFrameSelector)
    throws(NativeRenderError) -> RGBAImage
  {
    if reversedRun[q] == nil {
      reversedRun.removeAll()
      let first = max(0, q - TimeOperationLimits.reverseRunFrames + 1)
      var times: [Rational] = []
      for p in first...q {
        guard let s = timing.checkedSourceTime(forTimelineFrame: startFrame + p, grid: grid) else {
          throw NativeRenderError("the source time of pass frame \(p) does not fit", path: selector.path)
        }
        times.append(s)
      }
      for (p, picture) in zip(first...q, try selector.decodedPictures(atOrBefore: times)) { reversedRun[p] = picture }
    }
    guard let picture = reversedRun[q] else {
      throw NativeRenderError("no picture for pass frame \(q)", path: selector.path)
    }
    return try selector.image(of: picture)
  }

  /// The absolute path of a file source.
  static func path(of source: SourceInfo) throws(NativeRenderError) -> String {
    guard let path = source.path else { throw NativeRenderError("a \(source.kind.rawValue) source has no path") }
    return path
  }

  /// The pass frame (§4.15) and the source time of a video's timeline frame `k`.
  private func videoTime(atTimelineFrame k: Int64, selector: SourceFrameSelector) throws(NativeRenderError) -> (
    passFrame: Int64, time: Rational
  ) {
    // With time operations, the forward frame of the pass this frame shows (§4.15).
    let q = timeMap.map { startFrame + $0.passFrame(atClipFrame: k - startFrame) } ?? k
    guard let s = timing.checkedSourceTime(forTimelineFrame: q, grid: grid) else {
      throw NativeRenderError("the source time of frame \(k) does not fit", path: selector.path)
    }
    return (q, s)
  }

  /// For a video whose source times only grow with the frame (no time operations): the
  /// file's key in a store and the source time of timeline frame `k` — what a
  /// ``SourcePictureFiller`` lane decodes ahead.
  func aheadTime(atTimelineFrame k: Int64) -> (file: SourcePictureStore.FileKey, time: Rational)? {
    guard case .video(let selector) = pictures, timeMap == nil,
      let (_, s) = try? videoTime(atTimelineFrame: k, selector: selector)
    else { return nil }
    return (selector.storeKey, s)
  }

  /// Decodes (and so keeps in the store) the picture of timeline frame `k` without converting
  /// it: a filler lane's step.
  func decodeAhead(atTimelineFrame k: Int64) throws(NativeRenderError) {
    guard case .video(let selector) = pictures else { return }
    let (_, s) = try videoTime(atTimelineFrame: k, selector: selector)
    _ = try selector.decodedPictures(atOrBefore: [s])
  }

  /// The source picture the clip shows at timeline frame `k`: for a video, the picture with
  /// the greatest presentation time `≤ s0 + (k/F − t0)·v` (§5, exact).
  func picture(atTimelineFrame k: Int64) throws(NativeRenderError) -> RGBAImage {
    switch pictures {
    case .still(let image):
      return image
    case .video(let selector):
      let (q, s) = try videoTime(atTimelineFrame: k, selector: selector)
      let picture: RGBAImage
      if let map = timeMap, map.reverses {
        picture = try reversedPicture(passFrame: q - startFrame, map: map, selector: selector)
      } else {
        picture = try selector.picture(atOrBefore: s)
      }
      // Holding the last picture past the file's end would show frames the source does not
      // have; the FFmpeg backend's clip ends there too, so the render stops (E0818).
      if selector.hasRunOut(at: s), let end = selector.picturesEnd {
        throw NativeRenderError(
          "`\(selector.path)` has no picture at \(s.decimalText(fractionDigits: 3))s: its pictures end at "
            + "\(end.decimalText(fractionDigits: 3))s",
          path: selector.path, stoppedAtFrame: k)
      }
      return picture
    case .pattern(let generator):
      // `testsrc2` runs at the canvas rate from 0: picture n is presented at n / F.
      guard let s = timing.checkedSourceTime(forTimelineFrame: k, grid: grid) else {
        throw NativeRenderError("the source time of frame \(k) does not fit")
      }
      let n = ConstantRateSource(rate: grid.rate)?.frameIndex(atOrBefore: s) ?? 0
      return try generator.picture(n)
    case .waveform(let generator):
      // Like the test pattern: picture n is presented at n / F.
      guard let s = timing.checkedSourceTime(forTimelineFrame: k, grid: grid) else {
        throw NativeRenderError("the source time of frame \(k) does not fit")
      }
      return generator.picture(max(0, ConstantRateSource(rate: grid.rate)?.frameIndex(atOrBefore: s) ?? 0))
    }
  }
}
