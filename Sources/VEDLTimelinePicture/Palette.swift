/// The picture's colours, one per kind of thing, chosen to stay apart for colour-blind
/// readers (the Tableau 10 hues) and readable in greyscale by their labels alone.
enum Palette {
  static let paper = "#FFFFFF"
  static let ink = "#1F2328"
  static let muted = "#6E7781"
  static let laneGround = "#F3F4F6"
  static let laneEdge = "#D0D7DE"
  static let grid = "#E1E4E8"
  static let gutterInk = "#24292F"

  static let headerGround = "#24292F"
  static let headerPill = "#3D444D"
  static let headerGroup = "#57606A"
  static let headerInk = "#F6F8FA"

  static let mainClip = "#4C78A8"
  static let overlayClip = "#B279A2"
  static let text = "#F58518"
  static let shape = "#54A24B"
  static let audioClip = "#72B7B2"
  static let cue = "#EECA3B"
  static let gapEdge = "#8C959F"
  static let boxEdge = "#1F2328"
  static let boxInk = "#FFFFFF"
  static let cueInk = "#1F2328"
  static let keyMark = "#1F2328"

  static let hatchGround = "#FFFFFF"
  static let hatchLine = "#1F2328"
  static let end = "#CF222E"
  static let button = "#0969DA"
}
