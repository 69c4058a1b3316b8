import VEDLTime

extension TimelineDocument {
  /// A transition between two main-track items, named by their indices (`start` is where
  /// the next clip begins, `end` where the previous one ends).
  public struct Transition: Codable, Sendable, Hashable {
    public var kind: String
    public var fromItem: Int
    public var toItem: Int
    public var start: GridTime
    public var end: GridTime
    public var startFrame: Int64
    public var endFrame: Int64
    public var direction: String?
    /// Left out for `linear`.
    public var easing: String?

    init(_ transition: VEDLSema.Transition, on grid: FrameGrid) {
      kind = transition.kind.rawValue
      fromItem = transition.fromItem
      toItem = transition.toItem
      start = GridTime(transition.start, on: grid)
      end = GridTime(transition.end, on: grid)
      startFrame = transition.startFrame
      endFrame = transition.endFrame
      direction = transition.direction?.rawValue
      easing = transition.easing?.scriptText
    }
  }

  /// The caption lane.
  public struct Captions: Codable, Sendable, Hashable {
    public var burnIn: Bool
    public var style: Style
    public var cues: [Cue]

    /// Every style value in force, the defaults included; `box` and `outline` only when
    /// given.
    public struct Style: Codable, Sendable, Hashable {
      public var font: String
      public var size: Double
      public var color: String
      public var position: String
      public var margin: Double
      public var box: String?
      public var outline: String?
    }

    /// One cue; `file` (as written) and `path` (absolute) for a cue from a caption file.
    public struct Cue: Codable, Sendable, Hashable {
      public var start: GridTime
      public var end: GridTime
      public var startFrame: Int64
      public var endFrame: Int64
      public var text: String
      public var file: String?
      public var path: String?
    }

    init(_ captions: VEDLSema.Captions, on grid: FrameGrid) {
      burnIn = captions.burnIn
      let s = captions.style
      style = Style(
        font: s.font, size: s.size.doubleValue, color: ColorNames.hex(s.color), position: s.position.rawValue,
        margin: s.margin.doubleValue, box: s.box.map(ColorNames.hex), outline: s.outline.map(ColorNames.hex))
      cues = captions.cues.map { c in
        Cue(
          start: GridTime(c.start, on: grid), end: GridTime(c.end, on: grid), startFrame: c.startFrame,
          endFrame: c.endFrame, text: c.text, file: c.file, path: c.path)
      }
    }
  }

  /// One export, with its paths absolute (`path`) and as written (`written`).
  public struct Export: Codable, Sendable, Hashable {
    public var path: String
    public var written: String
    public var format: String
    public var quality: String
    public var watermark: Watermark?
    /// A still: the instant it shows.
    public var still: GridTime?
    public var loudness: Loudness?
    public var sidecars: [Sidecar]
    public var thumbnails: [Thumbnail]

    /// `watermark SOURCE position: margin:`, `margin` in output pixels.
    public struct Watermark: Codable, Sendable, Hashable {
      public var source: Int
      public var position: String
      public var margin: Double
    }

    /// `loudness:`: LUFS and dBTP, exact, and the preset's name when one was named.
    public struct Loudness: Codable, Sendable, Hashable {
      public var integrated: ExactDecibels
      public var truePeak: ExactDecibels
      public var preset: String?
    }

    public struct Sidecar: Codable, Sendable, Hashable {
      public var path: String
      public var written: String
    }

    public struct Thumbnail: Codable, Sendable, Hashable {
      public var path: String
      public var written: String
      public var at: GridTime
    }

    init(_ export: VEDLSema.Export, on grid: FrameGrid) {
      path = export.path
      written = export.writtenPath
      format = export.format.rawValue
      quality = export.quality
      watermark = export.watermark.map {
        Watermark(source: $0.source, position: $0.position, margin: $0.margin.doubleValue)
      }
      still = export.stillTime.map { GridTime($0, on: grid) }
      loudness = export.loudness.map {
        Loudness(integrated: ExactDecibels($0.integrated), truePeak: ExactDecibels($0.truePeak), preset: $0.preset)
      }
      sidecars = export.sidecars.map { Sidecar(path: $0.path, written: $0.writtenPath) }
      thumbnails = export.thumbnails.map {
        Thumbnail(path: $0.path, written: $0.writtenPath, at: GridTime($0.time, on: grid))
      }
    }
  }
}
