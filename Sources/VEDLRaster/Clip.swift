/// The part of a `width` × `height` rectangle placed at (`x`, `y`) that lies inside a
/// picture, and where that part starts in the rectangle's own coordinates.
struct Clip {
  let x: Int
  let y: Int
  let width: Int
  let height: Int
  let sourceX: Int
  let sourceY: Int

  init(x: Int, y: Int, width: Int, height: Int, inside pictureWidth: Int, _ pictureHeight: Int) {
    let left = max(x, 0)
    let top = max(y, 0)
    let right = min(x.addingReportingOverflow(width).partialValue, pictureWidth)
    let bottom = min(y.addingReportingOverflow(height).partialValue, pictureHeight)
    self.x = left
    self.y = top
    self.width = max(0, right - left)
    self.height = max(0, bottom - top)
    self.sourceX = left - x
    self.sourceY = top - y
  }

  /// Whether nothing of the rectangle is inside the picture.
  var isEmpty: Bool { width == 0 || height == 0 }
}
