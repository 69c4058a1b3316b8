import Foundation
import Testing
import VEDLNative
import VEDLRaster
import VEDLSema
import VEDLTestSupport

/// `vedl preview`'s store of decoded source pictures: frames drawn from kept pictures, in any
/// order, equal the frames a renderer without a store draws in order; the filler decodes
/// every picture the edit shows (so the file is no longer read); the budget holds.
@Suite struct SourcePictureStoreTests {
  /// Trims, a speed-up, a crossfade, a reversed clip (not decoded ahead) and an overlay of
  /// the same file.
  static let script = """
    canvas 64x48 fps: 30
    let src = video("media/index30.mp4")
    track main {
      clip src trim: 1s..3s
      crossfade 500ms
      clip src trim: 2s..4s speed: 2x
      clip src trim: 4s..5s reverse
    }
    track overlay { clip src at: 15f trim: 40f..70f { scale 50%; position topLeading } }
    """

  /// A folder of its own (by `name`) holding the frame-index video, and the checked script.
  static func edit(_ name: String) throws -> (directory: String, timeline: Timeline) {
    let directory = try TestMediaFolder.make(prefix: "vedl-store-\(name)-")
    try FrameIndex.makeIndex30(at: directory + "/media/index30.mp4")
    return (directory, try NativeHarness.timeline(script, directory: directory))
  }

  static func draw(_ timeline: Timeline, directory: String, store: SourcePictureStore?, order: [Int64]) throws
    -> [Int64: RGBAImage]
  {
    let renderer = try NativeFrameRenderer(
      timeline: timeline, export: nil, fonts: try FrameRendering.fonts(), baseDirectory: directory, store: store)
    var pictures: [Int64: RGBAImage] = [:]
    for k in order { pictures[k] = try renderer.frame(k) }
    return pictures
  }

  /// The source pictures (frame indices) the clips without time operations show.
  static func forwardPictures(_ timeline: Timeline) -> Set<Int64> {
    var pictures = Set<Int64>()
    for track in timeline.tracks {
      for item in track.items where item.kind == .clip && !item.hasTimeOperations {
        pictures.formUnion(FrameIndex.predictedIndices(item, grid: timeline.canvas.grid).compactMap { $0 })
      }
    }
    return pictures
  }

  /// A seeded shuffle of the frames, so that every jump direction is tried.
  static func shuffled(_ count: Int64) -> [Int64] {
    var generator = SplitMix64(seed: 19)
    return Array(0..<count).shuffled(using: &generator)
  }

  @Test func filledPicturesDrawEveryFrameWithoutTheFile() throws {
    let (directory, timeline) = try Self.edit("filled")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let reference = try Self.draw(
      timeline, directory: directory, store: nil, order: Array(0..<timeline.frameCount))
    let store = SourcePictureStore(budget: 64 << 20)
    SourcePictureFiller(timeline: timeline, store: store).run { false }
    // Every picture the forward clips show, once (the clips share many).
    let main = timeline.tracks.first { $0.kind == .main }!.items
    #expect(main.count == 3)
    #expect(store.pictureCount == Self.forwardPictures(timeline).count)
    #expect(store.pictureCount == 60 + 15)
    #expect(store.bytesUsed == store.pictureCount * (64 * 48 * 3 / 2))
    #expect(!store.isFull)

    // Without the reversed clip's frames (decoded on request), the file is not read again.
    let reversed = main[2].startFrame..<main[2].endFrame
    try FileManager.default.moveItem(atPath: directory + "/media/index30.mp4", toPath: directory + "/moved.mp4")
    let order = Self.shuffled(timeline.frameCount).filter { !reversed.contains($0) }
    let kept = try Self.draw(timeline, directory: directory, store: store, order: order)
    for k in order { #expect(kept[k] == reference[k], "frame \(k)") }
    #expect(throws: NativeRenderError.self) {
      try Self.draw(timeline, directory: directory, store: store, order: [reversed.lowerBound])
    }

    // Decoding on request keeps what it decodes: the reversed clip's too.
    try FileManager.default.moveItem(atPath: directory + "/moved.mp4", toPath: directory + "/media/index30.mp4")
    let all = try Self.draw(timeline, directory: directory, store: store, order: Self.shuffled(timeline.frameCount))
    for k in 0..<timeline.frameCount { #expect(all[k] == reference[k], "frame \(k)") }
    #expect(store.pictureCount == 60 + 15 + 30)
  }

  @Test func requestsWhileTheFillerRunsGetTheSameFrames() throws {
    let (directory, timeline) = try Self.edit("concurrent")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let reference = try Self.draw(
      timeline, directory: directory, store: nil, order: Array(0..<timeline.frameCount))
    let store = SourcePictureStore(budget: 64 << 20)
    let filler = SourcePictureFiller(timeline: timeline, store: store)
    let done = DispatchSemaphore(value: 0)
    Thread {
      filler.run { false }
      done.signal()
    }.start()
    let order = Self.shuffled(timeline.frameCount)
    let drawn = try Self.draw(timeline, directory: directory, store: store, order: order)
    done.wait()
    for k in order { #expect(drawn[k] == reference[k], "frame \(k)") }
  }

  @Test func theBudgetStopsKeeping() throws {
    let (directory, timeline) = try Self.edit("budget")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let picture = 64 * 48 * 3 / 2
    let store = SourcePictureStore(budget: 25 * picture + picture / 2)
    SourcePictureFiller(timeline: timeline, store: store).run { false }
    #expect(store.pictureCount == 25)
    #expect(store.bytesUsed == 25 * picture)
    #expect(store.isFull)
    // Past the budget, frames are decoded as without a store, and still right.
    let reference = try Self.draw(
      timeline, directory: directory, store: nil, order: Array(0..<timeline.frameCount))
    let order = Self.shuffled(timeline.frameCount)
    let drawn = try Self.draw(timeline, directory: directory, store: store, order: order)
    for k in order { #expect(drawn[k] == reference[k], "frame \(k)") }
    #expect(store.pictureCount == 25)

    // Dropping a file's pictures frees its bytes.
    store.retain(paths: [])
    #expect(store.pictureCount == 0)
    #expect(store.bytesUsed == 0)
    #expect(!store.isFull)
  }
}
