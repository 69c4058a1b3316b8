import VEDLLowering
import VEDLRaster
import VEDLTime

extension ItemMotion {
  /// The picture of item-local frame `j` with its animated turn and scale
  /// (``ItemMotion/Transform``) and its wipe (``ItemMotion/windows``): turned about its
  /// centre into the transform's frame, wiped, then resized to the frame's size — the
  /// lowering's `turnFilters`, `wipe` and `resizeFilters`. The picture as it is when none
  /// of them changes over time.
  func transformed(_ image: RGBAImage, atLocalFrame j: Int64) -> RGBAImage {
    guard transform != nil || windows != nil else { return image }
    var image = image
    if let angles = transform?.angles, !angles.isEmpty, let transform {
      let angle = angles[Int(min(max(j, 0), Int64(angles.count - 1)))]
      image = image.rotated(
        degrees: angle.doubleValue, outputWidth: Int(transform.turnedSize.width),
        outputHeight: Int(transform.turnedSize.height), fill: .transparent)
    }
    if let windows, !windows.isEmpty {
      image = image.windowed(windows[Int(min(max(j, 0), Int64(windows.count - 1)))])
    }
    if let sizes = transform?.sizes, !sizes.isEmpty {
      let size = sizes[Int(min(max(j, 0), Int64(sizes.count - 1)))]
      image = image.scaled(width: Int(size.width), height: Int(size.height))
    }
    return image
  }

  /// Where the picture of item-local frame `j` goes: `corner` (the picture's laid-out
  /// corner), or the transform's own first corner, moved by the frame's displacement.
  func corner(atLocalFrame j: Int64, laidOut corner: (x: Int, y: Int)) -> (x: Int, y: Int) {
    let shift = shift(atLocalFrame: j)
    let base = origin.map { (x: Int($0.x), y: Int($0.y)) } ?? corner
    return (base.x + Int(shift.x), base.y + Int(shift.y))
  }
}

extension RGBAImage {
  /// The picture with everything outside `window` transparent (a wipe's mask).
  func windowed(_ window: ItemMotion.Window) -> RGBAImage {
    let (x0, y0) = (max(0, Int(window.x0)), max(0, Int(window.y0)))
    let (x1, y1) = (min(width, Int(window.x1)), min(height, Int(window.y1)))
    if x0 == 0 && y0 == 0 && x1 == width && y1 == height { return self }
    var result = RGBAImage(width: width, height: height)
    guard x1 > x0 && y1 > y0 else { return result }
    result.composite(cropped(x: x0, y: y0, width: x1 - x0, height: y1 - y0), x: x0, y: y0)
    return result
  }
}
