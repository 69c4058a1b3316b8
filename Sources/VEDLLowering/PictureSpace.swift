import VEDLSema

/// The pixel format and colour space the composite picture is built in.
///
/// A video export's main track is built in Y′CbCr — `yuv444p` in the matrix the output is
/// tagged with (``EncodingSettings/colorMatrix(forHeight:)``): a clip from a Y′CbCr file is
/// cropped, scaled and joined without ever being turned into RGB, which takes about a third
/// of the CPU time off a render, most of it swscale's RGBA scaling (docs/graph.md, "Picture
/// space"). Everything that blends happens in planar RGB (`rgb`, `gbrp`), as the native
/// renderer blends: before the first overlay, text, caption or watermark the composite is
/// turned into RGB, and a clip's fades and the frames of a transition are made there too.
/// Scaled Y′CbCr holds colours RGB cannot show (a sharp edge's overshoot), which the
/// conversion clips, and a blend made before that clipping pulls them back into view
/// differently (30 levels and more at 12 % opacity). The finished picture is
/// converted to `yuv444p` and its chroma halved once, as the native renderer halves its
/// RGBA composite's. Composing at full chroma resolution keeps the backends together: 4:2:0
/// pictures put crops, pads and overlays on even pixels only, and an overlay subsampled on
/// its own averages the colour of its transparent pixels into its edges.
///
/// A still (`.png`) is built in RGBA: its output is RGB, and nothing is gained by a detour.
enum PictureSpace: Equatable {
  /// Straight RGBA throughout.
  case rgba
  /// `yuv444p`, limited range, in the matrix named (`bt709` or `bt601`, swscale's names).
  case yuv(matrix: String)
  /// Opaque planar RGB (`gbrp`): a video's composite from its first overlay on.
  case rgb

  /// The pixel format a main-track piece is pinned to.
  var pieceFormat: String {
    switch self {
    case .rgba: "rgba"
    case .yuv: "yuv444p"
    case .rgb: "gbrp"
    }
  }

  /// The filters that bring main-track frames into the format `xfade` runs in, and back. A Y′CbCr track is crossed in planar RGB, as the native renderer
  /// crosses RGBA: its scaled clips hold colours RGB cannot show, which a blend would pull
  /// back into view where the native renderer has clipped them (seed 4043), and FFmpeg 5.1's
  /// `fadeblack` would fade Y′CbCr luma to 0 instead of black's 16. Only the frames a
  /// transition shows are converted (``LoweringRun/joinMainPicture``).
  var transitionFormat: (into: [Filter], back: [Filter]) {
    switch self {
    case .rgba, .rgb:
      return ([Filter("format", ["pix_fmts": "gbrap"])], [Filter("format", ["pix_fmts": pieceFormat])])
    case .yuv:
      return (toRGB(), fromRGBA())
    }
  }

  /// Filters that turn a `yuv444p` picture of this space into planar RGB (`gbrp`), clipping
  /// the colours RGB cannot show as the native renderer's RGBA does; nothing for the others.
  func toRGB() -> [Filter] {
    guard case .yuv(let matrix) = self else { return [] }
    return [Filter("scale", ["in_color_matrix": matrix, "in_range": "tv"]), Filter("format", ["pix_fmts": "gbrp"])]
  }

  /// Filters that turn an opaque RGBA (or planar RGB) picture into this space: nothing for
  /// RGB; for Y′CbCr, swscale with the space's matrix, limited range. (Layers are blended on
  /// an RGB composite, so only opaque pictures are converted.)
  func fromRGBA() -> [Filter] {
    switch self {
    case .rgba, .rgb:
      return []
    case .yuv(let matrix):
      return [
        Filter("scale", ["out_color_matrix": matrix, "out_range": "tv"]), Filter("format", ["pix_fmts": "yuv444p"]),
      ]
    }
  }

  /// The `overlay` option `format` for blending onto a composite of this space.
  var overlayFormat: String {
    self == .rgb ? "gbrp" : "auto"
  }

  /// The filters that bring a Y′CbCr source picture into this space's working format for a
  /// main-track clip: `yuv444p`, its chroma upsampled by repeating samples (`flags=neighbor`,
  /// as swscale's Y′CbCr → RGB conversion does), in the space's matrix. The clip is cropped
  /// and scaled at full chroma resolution — as the RGBA path and the native renderer
  /// resample — and subsampled to `yuv420p` once, at the end of the composite. `colour`
  /// describes the source.
  func fromSource(_ colour: SourceColour) -> [Filter] {
    guard case .yuv(let matrix) = self else { return PictureSpace.toRGBA(colour) }
    var options: [Filter.Option] = [.init("flags", "neighbor")]
    if colour.matrix != matrix || colour.fullRange || !colour.isYCbCr {
      if colour.isYCbCr { options.append(.init("in_color_matrix", colour.matrix)) }
      options.append(.init("out_color_matrix", matrix))
      if colour.fullRange { options.append(.init("in_range", "pc")) }
      options.append(.init("out_range", "tv"))
    }
    return [Filter("scale", options), Filter("format", ["pix_fmts": "yuv444p"])]
  }

  /// The filters that turn a source picture into RGBA, with the source's own matrix and
  /// range (swscale would otherwise take BT.601 for every untagged file).
  static func toRGBA(_ colour: SourceColour) -> [Filter] {
    var filters: [Filter] = []
    if colour.isYCbCr {
      var options: [Filter.Option] = [.init("in_color_matrix", colour.matrix)]
      if colour.fullRange { options.append(.init("in_range", "pc")) }
      filters.append(Filter("scale", options))
    }
    filters.append(Filter("format", ["pix_fmts": "rgba"]))
    return filters
  }
}

/// What the lowering knows of a video file's colours, from its probed facts.
struct SourceColour: Equatable {
  /// swscale's name of the matrix: the tag, else BT.709 from 720 lines up, BT.601 below —
  /// the native backend's rule (docs/native.md, "Colour").
  var matrix: String
  var fullRange: Bool
  /// Whether the pixels are Y′CbCr (not RGB or grey).
  var isYCbCr: Bool
  /// How many pixels one chroma sample spans across and down, for the 8-bit planar (and
  /// NV12) Y′CbCr formats; `nil` when the format is unknown or another one.
  var chromaSpan: PixelSize?
  /// Whether the pictures carry an alpha channel (`yuva…` formats such as ProRes 4444's, a
  /// WebM's side alpha read by libvpx).
  var hasAlpha: Bool

  /// The colours of a file's pictures as they leave its ``SourcePictureTreatment``: a tone
  /// mapped HDR picture is BT.709 `yuv444p`, limited range; the others keep the file's.
  init(_ facts: MediaFacts?) {
    // The height rule looks at the picture as stored, as the native renderer's does.
    let height = facts?.codedHeight ?? 0
    let treatment = SourcePictureTreatment(facts)
    let known =
      !treatment.toneMapping.isEmpty ? "yuv444p" : facts?.hasSideAlpha == true ? "yuva420p" : facts?.pixelFormat
    let format = known ?? "yuv420p"
    if !treatment.toneMapping.isEmpty {
      matrix = "bt709"
      fullRange = false
    } else {
      matrix = Self.matrixName(facts?.colorSpace) ?? EncodingSettings.colorMatrix(forHeight: height)
      fullRange = facts?.colorRange == "pc" || format.hasPrefix("yuvj")
    }
    isYCbCr =
      !(format.hasPrefix("rgb") || format.hasPrefix("bgr") || format.hasPrefix("gbr") || format.hasPrefix("argb")
      || format.hasPrefix("abgr") || format.hasPrefix("gray") || format.hasPrefix("pal") || format.hasPrefix("ya"))
    hasAlpha = format.hasPrefix("yuva")
    // A turned picture's samples no longer line up with the file's (a transpose may also
    // convert the format): its crops are made after the conversion.
    guard treatment.orientation.isEmpty else {
      chromaSpan = nil
      return
    }
    switch known {
    case "yuv420p", "yuvj420p", "nv12", "nv21": chromaSpan = PixelSize(width: 2, height: 2)
    case "yuv422p", "yuvj422p": chromaSpan = PixelSize(width: 2, height: 1)
    case "yuv444p", "yuvj444p": chromaSpan = PixelSize(width: 1, height: 1)
    default: chromaSpan = nil
    }
  }

  /// Whether `rect` starts and ends on whole chroma samples, so that cropping the file's own
  /// samples to it keeps exactly the pixels that cropping after the conversion would (the
  /// conversion repeats each chroma sample with `flags=neighbor`, the same wherever the
  /// picture starts).
  func cropsWholeChromaSamples(_ rect: PictureLayout.Rect) -> Bool {
    guard let span = chromaSpan else { return false }
    return rect.x % span.width == 0 && rect.y % span.height == 0 && rect.size.width % span.width == 0
      && rect.size.height % span.height == 0
  }

  /// swscale's `in_color_matrix` name of FFmpeg's colour-space name; `nil` for tags it has no
  /// matrix for (the height rule applies).
  static func matrixName(_ colorSpace: String?) -> String? {
    switch colorSpace {
    case "bt709": "bt709"
    case "bt470bg", "smpte170m": "bt601"
    case "fcc": "fcc"
    case "smpte240m": "smpte240m"
    case "bt2020nc", "bt2020c": "bt2020"
    default: nil
    }
  }
}
