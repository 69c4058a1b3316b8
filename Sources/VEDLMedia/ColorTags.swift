import CFFmpeg

/// The colour description a frame or a stream is tagged with (`AVColorRange`,
/// `AVColorSpace`, `AVColorPrimaries`, `AVColorTransferCharacteristic`), as Swift values.
/// Each wraps libav's number, with constants for the values VEDL sets or tests.
public enum ColorTags {
  /// Whether Y′CbCr uses the whole code range.
  public struct Range: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    init(_ value: AVColorRange) { rawValue = Int(value.rawValue) }
    var avValue: AVColorRange { AVColorRange(rawValue: numericCast(rawValue)) }
    /// Limited ("TV", MPEG) range, 16–235.
    public static let limited = Range(AVCOL_RANGE_MPEG)
    /// Full ("PC", JPEG) range, 0–255.
    public static let full = Range(AVCOL_RANGE_JPEG)
  }

  /// The Y′CbCr matrix (`colorspace` / `matrix_coefficients`).
  public struct Space: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    init(_ value: AVColorSpace) { rawValue = Int(value.rawValue) }
    var avValue: AVColorSpace { AVColorSpace(rawValue: numericCast(rawValue)) }
    public static let bt709 = Space(AVCOL_SPC_BT709)
    public static let fcc = Space(AVCOL_SPC_FCC)
    public static let bt470bg = Space(AVCOL_SPC_BT470BG)
    public static let smpte170m = Space(AVCOL_SPC_SMPTE170M)
    public static let smpte240m = Space(AVCOL_SPC_SMPTE240M)
    public static let bt2020NonConstant = Space(AVCOL_SPC_BT2020_NCL)
    public static let bt2020Constant = Space(AVCOL_SPC_BT2020_CL)
  }

  /// The colour primaries.
  public struct Primaries: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    init(_ value: AVColorPrimaries) { rawValue = Int(value.rawValue) }
    var avValue: AVColorPrimaries { AVColorPrimaries(rawValue: numericCast(rawValue)) }
    public static let bt709 = Primaries(AVCOL_PRI_BT709)
    public static let smpte170m = Primaries(AVCOL_PRI_SMPTE170M)
  }

  /// The transfer characteristics.
  public struct Transfer: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    init(_ value: AVColorTransferCharacteristic) { rawValue = Int(value.rawValue) }
    var avValue: AVColorTransferCharacteristic { AVColorTransferCharacteristic(rawValue: numericCast(rawValue)) }
    public static let bt709 = Transfer(AVCOL_TRC_BT709)
    public static let smpte170m = Transfer(AVCOL_TRC_SMPTE170M)
  }
}
