import VEDLSema

/// What a media file's pictures need before the edit sees them, read from its probed facts
/// and the same for both backends: the decoder that reads them, the tone mapping of a
/// high-dynamic-range picture to SDR BT.709, and the turn its display matrix asks for. The
/// FFmpeg backend puts ``filters`` at the head of the file's `[k:v]` chain (after the
/// clip's frame selection) and names ``decoder`` before `-i`; the native renderer runs the
/// same filters on each picture it shows (docs/media.md, "Pictures as shown").
public struct SourcePictureTreatment: Sendable, Hashable {
  /// The decoder to read the pictures with instead of FFmpeg's default for the codec:
  /// `libvpx-vp9` (`libvpx` for VP8) for a WebM stream whose alpha channel FFmpeg's own
  /// decoder ignores (`alpha_mode` 1); `nil` for the default.
  public var decoder: String?
  /// Filters that map a PQ or HLG picture (BT.2020, usually 10-bit) to SDR BT.709: to
  /// linear light (`npl=100`: 100 nits is SDR white), BT.709 primaries, Hable's curve with
  /// the hue kept (`desat=0`), the BT.709 transfer and matrix, limited range, `yuv444p`.
  /// Empty for an SDR picture.
  public var toneMapping: [Filter]
  /// Filters that turn the pictures as the stream's display matrix says (what the `ffmpeg`
  /// CLI's autorotation inserts, flips included); empty for an upright picture.
  public var orientation: [Filter]

  /// The treatment of a file with `facts` (none without facts).
  public init(_ facts: MediaFacts?) {
    decoder = facts.flatMap(Self.decoder)
    toneMapping = facts.map(Self.toneMapping) ?? []
    orientation = Self.orientationFilters(facts?.orientation ?? .upright)
  }

  /// Every filter, in the order they run: tone mapping, then the turn.
  public var filters: [Filter] { toneMapping + orientation }

  /// Whether the pictures are read and used as decoded.
  public var isNone: Bool { decoder == nil && toneMapping.isEmpty && orientation.isEmpty }

  /// The filters as one `-filter_complex` chain (no pads), for a graph of their own.
  public var filterText: String { filters.map(FilterGraphPrinter.filterText).joined(separator: ",") }

  /// Whether `facts` describe a picture in one of the high-dynamic-range transfers.
  public static func isHighDynamicRange(_ facts: MediaFacts?) -> Bool {
    facts?.colorTransfer == "smpte2084" || facts?.colorTransfer == "arib-std-b67"
  }

  private static func decoder(_ facts: MediaFacts) -> String? {
    guard facts.hasSideAlpha else { return nil }
    switch facts.videoCodec {
    case "vp9": return "libvpx-vp9"
    case "vp8": return "libvpx"
    default: return nil
    }
  }

  private static func toneMapping(_ facts: MediaFacts) -> [Filter] {
    guard isHighDynamicRange(facts) else { return [] }
    // The input's tags are given explicitly (zimg cannot convert from an unknown space); an
    // untagged matrix, primaries or range of an HDR file are BT.2020's and limited.
    let matrix = facts.colorSpace.flatMap { ["bt709", "bt2020c"].contains($0) ? $0 : nil } ?? "bt2020nc"
    let primaries = facts.colorPrimaries ?? "bt2020"
    return [
      Filter(
        "zscale",
        [
          "tin": facts.colorTransfer ?? "", "pin": primaries, "min": matrix,
          "rin": facts.colorRange == "pc" ? "pc" : "tv",
          "t": "linear", "npl": "100",
        ]),
      Filter("format", ["pix_fmts": "gbrpf32le"]),
      Filter("zscale", ["p": "bt709"]),
      Filter("tonemap", ["tonemap": "hable", "desat": "0"]),
      Filter("zscale", ["t": "bt709", "m": "bt709", "r": "tv"]),
      Filter("format", ["pix_fmts": "yuv444p"]),
    ]
  }

  /// `transpose`, `hflip` and `vflip` for the eight quarter turns and mirrors: a mirror then a
  /// clockwise turn of 90° is `transpose=clock_flip`, of 180° `vflip`, of 270° a plain
  /// transpose (`cclock_flip`).
  static func orientationFilters(_ orientation: DisplayOrientation) -> [Filter] {
    switch (orientation.rotation, orientation.mirrored) {
    case (90, false): [Filter("transpose", ["dir": "clock"])]
    case (90, true): [Filter("transpose", ["dir": "clock_flip"])]
    case (180, false): [Filter("hflip"), Filter("vflip")]
    case (180, true): [Filter("vflip")]
    case (270, false): [Filter("transpose", ["dir": "cclock"])]
    case (270, true): [Filter("transpose", ["dir": "cclock_flip"])]
    case (_, true): [Filter("hflip")]
    default: []
    }
  }
}
