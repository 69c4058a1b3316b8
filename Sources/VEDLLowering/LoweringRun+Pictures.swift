import VEDLSema
import VEDLTime

/// The result of a picture pipeline: a labelled stream of the item's frames and, for an
/// overlay, where its top-left corner goes on the canvas.
struct PlacedPicture {
  var label: String
  var x: Int64
  var y: Int64
  /// The item's animations over its frames, laid out with the picture's sizes.
  var motion: ItemMotion? = nil
}

extension LoweringRun {
  /// Lowers a clip's picture: its `PicturePipeline` (the modifier order of docs/language.md
  /// §4.8) printed as filters, then fades. Returns exactly `count` frames numbered
  /// `0…count−1` on the canvas grid; `stem` names the labels.
  ///
  /// `from` > 0 (an item that starts before a window) returns only frames `from…count−1`,
  /// still numbered by their item-local times — every filter that varies over the item
  /// (fades, motion tables) reads the frame's time, so each frame is what it is in the
  /// whole item — except on the main track, where they are numbered from 0 at the end.
  mutating func lowerPicture(
    _ item: TimelineItem, count: Int64, target: PicturePipeline.Role, stem: String, from: Int64 = 0
  ) throws(LoweringError) -> PlacedPicture {
    let mods = ItemMotion.baseModifiers(item, grid: grid)
    var frames = try sourceFrames(item, count: count, key: stem, from: from)
    var stream = frames.stream
    let zooms = item.hasAnimatedZoom
    let pipeline = PicturePipeline(mods, source: frames.size, role: target, canvas: canvas, keepsZoom: zooms)
    // A still is repeated before an animated zoom, which then works frame by frame.
    var looped = !frames.isStill
    var steps = pipeline.steps[...]
    // A video clip on the main track stays in Y′CbCr when every stage below can work there
    // (PictureSpace); anything else — a file with an alpha channel too — is turned into RGBA
    // with the file's own matrix.
    let inYCbCr =
      target == .main && space != .rgba && frames.colour != nil && !frames.mayHaveAlpha
      && Self.keepsYCbCr(mods)
      // An animated zoom that goes below 1 somewhere has bars, which need RGBA.
      && !(zooms && (0..<count).contains { item.resolved(atFrame: item.startFrame + $0, grid: grid).zoom < .one })
    // A crop in the file's own samples, before the conversion, when the clip stays in
    // Y′CbCr and the rectangle lies on whole chroma samples: the same pixels, and the
    // conversion then works on the kept part only (a third of a 16:9 frame for 9:16).
    if inYCbCr, case .crop(let rect)? = steps.first, frames.colour?.cropsWholeChromaSamples(rect) == true {
      stream.append(cropFilter(rect.size, x: rect.x, y: rect.y))
      steps = steps.dropFirst()
    }
    if let colour = frames.colour {
      stream.append(contentsOf: inYCbCr ? space.fromSource(colour) : PictureSpace.toRGBA(colour))
    }
    let fill = target == .main ? background : 0
    for step in steps {
      switch step {
      case .crop(let rect):
        stream.append(cropFilter(rect.size, x: rect.x, y: rect.y))
      case .mirror(let axis):
        stream.append(Filter(axis == .vertical ? "vflip" : "hflip"))
      case .turn(let turns):
        stream.append(contentsOf: quarterTurnFilters(turns))
      case .fit(let content, let box, let mode, let plan, let background):
        stream = fit(
          stream, content: content, into: box, mode: mode, plan: plan, background: background,
          translucent: frames.mayHaveAlpha, stem: stem)
        // Translucent bars show the canvas background through them, as in the native
        // renderer; without this a main-track picture's alpha was dropped and the bars drawn
        // opaque.
        if mode == .contain, plan.scaled != box, case .color(let c)? = background, c & 0xFF != 0xFF {
          frames.mayHaveAlpha = true
        }
      case .zoom(let box, _) where zooms:
        if !looped {
          stream.append(contentsOf: loopFilters(count: count, from: from))
          looped = true
        }
        stream.append(
          contentsOf: animatedZoom(item, box: box, count: count, translucent: frames.mayHaveAlpha, fill: fill))
      case .zoom(let box, let plan):
        // A translucent picture is resized premultiplied (`resized`).
        stream.append(contentsOf: resized(plan.scaled, translucent: frames.mayHaveAlpha))
        if plan.scaled.width >= box.width {
          stream.append(cropFilter(box, x: plan.offset.x, y: plan.offset.y))
        } else {
          stream.append(padFilter(box, offset: plan.offset, color: fill))
        }
      case .key(let key):
        // Before fit and zoom: no bars yet, only the file's own alpha.
        stream = keyed(stream, key, translucent: frames.mayHaveAlpha, stem: stem)
        frames.mayHaveAlpha = true
      case .adjust(let brightness, let contrast, let saturation):
        stream = adjust(
          stream, brightness: brightness, contrast: contrast, saturation: saturation,
          keepingAlpha: frames.mayHaveAlpha || target == .overlay, inYCbCr: inYCbCr, stem: stem)
      case .lut(let written):
        // On straight colour, alpha kept (`lut3d` on `rgba` leaves it alone), truncating
        // to 8 bits as the native renderer does (`RGBAImage.applyingLUT`).
        let path = CubeLUT.path(written, baseDirectory: options.baseDirectory)
        stream.append(contentsOf: [
          Filter("format", ["pix_fmts": "rgba"]), Filter("lut3d", ["file": path, "interp": "trilinear"]),
        ])
      case .blur(let sigma):
        // On premultiplied colour, as the native renderer blurs (transparent pixels do not
        // bleed their colour into their neighbours).
        stream.append(contentsOf: [
          Filter("format", ["pix_fmts": "gbrap"]), Filter("premultiply", ["inplace": "1"]),
          Filter("gblur", ["sigma": OptionText.number(sigma)]), Filter("unpremultiply", ["inplace": "1"]),
          Filter("format", ["pix_fmts": "rgba"]),
        ])
      case .sharpen(let sixteenths):
        let kernel = PicturePipeline.sharpenKernel(sixteenths: sixteenths).map(String.init).joined(separator: " ")
        var convolution: [Filter.Option] = []
        for plane in 0..<3 {
          convolution.append(.init("\(plane)m", kernel))
          convolution.append(.init("\(plane)rdiv", "0.000244140625"))
        }
        stream.append(contentsOf: [
          Filter("format", ["pix_fmts": "gbrap"]), Filter("premultiply", ["inplace": "1"]),
          Filter("convolution", convolution), Filter("unpremultiply", ["inplace": "1"]),
          Filter("format", ["pix_fmts": "rgba"]),
        ])
      case .vignette(let degrees):
        let options: [Filter.Option] = [
          .init("angle", String(degrees.doubleValue * Double.pi / 180)), .init("dither", "0"),
        ]
        // `vignette` turns its ellipse by the link's sample aspect ratio, which a stretching
        // `scale` (`fit fill`) leaves off 1; the native renderer's pixels are square.
        stream = keepingAlpha(
          stream,
          [Filter("setsar", ["sar": "1"]), Filter("format", ["pix_fmts": "rgb24"]), Filter("vignette", options)],
          translucent: frames.mayHaveAlpha || target == .overlay, stem: stem + "_vignette")
      case .rotate(let degrees, let bounds):
        stream.append(contentsOf: premultipliedRotation(degrees, size: bounds, fill: fill))
      case .opacity(let opacity):
        // Fades come after the loop of a still.
        stream.append(Filter("colorchannelmixer", ["aa": OptionText.number(opacity)]))
        frames.mayHaveAlpha = true
      }
    }
    if target == .main && frames.mayHaveAlpha {
      stream = flatten(stream, frames: frames.isStill ? 0..<1 : from..<count, stem: stem)
    }
    // An RGBA main-track picture enters a Y′CbCr track here, before a still is repeated —
    // or after its fades when they fade to a colour, which FFmpeg 5.1's `fade` does in RGB.
    // A clip kept in Y′CbCr fades in planar RGB: its scaled pictures hold colours RGB cannot
    // show, which the native renderer clips before it fades; fading them first pulls some
    // back into view (PictureSpace).
    let motion: ItemMotion? =
      target == .overlay
      ? ItemMotion(
        item, frameCount: count, grid: grid,
        layout: ItemMotion.Layout(
          box: pipeline.box, picture: pipeline.bounds, canvas: canvas,
          unscaledBox: PicturePipeline.unscaledBox(mods, source: frames.size, canvas: canvas), turn: mods.rotation))
      : nil
    let fadesToColour = Self.fadesToColour(mods, background: background)
    let fadesInRGB = inYCbCr && (mods.fadeIn.isPositive || mods.fadeOut.isPositive)
    if target == .main && !inYCbCr && !fadesToColour { stream.append(contentsOf: space.fromRGBA()) }
    if fadesInRGB { stream.append(contentsOf: space.toRGB()) }
    if !looped { stream.append(contentsOf: loopFilters(count: count, from: from)) }
    // An animated turn, frame by frame (after a still's loop), before the fades.
    stream.append(contentsOf: turnFilters(motion))
    stream.append(contentsOf: fadeFilters(item, mods, count: count, target: target, hasAlpha: !fadesInRGB))
    if target == .overlay {
      stream.append(contentsOf: opacityFilters(motion))
      stream = wipe(
        stream, motion: motion, frame: motion?.transform?.turnedSize ?? pipeline.bounds, count: count, from: from,
        stem: stem)
      stream.append(contentsOf: resizeFilters(motion))
    }
    if target == .main && (fadesInRGB || !inYCbCr && fadesToColour) { stream.append(contentsOf: space.fromRGBA()) }
    // Scaling may leave a sample aspect ratio a hair off 1, which `concat` and `xfade` reject.
    // The format is pinned at the end of a main-track piece, so that the piece's filters
    // negotiate the same way whether the rest of the graph is around or not (RunnerPartition).
    if target == .main {
      if from > 0 { stream.append(Filter("setpts", ["expr": "PTS-STARTPTS"])) }
      stream.append(Filter("setsar", ["sar": "1"]))
      stream.append(Filter("format", ["pix_fmts": space.pieceFormat]))
    }

    let label = builder.close(stream, as: stem)
    let corner = motion?.origin.map { ($0.x, $0.y) } ?? pipeline.corner
    return PlacedPicture(label: label, x: corner.0, y: corner.1, motion: motion)
  }

  /// An animated zoom and pan: at each of the item's `count` frames (numbered from 0) the
  /// `box`-sized picture scaled to that frame's size and cropped back to the box at that
  /// frame's offset (zoomed in) or padded into it there with `fill` (zoomed out) —
  /// `PictureLayout.zoom` of the frame's modifiers — as per-frame tables in `scale`'s
  /// `w`/`h` (`eval=frame`) and `crop`'s `x`/`y`, which `crop` evaluates at every frame.
  /// When the zoom goes below 1 somewhere, `pad` (`eval=frame`; it has no time, so it
  /// centres each frame's picture by its own size) first puts the picture in a fixed frame
  /// at least twice the box, so that every frame's window lies inside it.
  func animatedZoom(_ item: TimelineItem, box: PixelSize, count: Int64, translucent: Bool, fill: UInt32) -> [Filter] {
    var plans: [PictureLayout.Fit] = []
    for j in 0..<max(1, count) {
      let mods = item.resolved(atFrame: item.startFrame + j, grid: grid)
      plans.append(PictureLayout.zoom(box, by: mods.zoom, pan: mods.pan))
    }
    func table(_ value: (PictureLayout.Fit) -> Int64) -> String {
      motionTable(ItemMotion.runs(plans.map(value)).map { ($0.start, String($0.value)) }, origin: 0)
    }
    let scale = Filter(
      "scale",
      [
        "w": table { $0.scaled.width }, "h": table { $0.scaled.height }, "eval": "frame",
        "flags": "bicubic+full_chroma_inp",
      ])
    var filters = [scale]
    func zoomedIn(_ plan: PictureLayout.Fit) -> Bool {
      plan.scaled.width >= box.width && plan.scaled.height >= box.height
    }
    // The crop window's corner: in the scaled picture, or around the centred one.
    var corner: (PictureLayout.Fit) -> (x: Int64, y: Int64) = { $0.offset }
    if plans.contains(where: { !zoomedIn($0) }) {
      let frame = PixelSize(
        width: max(2 * box.width, plans.map(\.scaled.width).max() ?? 0),
        height: max(2 * box.height, plans.map(\.scaled.height).max() ?? 0))
      filters.append(
        Filter(
          "pad",
          [
            "w": String(frame.width), "h": String(frame.height), "x": "(ow-iw)/2", "y": "(oh-ih)/2",
            "eval": "frame", "color": OptionText.color(fill),
          ]))
      corner = { plan in
        let centred = ((frame.width - plan.scaled.width) / 2, (frame.height - plan.scaled.height) / 2)
        return zoomedIn(plan)
          ? (centred.0 + plan.offset.x, centred.1 + plan.offset.y)
          : (centred.0 - plan.offset.x, centred.1 - plan.offset.y)
      }
    }
    // `crop` comes right after `scale` (or `pad`): a filter between them would keep the size
    // its link was configured with, and `crop` would clip its offsets to that stale size.
    filters.append(
      Filter(
        "crop",
        ["w": String(box.width), "h": String(box.height), "x": table { corner($0).x }, "y": table { corner($0).y }]))
    guard translucent else { return filters }
    return [Filter("format", ["pix_fmts": "gbrap"]), Filter("premultiply", ["inplace": "1"])] + filters + [
      Filter("unpremultiply", ["inplace": "1"]), Filter("format", ["pix_fmts": "rgba"]),
    ]
  }

  /// Whether a main-track video clip's modifiers can all be applied to its Y′CbCr pictures
  /// without changing what they mean: crops, mirrors, quarter turns, covering or
  /// stretching fits and zooming in (fades come after, in RGB). `adjust` is `eq` on
  /// Y′CbCr, whose results the native renderer clips into RGB; the looks work in RGB; bars
  /// (`contain`), zooming out, other rotations and opacity need RGBA.
  static func keepsYCbCr(_ mods: ItemModifiers) -> Bool {
    if mods.opacity != .one || mods.zoom < .one || mods.fit == .contain { return false }
    if mods.adjusts || mods.lut != nil || mods.blurRadius != nil || mods.sharpenAmount != nil
      || mods.vignetteAngle != nil
    {
      return false
    }
    return mods.rotation.isZero || PictureLayout.isQuarterTurn(mods.rotation)
  }

  /// Whether a main-track picture fades to a canvas background other than black, which
  /// FFmpeg 5.1's `fade` draws only in RGB.
  static func fadesToColour(_ mods: ItemModifiers, background: UInt32) -> Bool {
    (mods.fadeIn.isPositive || mods.fadeOut.isPositive) && background & 0xFFFF_FF00 != 0
  }

  /// `crop` to `size` at (`x`, `y`).
  func cropFilter(_ size: PixelSize, x: Int64, y: Int64) -> Filter {
    Filter("crop", ["w": String(size.width), "h": String(size.height), "x": String(x), "y": String(y)])
  }

  /// Filters for `turns` quarter turns clockwise.
  func quarterTurnFilters(_ turns: Int) -> [Filter] {
    switch turns {
    case 1: [Filter("transpose", ["dir": "clock"])]
    case 2: [Filter("hflip"), Filter("vflip")]
    case 3: [Filter("transpose", ["dir": "cclock"])]
    default: []
    }
  }

  /// `rotate` by `degrees` clockwise about the centre into a `size` frame, uncovered
  /// corners filled with `fill`.
  func rotateFilter(_ degrees: Rational, size: PixelSize, fill: UInt32) -> Filter {
    Filter(
      "rotate",
      [
        "angle": "\(OptionText.expression(degrees))*PI/180", "ow": String(size.width), "oh": String(size.height),
        "fillcolor": OptionText.color(fill),
      ])
  }

  /// `rotate` of a straight RGBA picture, interpolating premultiplied colours: `rotate`
  /// interpolates the bytes as they are, so a transparent pixel's colour (or the transparent
  /// fill's black) would bleed into every turned edge — dark fringes the native renderer,
  /// which turns premultiplied pictures, does not draw. `fill` is opaque or transparent. A
  /// picture that is `premultiplied` already (turned text's layer) is only made straight after.
  func premultipliedRotation(_ degrees: Rational, size: PixelSize, fill: UInt32, premultiplied: Bool = false)
    -> [Filter]
  {
    premultipliedRotation(
      angle: "\(OptionText.expression(degrees))*PI/180", size: size, fill: fill, premultiplied: premultiplied)
  }

  /// ``premultipliedRotation(_:size:fill:premultiplied:)`` by an `angle` expression in
  /// radians, which `rotate` evaluates at every frame.
  func premultipliedRotation(angle: String, size: PixelSize, fill: UInt32, premultiplied: Bool = false) -> [Filter] {
    // `unpremultiply` takes planar `gbrap`; an unpremultiplied picture is turned in it already.
    let toPlanar = Filter("format", ["pix_fmts": "gbrap"])
    let rotate = Filter(
      "rotate",
      [
        "angle": angle, "ow": String(size.width), "oh": String(size.height), "fillcolor": OptionText.color(fill),
      ])
    return (premultiplied ? [] : [toPlanar, Filter("premultiply", ["inplace": "1"])])
      + [rotate] + (premultiplied ? [toPlanar] : [])
      + [Filter("unpremultiply", ["inplace": "1"]), Filter("format", ["pix_fmts": "rgba"])]
  }

  /// An animated turn (``ItemMotion/Transform``) of a straight RGBA picture numbered from
  /// 0: `rotate` with the angle as a per-frame table, into the transform's fixed frame.
  func turnFilters(_ motion: ItemMotion?, premultiplied: Bool = false) -> [Filter] {
    guard let transform = motion?.transform, let angles = transform.angles else { return [] }
    let table = motionTable(
      ItemMotion.runs(angles).map { ($0.start, OptionText.expression($0.value)) }, origin: 0)
    return premultipliedRotation(
      angle: "(\(table))*PI/180", size: transform.turnedSize, fill: 0, premultiplied: premultiplied)
  }

  /// An animated scale (``ItemMotion/Transform``): at every frame the picture resized,
  /// premultiplied, to that frame's size (`scale` with per-frame tables, `eval=frame`), then
  /// padded back to the transform's frame at its top-left corner (`pad`, `eval=frame`), so
  /// that the filters after it see frames of the size their links were configured with.
  func resizeFilters(_ motion: ItemMotion?) -> [Filter] {
    guard let transform = motion?.transform, let sizes = transform.sizes else { return [] }
    func table(_ value: (PixelSize) -> Int64) -> String {
      motionTable(ItemMotion.runs(sizes.map(value)).map { ($0.start, String($0.value)) }, origin: 0)
    }
    let frame = transform.turnedSize
    return [
      Filter("format", ["pix_fmts": "gbrap"]), Filter("premultiply", ["inplace": "1"]),
      Filter(
        "scale", ["w": table(\.width), "h": table(\.height), "eval": "frame", "flags": "bicubic+full_chroma_inp"]),
      Filter(
        "pad",
        [
          "w": String(frame.width), "h": String(frame.height), "x": "0", "y": "0", "eval": "frame",
          "color": OptionText.color(0),
        ]),
      Filter("unpremultiply", ["inplace": "1"]), Filter("format", ["pix_fmts": "rgba"]),
    ]
  }

  /// A wipe (``ItemMotion/windows``) of a `frame`-sized RGBA picture of `count` frames
  /// numbered from 0: its alpha multiplied (`blend` multiply, exact for 0 and 255) by a
  /// mask white in each frame's window — a black frame, a white one overlaid so that it
  /// ends at the window's far corner, and black ones so that they end at its near edges,
  /// the corners per-frame tables — as `alphamerge` puts it back.
  /// `from`: the picture holds frames `from…count−1` only (``lowerPicture``), and so do
  /// the masks.
  mutating func wipe(
    _ stream: PendingStream, motion: ItemMotion?, frame: PixelSize, count: Int64, from: Int64 = 0, stem: String
  ) -> PendingStream {
    guard let windows = motion?.windows else { return stream }
    func layer(_ color: UInt32) -> String {
      var s = PendingStream(label: nil)
      s.append(contentsOf: colorSource(color, size: frame, frames: 1))
      s.append(Filter("format", ["pix_fmts": "rgba"]))
      s.append(contentsOf: loopFilters(count: count, from: from))
      return builder.close(s, as: "\(stem)_mask")
    }
    func table(_ value: (ItemMotion.Window) -> Int64) -> String {
      motionTable(ItemMotion.runs(windows.map(value)).map { ($0.start, String($0.value)) }, origin: 0)
    }
    var mask = layer(0x0000_00FF)
    func cover(_ color: UInt32, x: String, y: String) {
      let out = builder.label("\(stem)_mask")
      builder.add([mask, layer(color)], [Filter("overlay", ["x": x, "y": y, "format": "rgb"])], [out])
      mask = out
    }
    cover(0xFFFF_FFFF, x: table { $0.x1 - frame.width }, y: table { $0.y1 - frame.height })
    if windows.contains(where: { $0.x0 > 0 }) { cover(0x0000_00FF, x: table { $0.x0 - frame.width }, y: "0") }
    if windows.contains(where: { $0.y0 > 0 }) { cover(0x0000_00FF, x: "0", y: table { $0.y0 - frame.height }) }
    let coverage = builder.label("\(stem)_window")
    builder.add([mask], [Filter("extractplanes", ["planes": "r"])], [coverage])
    let picture = builder.close(stream, as: "\(stem)_picture")
    let (keep, alpha) = (builder.label("\(stem)_keep"), builder.label("\(stem)_alpha"))
    builder.add([picture], [Filter("split")], [keep, alpha])
    let extracted = builder.label("\(stem)_alpha")
    builder.add([alpha], [Filter("alphaextract")], [extracted])
    let shown = builder.label("\(stem)_shown")
    builder.add([extracted, coverage], [Filter("blend", ["all_mode": "multiply"])], [shown])
    let out = builder.label("\(stem)_wiped")
    builder.add([keep, shown], [Filter("alphamerge")], [out])
    return PendingStream(label: out)
  }

  /// `pad` to `box` with the picture at `offset`.
  func padFilter(_ box: PixelSize, offset: (x: Int64, y: Int64), color: UInt32) -> Filter {
    Filter(
      "pad",
      [
        "w": String(box.width), "h": String(box.height), "x": String(offset.x), "y": String(offset.y),
        "color": OptionText.color(color),
      ])
  }

  /// Scales `content` into `box` by `mode`: `cover` scales and crops the overflow, `contain`
  /// scales and fills the bars with a colour (the canvas background by default) or a
  /// blurred covering copy, `fill` stretches.
  mutating func fit(
    _ stream: PendingStream, content: PixelSize, into box: PixelSize, mode: ItemModifiers.FitMode,
    plan: PictureLayout.Fit, background: ItemModifiers.FitBackground?, translucent: Bool, stem: String
  ) -> PendingStream {
    var stream = stream
    func scale(_ s: PixelSize) -> [Filter] { resized(s, translucent: translucent) }
    switch mode {
    case .fill, .cover:
      if plan.scaled != content { stream.append(contentsOf: scale(plan.scaled)) }
      if plan.scaled != box { stream.append(cropFilter(box, x: plan.offset.x, y: plan.offset.y)) }
      return stream
    case .contain:
      if plan.scaled == box {
        if plan.scaled != content { stream.append(contentsOf: scale(plan.scaled)) }
        return stream
      }
      if background == .blur {
        // The bars show the same picture covering the box, blurred.
        stream.append(Filter("split", ["outputs": "2"]))
        let source = builder.label("\(stem)_src")
        let backdrop = builder.label("\(stem)_bg")
        builder.add(stream.label.map { [$0] } ?? [], stream.filters, [source, backdrop])
        let cover = PictureLayout.fit(content, into: box, mode: .cover)
        let sigma = max(Int64(2), max(box.width, box.height) / 40)
        let blurred = builder.label("\(stem)_blur")
        builder.add(
          [backdrop],
          scale(cover.scaled) + [
            Filter(
              "crop",
              [
                "w": String(box.width), "h": String(box.height), "x": String(cover.offset.x),
                "y": String(cover.offset.y),
              ]),
            Filter("gblur", ["sigma": String(sigma)]),
          ], [blurred])
        let front = builder.label("\(stem)_fit")
        builder.add([source], scale(plan.scaled), [front])
        var merged = PendingStream(label: nil)
        let out = builder.label("\(stem)_contain")
        builder.add(
          [blurred, front],
          [Filter("overlay", ["x": String(plan.offset.x), "y": String(plan.offset.y), "format": "auto"])], [out])
        merged.label = out
        return merged
      }
      var color = self.background
      if case .color(let c)? = background { color = c }
      stream.append(contentsOf: scale(plan.scaled))
      stream.append(padFilter(box, offset: plan.offset, color: color))
      return stream
    }
  }

  /// `Filter.resize` to `size`, of premultiplied colour when the picture may be translucent:
  /// `scale` interpolates the bytes as they are, so the colour of a transparent or translucent
  /// pixel (a PNG's transparent background, translucent bars) would weigh on its neighbours by
  /// its share of the filter instead of its alpha; the native renderer resamples premultiplied
  /// pictures. Premultiplying an opaque picture changes nothing, so it is resized directly.
  func resized(_ size: PixelSize, translucent: Bool) -> [Filter] {
    let scale = Filter.resize(width: size.width, height: size.height)
    guard translucent else { return [scale] }
    // `premultiply` and `unpremultiply` take planar `gbrap`.
    return [
      Filter("format", ["pix_fmts": "gbrap"]), Filter("premultiply", ["inplace": "1"]), scale,
      Filter("unpremultiply", ["inplace": "1"]), Filter("format", ["pix_fmts": "rgba"]),
    ]
  }

  /// `adjust` as FFmpeg's `eq` (docs/graph.md gives the formulas). `eq` works on YUV
  /// without alpha, so a picture that may be transparent has its alpha plane split off and
  /// merged back. An RGBA picture is pinned to `rgba` first: otherwise a `scale` before it
  /// negotiates `yuva444p` and resamples in Y′CbCr, where the native renderer scales RGBA.
  mutating func adjust(
    _ stream: PendingStream, brightness: Rational, contrast: Rational, saturation: Rational, keepingAlpha: Bool,
    inYCbCr: Bool = false, stem: String
  ) -> PendingStream {
    var options: [Filter.Option] = []
    if !brightness.isZero { options.append(.init("brightness", OptionText.number(brightness))) }
    if contrast != .one { options.append(.init("contrast", OptionText.number(contrast))) }
    if saturation != .one { options.append(.init("saturation", OptionText.number(saturation))) }
    let eq = Filter("eq", options)
    if inYCbCr {
      var s = stream
      s.append(eq)
      return s
    }
    let rgba = Filter("format", ["pix_fmts": "rgba"])
    guard keepingAlpha else {
      var s = stream
      s.append(rgba)
      s.append(eq)
      s.append(Filter("format", ["pix_fmts": "rgba"]))
      return s
    }
    var s = stream
    s.append(rgba)
    s.append(Filter("split", ["outputs": "2"]))
    let colour = builder.label("\(stem)_rgb")
    let alpha = builder.label("\(stem)_alpha")
    builder.add(s.label.map { [$0] } ?? [], s.filters, [colour, alpha])
    let adjusted = builder.label("\(stem)_eq")
    builder.add([colour], [eq, rgba], [adjusted])
    let mask = builder.label("\(stem)_mask")
    builder.add([alpha], [Filter("alphaextract")], [mask])
    let out = builder.label("\(stem)_adjusted")
    builder.add([adjusted, mask], [Filter("alphamerge")], [out])
    return PendingStream(label: out)
  }

  /// A colour key: `chromakey` on the picture turned into `yuva444p` (libswscale's BT.601
  /// limited range, as for `eq`) or `colorkey` on `rgba`, each of which replaces the alpha
  /// channel. On a picture that may be translucent the key's alpha is multiplied by the
  /// picture's own (`blend=all_mode=multiply` of the two alpha planes, `⌊a·b/255⌋`), so
  /// what was transparent stays so.
  mutating func keyed(_ stream: PendingStream, _ key: ItemModifiers.Key, translucent: Bool, stem: String)
    -> PendingStream
  {
    let options: [Filter.Option] = [
      .init("color", OptionText.color(key.color | 0xFF)),
      .init("similarity", OptionText.number(key.similarity)), .init("blend", OptionText.number(key.blend)),
    ]
    let rgba = Filter("format", ["pix_fmts": "rgba"])
    let filters: [Filter] =
      switch key.kind {
      case .chroma: [Filter("format", ["pix_fmts": "yuva444p"]), Filter("chromakey", options), rgba]
      case .color: [rgba, Filter("colorkey", options)]
      }
    var s = stream
    guard translucent else {
      s.append(contentsOf: filters)
      return s
    }
    s.append(rgba)
    s.append(Filter("split", ["outputs": "2"]))
    let picture = builder.label("\(stem)_unkeyed")
    let alpha = builder.label("\(stem)_ownalpha")
    builder.add(s.label.map { [$0] } ?? [], s.filters, [picture, alpha])
    let keyedColour = builder.label("\(stem)_keyed")
    let keyedAlpha = builder.label("\(stem)_keyedalpha")
    builder.add([picture], filters + [Filter("split", ["outputs": "2"])], [keyedColour, keyedAlpha])
    let keyMask = builder.label("\(stem)_keymask")
    builder.add([keyedAlpha], [Filter("alphaextract")], [keyMask])
    let ownMask = builder.label("\(stem)_ownmask")
    builder.add([alpha], [Filter("alphaextract")], [ownMask])
    let mask = builder.label("\(stem)_keyedmask")
    builder.add([keyMask, ownMask], [Filter("blend", ["all_mode": "multiply"])], [mask])
    let out = builder.label("\(stem)_keyedout")
    builder.add([keyedColour, mask], [Filter("alphamerge")], [out])
    return PendingStream(label: out)
  }

  /// `filters` (which drop the alpha channel) on the picture's colour; a `translucent`
  /// picture's alpha is split off around them and put back (`alphaextract`, `alphamerge`).
  mutating func keepingAlpha(_ stream: PendingStream, _ filters: [Filter], translucent: Bool, stem: String)
    -> PendingStream
  {
    let rgba = Filter("format", ["pix_fmts": "rgba"])
    var s = stream
    s.append(rgba)
    guard translucent else {
      s.append(contentsOf: filters + [rgba])
      return s
    }
    s.append(Filter("split", ["outputs": "2"]))
    let colour = builder.label("\(stem)_rgb")
    let alpha = builder.label("\(stem)_alpha")
    builder.add(s.label.map { [$0] } ?? [], s.filters, [colour, alpha])
    let changed = builder.label("\(stem)_colour")
    builder.add([colour], filters + [rgba], [changed])
    let mask = builder.label("\(stem)_mask")
    builder.add([alpha], [Filter("alphaextract")], [mask])
    let out = builder.label("\(stem)_merged")
    builder.add([changed, mask], [Filter("alphamerge")], [out])
    return PendingStream(label: out)
  }

  /// Composes a picture that may be transparent over the canvas background (main track);
  /// `frames` are the picture's (item-local: the backdrop's are stamped as they are).
  mutating func flatten(_ stream: PendingStream, frames: Range<Int64>, stem: String) -> PendingStream {
    let picture = builder.close(stream, as: "\(stem)_pic")
    let backdrop = builder.label("\(stem)_backdrop")
    builder.add(
      [], colorSource(background, size: canvas, frames: frames) + [Filter("format", ["pix_fmts": "rgba"])], [backdrop])
    let out = builder.label("\(stem)_flat")
    builder.add([backdrop, picture], [Filter("overlay", ["x": "0", "y": "0", "format": "auto"])], [out])
    return PendingStream(label: out)
  }

  /// `fade in:`/`out:` of a picture, evaluated at each frame's instant: to the canvas
  /// background on the main track, to transparency on overlays. Times are the item's own,
  /// counted from the instant of its first frame.
  /// `hasAlpha`: the picture is packed RGBA, whose alpha `fade` to black would scale too.
  func fadeFilters(
    _ item: TimelineItem, _ mods: ItemModifiers, count: Int64, target: PicturePipeline.Role, hasAlpha: Bool = true
  ) -> [Filter] {
    var filters: [Filter] = []
    let origin = grid.time(ofFrame: item.startFrame)
    func fade(_ type: String, start: Rational, duration: Rational) -> Filter {
      var options: [Filter.Option] = [
        .init("type", type), .init("start_time", OptionText.seconds(max(.zero, start))),
        .init("duration", OptionText.seconds(duration)),
      ]
      if target == .main {
        // A fade to a colour runs in RGB (a still fading to black may stay in Y′CbCr, docs/graph.md).
        options.append(.init("color", OptionText.color(background)))
      } else {
        options.append(.init("alpha", "1"))
      }
      return Filter("fade", options)
    }
    if mods.fadeIn.isPositive { filters.append(fade("in", start: item.start - origin, duration: mods.fadeIn)) }
    if mods.fadeOut.isPositive {
      filters.append(fade("out", start: item.end - mods.fadeOut - origin, duration: mods.fadeOut))
    }
    // FFmpeg 5.1's `fade` to black on packed RGBA scales the alpha byte with the colours:
    // a main-track picture of a still (built in RGBA) came out half transparent mid-fade,
    // and an overlay blended on it weighed itself against that alpha.
    if target == .main && hasAlpha && !filters.isEmpty && background & 0xFFFF_FF00 == 0 { filters += keepOpaque }
    return filters
  }
}
