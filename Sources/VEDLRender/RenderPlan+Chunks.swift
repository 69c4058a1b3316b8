import VEDLLowering
import VEDLMedia
import VEDLTime

/// The FFmpeg backend's halves of a chunked render (docs/scale-out.md): the pictures of a
/// range of frames, without sound, and the sound of the whole edit, without pictures.
extension RenderPlan {
  /// The plan that renders timeline frames `frames` only, numbered from 0, with no sound.
  ///
  /// Lowered with the range as its window (`LoweringOptions.window`), the graph makes just
  /// those frames — its clock starts at the range's first frame, and no frame before it is
  /// made except those of an item that cannot start later — and the plan is the graph as it
  /// is. Any other graph runs whole and `trim` keeps the range at its very end: every filter
  /// sees the frames (and the clock, and the caption commands) it sees in the single
  /// render, so the range's pictures are the single render's; docs/scale-out.md gives the
  /// figures.
  public func videoChunk(frames: Range<Int64>) -> RenderPlan {
    guard let video = graph.videoOutput else { return self }
    var chunk = graph.keepingOutputs([video])
    chunk.audioOutput = nil
    // The range in the graph's own frames.
    let first = frames.lowerBound - graph.firstFrame
    let end = frames.upperBound - graph.firstFrame
    if first != 0 || end != graph.frameCount {
      let whole = "\(video)_whole"
      for c in chunk.chains.indices {
        chunk.chains[c].outputs = chunk.chains[c].outputs.map { $0 == video ? whole : $0 }
      }
      chunk.chains.append(
        FilterChain(
          inputs: [whole],
          filters: [
            Filter("trim", [.init("start_frame", String(first)), .init("end_frame", String(end))]),
            Filter("setpts", [.init("expr", "PTS-STARTPTS")]),
          ], outputs: [video]))
    }
    chunk.firstFrame = frames.lowerBound
    chunk.frameCount = Int64(frames.count)
    chunk.duration = Rational(Int64(frames.count)) * graph.frameRate.frameDuration
    return RenderPlan(graph: chunk, encoding: encoding)
  }

  /// The plan that renders the whole edit's sound alone, or `nil` when it has none (or the
  /// format no sound codec).
  public var soundOnly: RenderPlan? {
    guard let audio = graph.audioOutput, encoding.audioCodec != nil, !encoding.isStill else { return nil }
    var sound = graph.keepingOutputs([audio])
    sound.videoOutput = nil
    // The caption commands address `drawtext` filters, which are gone.
    sound.commands = []
    return RenderPlan(graph: sound, encoding: encoding)
  }
}

extension FilterGraph {
  /// The graph reduced to the chains `outputs` depend on; the inputs stay (in order, as
  /// chains name them by number) but a stream no chain reads is never decoded.
  func keepingOutputs(_ outputs: Set<String>) -> FilterGraph {
    var needed = outputs
    var kept = [Bool](repeating: false, count: chains.count)
    // Chains are printed producers first, so one pass from the end finds every producer.
    var changed = true
    while changed {
      changed = false
      for c in chains.indices.reversed() where !kept[c] {
        if chains[c].outputs.contains(where: needed.contains) {
          kept[c] = true
          needed.formUnion(chains[c].inputs)
          changed = true
        }
      }
    }
    var graph = self
    graph.chains = chains.indices.filter { kept[$0] }.map { chains[$0] }
    return graph
  }
}
