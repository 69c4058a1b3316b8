import Foundation
import Testing
import VEDLLowering
import VEDLMedia
import VEDLRender
import VEDLSema
import VEDLTime

/// The in-process reader leaves undecoded the non-reference pictures the graph's selection
/// drops (docs/graph.md §13) — and the output is the very same: every edit below is rendered
/// with and without it and compared picture for picture, and each clip frame shows the source
/// frame §5 selects. The source has B-frames (a pyramid: some are references, some not), in
/// H.264 and in HEVC, and encodes each frame's index in its picture.
@Suite struct PictureSkippingTests {
  static let width = 64
  static let height = 48

  /// Twelve 16×16 blocks spelling the frame's index in binary (as the lowering's tests draw it).
  static let indexExpression = "255*mod(floor(N/pow(2,floor(X/16)+4*floor(Y/16))),2)"

  static func readIndex(_ frame: ArraySlice<UInt8>) -> Int {
    var value = 0
    for bit in 0..<12 {
      let offset = ((bit / 4) * 16 + 8) * width + (bit % 4) * 16 + 8
      if frame[frame.startIndex + offset] > 128 { value |= 1 << bit }
    }
    return value
  }

  /// The source in `codec` (`h264`: x264 with a B-pyramid; `hevc`: x265, whose pyramid
  /// has non-reference pictures too), written to `name` (`.mp4`, or `.mkv` whose times are
  /// whole milliseconds; its sound is PCM, as Matroska would shift every time by AAC's
  /// priming samples, and the frame indices are predicted for pictures from time 0).
  /// Frame 30's picture, at 1 s, spells 30.
  static func makeSource(in workspace: RenderWorkspace, codec: String, name: String) throws {
    let video: [String] =
      codec == "hevc"
      ? [
        "-c:v", "libx265", "-preset", "medium", "-crf", "12", "-x265-params",
        "keyint=48:bframes=3:b-adapt=0:b-pyramid=1:log-level=error",
      ]
      : [
        "-c:v", "libx264", "-preset", "medium", "-crf", "12", "-g", "48", "-bf", "3", "-x264-params",
        "b-adapt=0:b-pyramid=normal",
      ]
    try workspace.make(
      name,
      [
        "-f", "lavfi", "-i", "color=black:s=\(width)x\(height):r=30:d=6,format=gray,geq=lum='\(indexExpression)'",
        "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:d=6",
      ] + video + ["-pix_fmt", "yuv420p", "-c:a", name.hasSuffix(".mkv") ? "pcm_s16le" : "aac", "-shortest"])
  }

  /// Speed-ups, trims starting between keyframes, rate conversions and transitions.
  static let edits: [(fps: String, body: String)] = [
    ("30", "clip src trim: 1s..5s speed: 2x\nclip src trim: 1100ms..2100ms\nclip src trim: 2s..4s speed: 3x"),
    ("24", "clip src trim: 1s..3s\nclip src trim: 3s..5s speed: 1.5x"),
    ("29.97", "clip src trim: 1001ms..3003ms speed: 2x"),
    ("60", "clip src trim: 1s..2s\ncrossfade 200ms\nclip src trim: 3s..4s speed: 0.5x"),
    ("30", "clip src trim: 0s..2s\ncrossfade 500ms\nclip src trim: 2s..5s speed: 2x\nfade 10f\nclip src"),
    // Overlay clips (over a grey main track) read their input the same way.
    (
      "30",
      "clip color(#808080) duration: 4s\n}\ntrack overlay {\nclip src at: 10f trim: 2s..4s speed: 2x\n"
        + "clip src at: 70f trim: 1s..2s speed: 1.5x"
    ),
  ]

  /// Every edit from the H.264 source in MP4; two from HEVC, two from H.264 in Matroska.
  static let cases: [(codec: String, file: String, edit: Int)] =
    edits.indices.map { ("h264", "media/index.mp4", $0) } + [
      ("hevc", "media/index.mp4", 0), ("hevc", "media/index.mp4", 4), ("h264", "media/index.mkv", 1),
      ("h264", "media/index.mkv", 2),
    ]

  @Test(arguments: cases.indices)
  func theSameFramesWithFewerPicturesDecoded(_ number: Int) throws {
    let (codec, name, index) = Self.cases[number]
    let edit = Self.edits[index]
    let workspace = try RenderWorkspace()
    defer { workspace.remove() }
    try Self.makeSource(in: workspace, codec: codec, name: name)
    let (file, timeline) = try workspace.check(
      """
      canvas \(Self.width)x\(Self.height) fps: \(edit.fps)
      let src = video("\(name)")
      track main {
      \(edit.body)
      }
      export "out/edit.mp4" quality: high
      """)
    let target = try #require(RenderTarget.exports(of: timeline).first)
    let plan = try RenderPlan(timeline: timeline, target: target, settings: workspace.settings(for: file))
    #expect(plan.graph.inputs.allSatisfy { $0.pictureSampling != nil })

    let skipping = workspace.path("skipping.mp4")
    let skipped = try plan.runner(writingTo: skipping).run()
    var everyPicture = plan.runner(writingTo: workspace.path("every.mp4"))
    everyPicture.inputs = everyPicture.inputs.map {
      var input = $0
      input.pictureSampling = nil
      return input
    }
    let full = try everyPicture.run()

    // The reader that skips reads a few packets further ahead (the pictures after each one
    // decide it), but decodes fewer.
    #expect(skipped.picturePackets >= full.picturePackets)
    #expect(
      skipped.decodedPictures < full.decodedPictures,
      Comment(
        rawValue: "no picture was left undecoded: \(skipped.decodedPictures) of \(skipped.picturePackets) decoded, "
          + "\(full.decodedPictures) of \(full.picturePackets) without skipping"))
    #expect(skipped.videoFrames == timeline.frameCount)
    #expect(
      try workspace.decodedDigest(skipping, stream: "v")
        == workspace.decodedDigest(everyPicture.output.path, stream: "v"))
    #expect(
      try workspace.decodedDigest(skipping, stream: "a")
        == workspace.decodedDigest(everyPicture.output.path, stream: "a"))

    // Every clip frame outside a transition shows the frame §5 selects.
    let pictures = try workspace.grayPictures(skipping, width: Self.width, height: Self.height)
    #expect(Int64(pictures.count) == timeline.frameCount)
    var blended = Set<Int64>()
    for transition in timeline.transitions { blended.formUnion(transition.startFrame..<transition.endFrame) }
    // Frame j lies at j/30 s (an MP4 time scale of 15360), or at j/30 s rounded to the
    // millisecond in Matroska.
    let times = (Int64(0)..<180).map { j in
      name.hasSuffix(".mkv") ? Rational((200 * j + 3) / 6, 1000)! : Rational(j, 30)!
    }
    let source = try #require(PresentationTimes(times))
    var mismatches: [String] = []
    for item in timeline.tracks.flatMap(\.items) where item.source.map({ timeline.sources[$0].kind == .video }) == true
    {
      guard let timing = item.timing else { continue }
      for k in item.startFrame..<item.endFrame where !blended.contains(k) && k < pictures.count {
        guard let expected = timing.sourceFrameIndex(forTimelineFrame: k, grid: timeline.canvas.grid, sourcePTS: source)
        else { continue }
        let got = Self.readIndex(pictures[Int(k)])
        if got != Int(expected) { mismatches.append("frame \(k): \(got), expected \(expected)") }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(8))")
  }
}

extension RenderWorkspace {
  /// The decoded pictures of a file's video as 8-bit grey, one slice per picture.
  func grayPictures(_ file: String, width: Int, height: Int) throws -> [ArraySlice<UInt8>] {
    let raw = path("pictures.gray")
    try ffmpeg(["-y", "-v", "error", "-i", file, "-map", "0:v:0", "-f", "rawvideo", "-pix_fmt", "gray", raw])
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
    let size = width * height
    return stride(from: 0, to: bytes.count - size + 1, by: size).map { bytes[$0..<($0 + size)] }
  }
}
