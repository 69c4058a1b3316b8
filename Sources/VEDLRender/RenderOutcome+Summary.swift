import VEDLTime

extension RenderOutcome {
  /// `rendered out/demo.mp4 (180 frames, 6s, 640x360, h264 + aac)` or `out/demo.mp4 is up to
  /// date …`, with its line break; `name` is the output as the user named it. One wording
  /// for `vedl render` and each row of `vedl batch`.
  public func summary(name: String) -> String {
    guard status == .rendered, let metadata else {
      return "\(name) is up to date (use --force to render it anyway)\n"
    }
    let codecs = [metadata.videoCodec, metadata.audioCodec].compactMap { $0 }.joined(separator: " + ")
    var facts: [String] = []
    if metadata.format != "png" {
      facts.append("\(metadata.frameCount) frames")
      facts.append(metadata.duration.secondsDescription)
    }
    facts.append("\(metadata.width)x\(metadata.height)")
    if !codecs.isEmpty { facts.append(codecs) }
    return "rendered \(name) (\(facts.joined(separator: ", ")))\n"
  }
}
