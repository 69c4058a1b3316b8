import VEDLSema
import VEDLTime

/// Media facts invented from a path's extension, so the checker's media rules run on fuzzed
/// input without any files: still images for `.png`/`.jpg`/`.jpeg`/`.webp`, 10 s of sound for
/// `.wav`/`.mp3`/`.m4a`/`.aac`/`.flac`, a missing file for any path containing `missing`,
/// and 20 s of 1920x1080 video at 30 fps with sound for everything else (stamped in
/// milliseconds for `.mkv`/`.webm`, so lowering meets the selection's `settb`, else in
/// 1/15360 s as MP4 stamps 30 fps).
struct FuzzMediaFacts: MediaFactsProvider {
  func facts(forPath path: String) -> Result<MediaFacts, MediaFactsError> {
    if path.contains("missing") { return .failure(MediaFactsError(.missing, "no such file")) }
    let fileExtension = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
    switch fileExtension {
    case "png", "jpg", "jpeg", "webp":
      return .success(
        MediaFacts(duration: nil, hasVideo: true, hasAudio: false, isStillImage: true, width: 640, height: 360))
    case "wav", "mp3", "m4a", "aac", "flac":
      return .success(MediaFacts(duration: Rational(10), hasVideo: false, hasAudio: true))
    default:
      let milliseconds = fileExtension == "mkv" || fileExtension == "webm"
      return .success(
        MediaFacts(
          duration: Rational(20), hasVideo: true, hasAudio: true, width: 1920, height: 1080, frameRate: Rational(30),
          frameCount: 600, timeBase: milliseconds ? Rational(1, 1000) : Rational(1, 15360)))
    }
  }
}
