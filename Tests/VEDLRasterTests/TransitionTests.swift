import Testing
import VEDLRaster

/// `transition` against `xfade` over a 4-frame overlap, every frame, every kind.
@Suite struct TransitionTests {
  static let kinds: [(String, TransitionKind)] = [
    ("fade", .fade), ("fadeblack", .fadeBlack), ("wipeleft", .wipe(.left)), ("wiperight", .wipe(.right)),
    ("wipeup", .wipe(.up)), ("wipedown", .wipe(.down)), ("slideleft", .slide(.left)), ("slideright", .slide(.right)),
    ("slideup", .slide(.up)), ("slidedown", .slide(.down)), ("fadewhite", .fadeWhite),
    ("smoothleft", .smooth(.left)), ("smoothright", .smooth(.right)), ("smoothup", .smooth(.up)),
    ("smoothdown", .smooth(.down)), ("circleopen", .circleOpen), ("circleclose", .circleClose), ("radial", .radial),
    ("zoomin", .zoomIn), ("pixelize", .pixelize), ("hblur", .horizontalBlur),
  ]

  @Test func matchesXfadeExactly() throws {
    // The outgoing track has offset + overlap frames (as the lowering cuts it), the incoming
    // one more; the transition starts at frame 2 and lasts 4.
    let n = Self.kinds.count
    var graph = "[0:v]format=rgba,split=\(n + 1)[a]" + (0..<n).map { "[a\($0)]" }.joined()
    graph += ";[1:v]format=rgba,split=\(n + 1)[b]" + (0..<n).map { "[b\($0)]" }.joined()
    for (i, (name, _)) in Self.kinds.enumerated() {
      graph += ";[a\(i)][b\(i)]xfade=transition=\(name):duration=4:offset=2[x\(i)]"
    }
    let results = try FFmpegReference.graph(
      lavfi: ["testsrc2=s=48x36:r=1:d=6", "testsrc=s=48x36:r=1:d=8"], graph,
      outputs: [
        .init(label: "a", width: 48, height: 36, frames: 6), .init(label: "b", width: 48, height: 36, frames: 8),
      ]
        + (0..<n).map { .init(label: "x\($0)", width: 48, height: 36, frames: 10) })
    let (a, b) = (results[0], results[1])
    for (i, (name, kind)) in Self.kinds.enumerated() {
      let frames = results[2 + i]
      #expect(frames[0] == a[0] && frames[1] == a[1] && frames[6] == b[4], "\(name) outside the overlap")
      for k in 0..<4 {
        let progress = RGBAImage.transitionProgress(frame: k, of: 4)
        let actual = RGBAImage.transition(kind, progress: progress, from: a[2 + k], to: b[k])
        var expected = frames[2 + k]
        if k == 0 && (name == "slideleft" || name == "slideup") {
          // FFmpeg 5.1 reads one column (row) past the picture here, at progress 1 exactly:
          // column (row) 0 of that frame is whatever lies beyond. Everything else must match.
          for y in 0..<36 {
            for x in 0..<48 where (name == "slideleft" ? x : y) == 0 {
              for c in 0..<4 { expected.pixels[(y * 48 + x) * 4 + c] = actual.pixels[(y * 48 + x) * 4 + c] }
            }
          }
          #expect(actual.pixel(x: 0, y: 0) == a[2].pixel(x: 0, y: 0))
        }
        // Colour exactly; alpha within one level, as `xfade` truncates a blend of two opaque
        // pixels (255·t + 255·(1 − t)) to 254 where `transition` keeps 255.
        let colour = zip(actual.pixels, expected.pixels).enumerated().filter { $0.offset % 4 != 3 }
        #expect(colour.allSatisfy { $0.element.0 == $0.element.1 }, "\(name) frame \(k)")
        #expect(Compare.maxDifference(actual, expected) <= 1, "\(name) frame \(k)")
      }
    }
  }

  /// `circleopen` at progress `p < ½`: every pixel within `(3·(½ − p))·hypot(w/2, h/2)` of
  /// the centre shows only `to`, every pixel past `(1 + 3·(½ − p))·…` (none on a 3:2
  /// picture at p = 0.4) blends; and `circleclose` is its mirror in time: at `1 − p` the
  /// pixels near the centre show only `from`.
  @Test func circleRadiusFollowsProgress() {
    let a = RGBAImage(width: 60, height: 40, fill: PremultipliedColor(red: 250, green: 0, blue: 0, alpha: 255))
    let b = RGBAImage(width: 60, height: 40, fill: PremultipliedColor(red: 0, green: 0, blue: 250, alpha: 255))
    let z = (30.0 * 30 + 20 * 20).squareRoot()
    for p in [0.1, 0.25, 0.4] {
      let open = RGBAImage.transition(.circleOpen, progress: p, from: a, to: b)
      let close = RGBAImage.transition(.circleClose, progress: 1 - p, from: a, to: b)
      let radius = 3 * (0.5 - p) * z
      for y in 0..<40 {
        for x in 0..<60 {
          let r = (Double((x - 30) * (x - 30) + (y - 20) * (y - 20))).squareRoot()
          if r < radius - 0.01 {
            #expect(open.pixel(x: x, y: y) == b.pixel(x: x, y: y), "open p \(p) at \(x),\(y)")
            #expect(close.pixel(x: x, y: y) == a.pixel(x: x, y: y), "close p \(1 - p) at \(x),\(y)")
          } else if r > radius + 0.5 {
            #expect(open.pixel(x: x, y: y) != b.pixel(x: x, y: y), "open p \(p) at \(x),\(y)")
          }
        }
      }
    }
    // At the start the picture is `from`, at the end `to`, for every new kind.
    // (`radial` is not: at 0 its sweep still leaves a sliver of `from`, as `xfade`'s does.)
    for kind: TransitionKind in [.circleOpen, .circleClose, .zoomIn, .pixelize, .horizontalBlur, .fadeWhite] {
      #expect(RGBAImage.transition(kind, progress: 1, from: a, to: b) == a, "\(kind) at 1")
      #expect(RGBAImage.transition(kind, progress: 0, from: a, to: b) == b, "\(kind) at 0")
    }
    // Halfway through a fade to white, green (0 in both pictures) is lifted by the white:
    // ½·255 (the outgoing side, all white from p = 0.8 down) + ½·255·smoothstep(0.2, 1, ½)
    // = 167.8; through black it stays 0.
    #expect(RGBAImage.transition(.fadeWhite, progress: 0.5, from: a, to: b).pixel(x: 5, y: 5).green == 167)
    #expect(RGBAImage.transition(.fadeBlack, progress: 0.5, from: a, to: b).pixel(x: 5, y: 5).green == 0)
  }

  @Test func progressFollowsXfade() {
    #expect(RGBAImage.transitionProgress(frame: 0, of: 4) == 1)
    #expect(RGBAImage.transitionProgress(frame: 3, of: 4) == 0.25)
    #expect(RGBAImage.transitionProgress(frame: 9, of: 4) == 0)
    #expect(RGBAImage.transitionProgress(frame: 1, of: 3) == Double(Float(1) - Float(1) / Float(3)))
  }

  @Test func endsAreThePictures() {
    let a = RGBAImage(width: 6, height: 4, fill: PremultipliedColor(red: 200, green: 10, blue: 0, alpha: 255))
    let b = RGBAImage(width: 6, height: 4, fill: PremultipliedColor(red: 0, green: 10, blue: 200, alpha: 255))
    for kind in [TransitionKind.fade, .slide(.left), .slide(.down)] {
      #expect(RGBAImage.transition(kind, progress: 1, from: a, to: b) == a)
      #expect(RGBAImage.transition(kind, progress: 0, from: a, to: b) == b)
    }
    // Four fifths into a fade to black (progress 0.8) the picture is nearly black.
    let black = RGBAImage.transition(.fadeBlack, progress: 0.8, from: a, to: b).pixel(x: 3, y: 2)
    #expect(black.red <= 10 && black.green <= 10 && black.blue <= 10 && black.alpha == 255)
    // A `to` picture of another size is fitted to `from`'s.
    let small = RGBAImage(width: 3, height: 2, fill: PremultipliedColor(red: 0, green: 10, blue: 200, alpha: 255))
    #expect(RGBAImage.transition(.fade, progress: 0, from: a, to: small) == b)
  }
}
