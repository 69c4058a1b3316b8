import VEDLLowering
import VEDLNativeAudio
import VEDLRaster
import VEDLSema
import VEDLTime

/// The pictures of a `waveform(…)` source (``WaveformPicture``, the rule the FFmpeg
/// backend's envelope image holds too): picture `n` is transparent but for each column's
/// span, painted in the waveform's colour. The sound is read once, as far as the clip needs.
final class WaveformGenerator {
  private let width: Int
  private let height: Int
  private let rate: FrameRate
  private let style: WaveformStyle
  private let color: PremultipliedColor
  private let sound: [Float]
  private var last: (index: Int64, image: RGBAImage)?

  /// The generator of waveform `source` (of `timeline`), for source frames `0..<frames`.
  init(source: SourceInfo, timeline: Timeline, frames: Int64) throws(NativeRenderError) {
    width = Int(timeline.canvas.width)
    height = Int(timeline.canvas.height)
    rate = timeline.canvas.rate
    style = source.waveformStyle ?? .line
    color = PremultipliedColor(straightRGBA: source.color ?? 0xFFFF_FFFF)
    guard let audio = source.waveformAudio, timeline.sources.indices.contains(audio) else {
      throw NativeRenderError("a waveform refers to a sound the timeline does not have")
    }
    let count = WaveformPicture.samplesNeeded(frames: max(1, frames), rate: rate)
    do {
      sound = try WaveformSound.samples(of: timeline.sources[audio], count: Int(count))
    } catch {
      throw NativeRenderError("cannot read the sound of a waveform: \(error.message)", path: error.path)
    }
  }

  /// Picture `n` (`n ≥ 0`).
  func picture(_ n: Int64) -> RGBAImage {
    if let last, last.index == n { return last.image }
    let spans = WaveformPicture.spans(
      frame: n, rate: rate, sound: sound, width: width, height: height, style: style)
    var image = RGBAImage(width: width, height: height)
    let c = color
    image.pixels.withUnsafeMutableBufferPointer { pixels in
      for (x, span) in spans.enumerated() where span.bottom > span.top {
        for y in span.top..<span.bottom {
          let i = (y * width + x) * 4
          pixels[i] = c.red
          pixels[i + 1] = c.green
          pixels[i + 2] = c.blue
          pixels[i + 3] = c.alpha
        }
      }
    }
    last = (n, image)
    return image
  }
}
