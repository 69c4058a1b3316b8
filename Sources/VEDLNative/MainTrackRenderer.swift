import VEDLRaster
import VEDLSema
import VEDLTime

/// The picture under every overlay, as the lowering's `mainVideo` builds it: the main track's
/// clips and gaps back to back (a gap is black, whatever the canvas background), each
/// transition blending the track so far into the next item like `xfade` — or the canvas
/// background when there is no main track.
///
/// Items are opened when first needed and closed by `release(before:)` once they have
/// ended, so only the items around the current frame hold decoders.
final class MainTrackRenderer {
  private let timeline: Timeline
  private let items: [TimelineItem]
  private let transitions: [Int: Transition]
  private let background: PremultipliedColor
  private let baseDirectory: String?
  private let width: Int
  private let height: Int
  private var renderers: [Int: ClipItemRenderer] = [:]
  private let store: SourcePictureStore?

  /// The main track of `timeline`, with `background` the opaque canvas background;
  /// `baseDirectory` is the script's folder (relative colour tables resolve against it);
  /// `store` keeps decoded pictures between renderers.
  init(timeline: Timeline, background: PremultipliedColor, baseDirectory: String?, store: SourcePictureStore? = nil) {
    self.baseDirectory = baseDirectory
    self.store = store
    self.timeline = timeline
    items = timeline.tracks.first { $0.kind == .main }?.items ?? []
    var transitions: [Int: Transition] = [:]
    for t in timeline.transitions where transitions[t.toItem] == nil { transitions[t.toItem] = t }
    self.transitions = transitions
    self.background = background
    width = Int(timeline.canvas.width)
    height = Int(timeline.canvas.height)
  }

  /// The picture of timeline frame `k`, canvas-sized and opaque.
  func picture(at k: Int64) throws(NativeRenderError) -> RGBAImage {
    guard !items.isEmpty else { return RGBAImage(width: width, height: height, fill: background) }
    // The last item starting at or before k, and the items it is blending out of.
    var low = 0
    var high = items.count
    while low < high {
      let mid = (low + high) / 2
      if items[mid].startFrame <= k { low = mid + 1 } else { high = mid }
    }
    guard low > 0 else { return black }
    var chain = [low - 1]
    while let first = chain.first, first > 0, transitions[first] != nil, k < items[first - 1].endFrame {
      chain.insert(first - 1, at: 0)
    }
    guard k < items[chain[chain.count - 1]].endFrame || chain.count > 1 else { return black }
    var picture = try itemPicture(chain[0], at: k)
    for index in chain.dropFirst() {
      guard let transition = transitions[index] else { continue }
      let incoming = try itemPicture(index, at: k)
      picture = RGBAImage.transition(
        TransitionBlend.kind(of: transition),
        progress: TransitionBlend.progress(
          at: k, into: index, items: items,
          rate: timeline.canvas.rate, easing: transition.easing), from: picture, to: incoming)
    }
    return picture
  }

  /// A black canvas (gaps).
  private var black: RGBAImage { RGBAImage(width: width, height: height, fill: .black) }

  /// Item `index`'s picture at timeline frame `k`.
  private func itemPicture(_ index: Int, at k: Int64) throws(NativeRenderError) -> RGBAImage {
    let item = items[index]
    guard item.kind == .clip else { return black }
    let renderer: ClipItemRenderer
    if let existing = renderers[index] {
      renderer = existing
    } else {
      renderer = try ClipItemRenderer(
        item: item, role: .main, timeline: timeline, background: background, baseDirectory: baseDirectory,
        store: store)
      renderers[index] = renderer
    }
    return try renderer.mainPicture(atTimelineFrame: k, background: background)
  }

  /// Closes the items that end at or before frame `k` (their sources and kept pictures).
  func release(endingAtOrBefore k: Int64) {
    for index in renderers.keys where items[index].endFrame <= k { renderers[index] = nil }
  }
}
