/// How a video's stored pictures are turned to be shown upright, from the display matrix of
/// its stream (phones store portrait video as landscape pictures with a 90° or 270° matrix):
/// mirrored left to right first when `mirrored`, then turned `rotation` degrees clockwise.
/// The eight combinations are the eight ways a matrix of quarter turns and flips can place a
/// picture (VEDLMedia's probe reads them, `VideoStreamInfo.rotation` and `.mirrored`).
public struct DisplayOrientation: Sendable, Hashable {
  /// Clockwise degrees: 0, 90, 180 or 270.
  public var rotation: Int
  /// The picture is mirrored left to right before it is turned.
  public var mirrored: Bool

  /// An orientation; `rotation` is taken modulo 360 to the nearest quarter turn below.
  public init(rotation: Int = 0, mirrored: Bool = false) {
    self.rotation = ((rotation / 90 % 4) + 4) % 4 * 90
    self.mirrored = mirrored
  }

  /// Pictures shown as stored.
  public static let upright = DisplayOrientation()

  /// Whether pictures are shown as stored.
  public var isUpright: Bool { rotation == 0 && !mirrored }

  /// Whether width and height trade places when the picture is shown (a quarter turn).
  public var swapsSides: Bool { rotation % 180 != 0 }

  /// `(width, height)` of a stored picture as shown.
  public func displaySize<T>(width: T, height: T) -> (width: T, height: T) {
    swapsSides ? (height, width) : (width, height)
  }

  /// Words for listings: `"rotated 90°"`, `"mirrored"`, `"mirrored, rotated 270°"`; empty
  /// when upright.
  public var description: String {
    var parts: [String] = []
    if mirrored { parts.append("mirrored") }
    if rotation != 0 { parts.append("rotated \(rotation)°") }
    return parts.joined(separator: ", ")
  }
}
