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

  /// The frames of `frames` whose pictures differ between `a` and `b` (a list, not the
  /// pictures, in a failure's message).
  static func differing(_ a: [Int64: RGBAImage], _ b: [Int64: RGBAImage], _ frames: [Int64]) -> [Int64] {
    frames.filter { a[$0] != b[$0] }
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
    #expect(Self.differing(kept, reference, order).isEmpty, "frames \(Self.differing(kept, reference, order))")
    #expect(throws: NativeRenderError.self) {
      try Self.draw(timeline, directory: directory, store: store, order: [reversed.lowerBound])
    }

    // Decoding on request keeps what it decodes: the reversed clip's too.
    try FileManager.default.moveItem(atPath: directory + "/moved.mp4", toPath: directory + "/media/index30.mp4")
    let all = try Self.draw(timeline, directory: directory, store: store, order: Self.shuffled(timeline.frameCount))
    let every = Array(0..<timeline.frameCount)
    #expect(Self.differing(all, reference, every).isEmpty, "frames \(Self.differing(all, reference, every))")
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
    #expect(Self.differing(drawn, reference, order).isEmpty, "frames \(Self.differing(drawn, reference, order))")
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
    #expect(Self.differing(drawn, reference, order).isEmpty, "frames \(Self.differing(drawn, reference, order))")
    #expect(store.pictureCount == 25)

    // Dropping a file's pictures frees its bytes.
    store.retain(paths: [])
    #expect(store.pictureCount == 0)
    #expect(store.bytesUsed == 0)
    #expect(!store.isFull)
  }

  /// A phone's portrait clip (stored landscape, turned by its metadata): pictures are kept
  /// turned, and turned once — drawn from the store they equal a renderer's without one.
  @Test func turnedPicturesAreKeptTurnedOnce() throws {
    let directory = try TestMediaFolder.make(prefix: "vedl-store-turned-")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try FrameIndex.makeIndex30(at: directory + "/media/plain.mp4")
    try FFmpegCLI.mustRun([
      "-v", "error", "-y", "-i", directory + "/media/plain.mp4", "-c", "copy", "-metadata:s:v:0", "rotate=90",
      directory + "/media/turned.mp4",
    ])
    let timeline = try NativeHarness.timeline(
      """
      canvas 48x64 fps: 30
      let phone = video("media/turned.mp4")
      track main {
        clip phone trim: 1s..2s
        crossfade 200ms
        clip phone trim: 3s..4s speed: 2x
      }
      """, directory: directory)
    let reference = try Self.draw(
      timeline, directory: directory, store: nil, order: Array(0..<timeline.frameCount))
    let store = SourcePictureStore(budget: 64 << 20)
    SourcePictureFiller(timeline: timeline, store: store).run { false }
    #expect(store.pictureCount == 30 + 15)
    try FileManager.default.removeItem(atPath: directory + "/media/turned.mp4")
    let order = Self.shuffled(timeline.frameCount)
    let kept = try Self.draw(timeline, directory: directory, store: store, order: order)
    #expect(Self.differing(kept, reference, order).isEmpty, "frames \(Self.differing(kept, reference, order))")
    // The pictures are portrait: the turn was applied.
    #expect(reference[0]?.width == 48 && reference[0]?.height == 64)
  }
}
