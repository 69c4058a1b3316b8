import VEDLRaster

/// FFmpeg's `pad` filter on premultiplied pictures: a picture placed into a larger box filled
/// with a colour. Unlike compositing, the picture's pixels replace the fill (transparent
/// pixels stay transparent), as `pad` copies them.
enum PicturePadding {
  /// `picture` at (`x`, `y`) in a `width` × `height` box of `color`; the parts of the picture
  /// outside the box are cut off.
  static func pad(
    _ picture: RGBAImage, width: Int, height: Int, x: Int, y: Int, color: PremultipliedColor
  ) -> RGBAImage {
    var box = RGBAImage(width: width, height: height, fill: color)
    let left = max(0, x)
    let right = min(width, x + picture.width)
    let top = max(0, y)
    let bottom = min(height, y + picture.height)
    guard left < right, top < bottom else { return box }
    let count = (right - left) * 4
    picture.pixels.withUnsafeBufferPointer { source in
      box.pixels.withUnsafeMutableBufferPointer { target in
        for row in top..<bottom {
          let from = ((row - y) * picture.width + (left - x)) * 4
          let to = (row * width + left) * 4
          (target.baseAddress! + to).update(from: source.baseAddress! + from, count: count)
        }
      }
    }
    return box
  }
}
