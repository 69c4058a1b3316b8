import VEDLLowering
import VEDLRaster
import VEDLSema
import VEDLTime

/// A `shape` item drawn as the lowering's `lowerShape` draws it: the shape's box filled and
/// stroked once (`ShapeMask`, the lowering's own reading of the item), turned, made
/// translucent, then faded and overlaid per frame at its placed corner.
final class ShapeItemRenderer {
  private let item: TimelineItem
  private let picture: RGBAImage
  private let x: Int
  private let y: Int
  private let fades: [PictureFade]
  private let motion: ItemMotion?

  /// Draws shape `item` once.
  init(item: TimelineItem, timeline: Timeline) {
    self.item = item
    let grid = timeline.canvas.grid
    let mods = ItemMotion.baseModifiers(item, grid: grid)
    let mask = ShapeMask(item: item, modifiers: mods)
    var picture = ShapeDrawing.picture(of: mask)
    let bounds = PictureLayout.rotatedBounds(mask.size, degrees: mods.rotation)
    let canvas = PixelSize(width: timeline.canvas.width, height: timeline.canvas.height)
    motion = ItemMotion(
      item, frameCount: item.endFrame - item.startFrame, grid: grid,
      layout: ItemMotion.Layout(
        box: mask.size, picture: bounds, canvas: canvas, unscaledBox: ShapeMask.unscaledBox(mods),
        turn: mods.rotation))
    if !mods.rotation.isZero {
      if PictureLayout.isQuarterTurn(mods.rotation) {
        let turns = PictureLayout.quarterTurns(mods.rotation)
        if turns != 0 { picture = picture.rotatedQuarterTurns(turns) }
      } else {
        picture = picture.rotated(
          degrees: mods.rotation.doubleValue, outputWidth: Int(bounds.width), outputHeight: Int(bounds.height),
          fill: .transparent)
      }
    }
    if mods.opacity != .one { picture = picture.multipliedAlpha(by: mods.opacity.doubleValue) }
    self.picture = picture
    let corner = PictureLayout.turnedCorner(
      box: mask.size, bounds: bounds, on: canvas, position: mods.position, offset: mods.offset)
    x = Int(corner.x)
    y = Int(corner.y)
    fades = PictureFade.fades(of: item, modifiers: mods, grid: timeline.canvas.grid)
  }

  /// Draws the shape at timeline frame `k` onto `composite`.
  func draw(onto composite: inout RGBAImage, atTimelineFrame k: Int64) {
    let j = k - item.startFrame
    let opacity = motion?.opacity(atLocalFrame: j)?.doubleValue ?? 1
    let visible = PictureFade.visibility(fades, atFrame: j) * opacity
    guard visible > 0 else { return }
    guard let motion else {
      composite.composite(picture, x: x, y: y, opacity: visible)
      return
    }
    let corner = motion.corner(atLocalFrame: j, laidOut: (x, y))
    composite.composite(motion.transformed(picture, atLocalFrame: j), x: corner.x, y: corner.y, opacity: visible)
  }
}
