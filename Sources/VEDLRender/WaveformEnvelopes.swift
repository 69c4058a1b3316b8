import Foundation
import VEDLLowering
import VEDLNativeAudio
import VEDLSema

/// The measuring step of `waveform(…)` for the FFmpeg backend (docs/graph.md, Waveforms):
/// the lowering reads no media, so before it each waveform source a clip shows has its
/// sound read (VEDLNativeAudio's ``WaveformSound``) and its spans
/// (``WaveformPicture``) written as an envelope image, a 16-bit PGM the graph reads as a
/// still. The files are named by the SHA-256 of their bytes in the user's cache folder
/// (`$VEDL_CACHE_DIR/waveforms`, else `$XDG_CACHE_HOME/vedl/waveforms`, else
/// `~/.cache/vedl/waveforms`, else — and when `VEDL_CACHE_DIR` is set but empty — the
/// temporary folder's `vedl/waveforms`), so the command `vedl graph
/// --command` prints keeps working after it returns, and an unchanged waveform is written
/// once.
public enum WaveformEnvelopes {
  /// The envelope of every waveform source a clip of `timeline` shows, by source index.
  /// `output` names the export in errors.
  public static func measure(
    _ timeline: Timeline, output: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(RenderError) -> [Int: WaveformEnvelope] {
    var envelopes: [Int: WaveformEnvelope] = [:]
    for (index, source) in timeline.sources.enumerated() where source.kind == .waveform {
      let frames = WaveformPicture.framesNeeded(source: index, in: timeline)
      guard frames > 0 else { continue }
      guard let audio = source.waveformAudio, timeline.sources.indices.contains(audio) else {
        throw .native(message: "a waveform refers to a sound the timeline does not have", path: nil, output: output)
      }
      let rate = timeline.canvas.rate
      let sound: [Float]
      do {
        sound = try WaveformSound.samples(
          of: timeline.sources[audio], count: Int(WaveformPicture.samplesNeeded(frames: frames, rate: rate)))
      } catch {
        throw .native(
          message: "cannot read the sound of a waveform: \(error.message)", path: error.path, output: output)
      }
      let bytes = WaveformPicture.envelopeImage(
        frames: frames, rate: rate, sound: sound, width: Int(timeline.canvas.width),
        height: Int(timeline.canvas.height), style: source.waveformStyle ?? .line)
      let folder = cacheFolder(environment)
      let path = (folder as NSString).appendingPathComponent(SHA256.hex(SHA256.hash(bytes)) + ".pgm")
      if !FileManager.default.fileExists(atPath: path) {
        do {
          try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
          try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
          throw .unwritableOutput(path: path, reason: "\(error.localizedDescription)")
        }
      }
      envelopes[index] = WaveformEnvelope(path: path, frames: frames)
    }
    return envelopes
  }

  /// Where envelope images are kept.
  static func cacheFolder(_ environment: [String: String]) -> String {
    let base: String
    if let chosen = environment["VEDL_CACHE_DIR"] {
      // Set but empty: no cache of the user's (as for digests); the temporary folder.
      base = chosen.isEmpty ? (NSTemporaryDirectory() as NSString).appendingPathComponent("vedl") : chosen
    } else if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
      base = (xdg as NSString).appendingPathComponent("vedl")
    } else if let home = environment["HOME"], !home.isEmpty {
      base = (home as NSString).appendingPathComponent(".cache/vedl")
    } else {
      base = (NSTemporaryDirectory() as NSString).appendingPathComponent("vedl")
    }
    return (base as NSString).appendingPathComponent("waveforms")
  }
}
