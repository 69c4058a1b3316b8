import VEDLMedia

/// The Y′CbCr matrix the native backend converts its RGB pictures with before encoding, and
/// tags the stream with, so that players turn the file back into the same colours.
///
/// HD pictures — at least 720 lines, the rule the native backend's decoding side applies to
/// untagged sources too — use BT.709 (ITU-R BT.709-6), smaller ones BT.601 (SMPTE 170M).
/// Both are written with limited ("TV", 16–235) range, as H.264 and VP9 players expect, and
/// tagged, so players need not guess. The FFmpeg backend's `format=yuv420p` leaves the output untagged and
/// converts with swscale's default BT.601 whatever the size; docs/native.md compares them.
public enum NativeEncodingColorMatrix: String, Sendable, Hashable {
  /// ITU-R BT.601 / SMPTE 170M: standard definition.
  case bt601
  /// ITU-R BT.709: high definition.
  case bt709

  /// The matrix for an output of `width` × `height` pixels: BT.709 when it is at least 720
  /// lines tall (720p, 1080p, portrait and square canvases of that height), else BT.601.
  public static func forPicture(width: Int, height: Int) -> NativeEncodingColorMatrix {
    height >= 720 ? .bt709 : .bt601
  }

  /// The matrix as swscale names it, for the RGB → Y′CbCr conversion.
  var scalingMatrix: ScalingContext.Matrix {
    switch self {
    case .bt601: .itu601
    case .bt709: .itu709
    }
  }

  /// The matrix coefficients tag (`colorspace` / `matrix_coefficients`).
  var colorSpace: ColorTags.Space {
    switch self {
    case .bt601: .smpte170m
    case .bt709: .bt709
    }
  }

  /// The colour primaries tag: the standard's own primaries (sRGB shares BT.709's).
  var colorPrimaries: ColorTags.Primaries {
    switch self {
    case .bt601: .smpte170m
    case .bt709: .bt709
    }
  }

  /// The transfer characteristics tag.
  var colorTransfer: ColorTags.Transfer {
    switch self {
    case .bt601: .smpte170m
    case .bt709: .bt709
    }
  }
}
