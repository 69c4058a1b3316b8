import VEDLDiagnostics
import VEDLTime

/// The documented JSON form of a resolved timeline (`vedl ir`, the preview's `/ir.json`, the
/// language server's `vedl/timeline`; docs/ir.md), as `Codable` values: written by
/// ``JSONOutput`` (keys sorted) and read back by `JSONDecoder`. Exact times are strings
/// (`"3/2"`), with seconds as numbers and frames as integers beside them. A member that is
/// `nil` is left out of the text.
public struct TimelineDocument: Codable, Sendable, Hashable {
  /// The format's version, 1.
  public var version: Int
  public var canvas: Canvas
  public var duration: GridTime
  public var frameCount: Int64
  public var sources: [Source]
  public var tracks: [Track]
  public var transitions: [Transition]
  public var captions: Captions
  public var exports: [Export]
  /// Parameter values in force, by name.
  public var parameters: [String: TypedValue]

  /// An instant on the canvas's frame grid: exact, in seconds, and the frame that shows it
  /// (rounded down) — `{"exact": "7/5", "seconds": 1.4, "frame": 42}`.
  public struct GridTime: Codable, Sendable, Hashable {
    public var exact: String
    public var seconds: Double
    public var frame: Int64

    /// The form of `time` on `grid`.
    public init(_ time: Rational, on grid: FrameGrid) {
      exact = time.description
      seconds = time.doubleValue
      frame = grid.frameFloor(at: time)
    }
  }

  /// The output frame.
  public struct Canvas: Codable, Sendable, Hashable {
    public var width: Int64
    public var height: Int64
    public var fps: ExactNumber
    /// `#RRGGBBAA`.
    public var background: String
  }

  /// The document of `timeline`.
  public init(_ timeline: Timeline) {
    let grid = timeline.canvas.grid
    version = 1
    canvas = Canvas(
      width: timeline.canvas.width, height: timeline.canvas.height,
      fps: ExactNumber(timeline.canvas.rate.framesPerSecond), background: ColorNames.hex(timeline.canvas.background))
    duration = GridTime(timeline.duration, on: grid)
    frameCount = timeline.frameCount
    sources = timeline.sources.enumerated().map { Source($1, index: $0) }
    tracks = timeline.tracks.map { Track($0, in: timeline) }
    transitions = timeline.transitions.map { Transition($0, on: grid) }
    captions = Captions(timeline.captions, on: grid)
    exports = timeline.exports.map { Export($0, on: grid) }
    parameters = timeline.parameters.mapValues(TypedValue.init)
  }
}

extension Timeline {
  /// The timeline's JSON document (docs/ir.md).
  public var document: TimelineDocument { TimelineDocument(self) }

  /// ``document`` as text: keys sorted, two-space indentation (stable for golden tests and
  /// render fingerprints), no trailing newline.
  public var jsonText: String { JSONOutput(.document).text(of: document) }
}
