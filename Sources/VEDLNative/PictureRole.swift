/// Where an item's picture goes, which decides its box and what shows around it — the
/// lowering's `PictureTarget`.
enum PictureRole {
  /// The main track: the picture fills the canvas and is composed over the background.
  case main
  /// An overlay: the picture has its own box, transparent around it.
  case overlay
}
