import VEDLCaptions
import VEDLSource
import VEDLTime

/// The resolved timeline — the checker's output and the backends' input (`vedl ir` prints
/// it as JSON). Every item has exact start and end frames on the canvas grid; source ranges
/// are exact seconds.
public struct Timeline: Sendable, Hashable {
  public var canvas: Canvas
  /// Length of the output in frames (the main track's end, or the last item's when there is
  /// no main track).
  public var frameCount: Int64
  public var sources: [SourceInfo]
  public var tracks: [Track]
  public var transitions: [Transition]
  public var captions: Captions
  public var exports: [Export]
  /// Parameter values in force (defaults and `--set` overrides), by name.
  public var parameters: [String: Value]

  /// Duration in exact seconds.
  public var duration: Rational { canvas.grid.time(ofFrame: frameCount) }
}

/// The output frame.
public struct Canvas: Sendable, Hashable {
  public var width: Int64
  public var height: Int64
  public var rate: FrameRate
  /// 0xRRGGBBAA.
  public var background: UInt32

  public var grid: FrameGrid { FrameGrid(rate: rate) }

  /// The size text and captions get when the script gives none: 1/22.5 of the shorter side
  /// (48 pixels on a 1080-pixel side), so that they keep their proportion on any canvas.
  public var defaultTextSize: Rational { Rational(min(width, height) * 2, 45) ?? Rational(48) }

  public static let `default` = Canvas(width: 1920, height: 1080, rate: FrameRate(30)!, background: 0x0000_00FF)
}

/// One entry of the source table; clips refer to it by index.
public struct SourceInfo: Sendable, Hashable {
  public enum Kind: String, Sendable, Hashable {
    case video, image, audio, color, testpattern, tone, waveform

    /// Whether a source of this kind produces pictures.
    public var hasPicture: Bool { self != .audio && self != .tone }
  }

  public var kind: Kind
  /// Absolute path for file sources.
  public var path: String?
  /// The path as written in the script.
  public var writtenPath: String?
  /// Where the script first names the path (the string literal), for diagnostics after
  /// checking.
  public var pathSpan: Span?
  /// `color(…)`.
  public var color: UInt32?
  /// `tone(…)` frequency in hertz.
  public var frequency: Rational?
  /// `waveform(audio: …)`: the index of the sound source it draws (its `color:` is
  /// ``color``, white by default).
  public var waveformAudio: Int?
  /// `waveform(… style: …)`.
  public var waveformStyle: WaveformStyle?
  /// Facts of file sources, when a media provider was available.
  public var facts: MediaFacts?

  /// Whether the source has an intrinsic length (a video or audio file).
  public var hasIntrinsicLength: Bool { kind == .video || kind == .audio }
  /// Whether the source produces pictures.
  public var hasPicture: Bool { kind.hasPicture }
  /// Whether the source produces sound.
  public var hasSound: Bool {
    switch kind {
    case .audio, .tone: true
    case .video: facts?.hasAudio ?? false
    default: false
    }
  }
}

/// How `waveform(…)` draws a sound (docs/language.md, Waveforms).
public enum WaveformStyle: String, Sendable, Hashable, CaseIterable {
  /// Per pixel column, the span from the column's lowest to its highest sample.
  case line
  /// ``barCount`` bars, each as high as the peak of its part of the window, centred.
  case bars

  /// The number of bars of `bars`.
  public static let barCount = 32
}

/// One track with its resolved items.
public struct Track: Sendable, Hashable {
  public enum Kind: String, Sendable, Hashable {
    case main, overlay, audio
  }

  public var kind: Kind
  public var name: String?
  public var items: [TimelineItem]
}

/// One resolved item of a track.
public struct TimelineItem: Sendable, Hashable {
  public enum Kind: String, Sendable, Hashable {
    case clip, text, shape, gap
  }

  public var kind: Kind
  public var id: String?
  /// Exact timeline start and end in seconds (before snapping).
  public var start: Rational
  public var end: Rational
  /// Frames `[startFrame, endFrame)` on the canvas grid (both rounded down).
  public var startFrame: Int64
  public var endFrame: Int64
  /// For clips: the source index.
  public var source: Int?
  /// For clips: the half-open source range in seconds that the item plays (one pass of it,
  /// when the clip loops, reverses, holds a frame or outlasts its source: ``ClipTimeMap``).
  public var sourceStart: Rational?
  public var sourceEnd: Rational?
  public var speed: Rational
  public var volume: Rational
  public var muted: Bool
  /// For text items: the resolved text.
  public var text: String?
  /// For shapes: which one.
  public var shape: ShapeKind?
  /// Text items: `box:`, `outline:` and `outlineWidth:`.
  public var textArguments: TextArguments
  public var modifiers: [Modifier]
  /// `animate` blocks, at most one per property (none for most items).
  public var animations: [Animation] = []
  /// `enter` and `exit`, at most one of each.
  public var presets: [Preset] = []
  /// The item's statement in the script, for diagnostics after checking (a render that
  /// stops inside the item names it).
  public var span: Span? = nil
  /// Clips: `loop: true` — the pass (`sourceStart..<sourceEnd`) repeats to fill the item
  /// (``ClipTimeMap``, docs/language.md §4.15).
  public var loops: Bool = false
  /// Clips: `reverse` — the pass plays backwards, picture and sound.
  public var reverses: Bool = false
  /// Main-track clips: `freeze at: duration:` (and a `frame:` clip: a hold of its whole
  /// length at `0s`, with an empty pass at the frame's time).
  public var freeze: Freeze? = nil

  /// A hold of the frame shown at clip-local time `at` for `duration` (both on the grid).
  public struct Freeze: Sendable, Hashable {
    public var at: Rational
    public var duration: Rational

    public init(at: Rational, duration: Rational) {
      self.at = at
      self.duration = duration
    }
  }

  /// Whether the clip has a time operation (or a source range shorter than the item), so
  /// that its frames and samples follow ``ClipTimeMap`` rather than plain §5 playback.
  public var hasTimeOperations: Bool {
    guard kind == .clip, let s0 = sourceStart, let s1 = sourceEnd else { return false }
    return loops || reverses || freeze != nil || (s1 - s0) < (end - start) * speed
  }

  /// The §5 frame-selection parameters of this clip.
  public var timing: ClipTiming? {
    guard let s0 = sourceStart else { return nil }
    return ClipTiming(timelineStart: start, sourceStart: s0, speed: speed)
  }
}

/// A text item's `box:`, `outline:` and `outlineWidth:`: the same as the block's `box` and
/// `outline … width:`, which win when both are given (``ItemModifiers``).
public struct TextArguments: Sendable, Hashable {
  /// 0xRRGGBBAA.
  public var box: UInt32?
  /// 0xRRGGBBAA.
  public var outline: UInt32?
  /// Pixels (more than 0, at most 256).
  public var outlineWidth: Rational?

  public init(box: UInt32? = nil, outline: UInt32? = nil, outlineWidth: Rational? = nil) {
    self.box = box
    self.outline = outline
    self.outlineWidth = outlineWidth
  }

  /// The arguments as checked values by label, as `vedl ir` prints them.
  public var values: [String: Value] {
    var values: [String: Value] = [:]
    if let box { values["box"] = .color(box) }
    if let outline { values["outline"] = .color(outline) }
    if let outlineWidth { values["outlineWidth"] = .number(outlineWidth) }
    return values
  }
}

/// `shape rect|ellipse`.
public enum ShapeKind: String, Sendable, Hashable {
  case rect, ellipse
}

/// A transition between two consecutive clips of the main track.
public struct Transition: Sendable, Hashable {
  /// What the transition draws (docs/language.md, transitions). The raw values are the
  /// names `vedl ir` prints: the four older statements keep theirs (`crossfade`, `fade` —
  /// through black —, `wipe`, `slide`).
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    case crossfade, fade, wipe, slide
    case fadeWhite, push, smoothWipe, circleOpen, circleClose, radial, zoom, pixelize, blur

    /// Whether the kind moves along a `direction:` (wipes, slides and pushes).
    public var takesDirection: Bool {
      switch self {
      case .wipe, .slide, .push, .smoothWipe: true
      default: false
      }
    }
  }

  /// The names `transition NAME D` accepts, in the order completion lists them, with the
  /// kind each stands for: `dissolve` and `crossfade` are one cross-dissolve, `fadeBlack`
  /// is what `fade D` draws, `slide` and `push` both push the previous clip out.
  public static let catalogue: [(name: String, kind: Kind)] = [
    ("dissolve", .crossfade), ("crossfade", .crossfade), ("fadeBlack", .fade), ("fadeWhite", .fadeWhite),
    ("wipe", .wipe), ("smoothWipe", .smoothWipe), ("slide", .slide), ("push", .push),
    ("circleOpen", .circleOpen), ("circleClose", .circleClose), ("radial", .radial), ("zoom", .zoom),
    ("pixelize", .pixelize), ("blur", .blur),
  ]

  /// The kind `transition NAME` stands for, `nil` for a name not in ``catalogue``.
  public static func kind(named name: String) -> Kind? {
    catalogue.first { $0.name == name }?.kind
  }

  /// Where a `wipe`'s edge or a `slide`'s next clip travels.
  public enum Direction: String, Sendable, Hashable {
    case left, right, up, down
  }

  public var kind: Kind
  /// Indices into the main track's items.
  public var fromItem: Int
  public var toItem: Int
  public var start: Rational
  public var end: Rational
  public var startFrame: Int64
  public var endFrame: Int64
  /// Kinds that take one only (`left` when the script gives none).
  public var direction: Direction?
  /// How the transition's progress moves over its frames (`easing:`); `nil` for `linear`.
  public var easing: Easing? = nil
}

/// The caption lane: its cues, how they look, and whether they are burnt into the picture.
public struct Captions: Sendable, Hashable {
  public struct Cue: Sendable, Hashable {
    public var start: Rational
    public var end: Rational
    public var startFrame: Int64
    public var endFrame: Int64
    public var text: String
    /// The caption file a cue came from as the script writes it, or `nil` for an inline cue.
    public var file: String?
    /// That file's absolute path, resolved against the script's folder (what a render reads
    /// and fingerprints, wherever it runs from); `nil` for an inline cue.
    public var path: String?
    /// WebVTT inline timestamps of the cue's words (ANIMATION.md §4), in order.
    public var timestamps: [CaptionCue.Timestamp] = []

    /// One word of the cue and when it is spoken.
    public struct Word: Sendable, Hashable {
      public var text: String
      /// Its first character's index among the text's characters.
      public var characterOffset: Int
      /// Seconds: spoken from `start` until `end`.
      public var start: Rational
      public var end: Rational
    }

    /// The cue's words (runs of characters between white space) and when each is spoken
    /// (ANIMATION.md §4): with inline timestamps, a word from the last timestamp before it
    /// (the cue's start before the first) until the next later one (the cue's end after
    /// the last); without, the cue's time spread over its words in proportion to their
    /// length in characters.
    public var words: [Word] {
      // Each word's text, character index and byte offset.
      var words: [(text: String, offset: Int, utf8: Int)] = []
      var current = ""
      var (offset, utf8) = (0, 0)
      var bytes = 0
      for (index, c) in text.enumerated() {
        if c.isWhitespace {
          if !current.isEmpty { words.append((current, offset, utf8)) }
          current = ""
        } else {
          if current.isEmpty { (offset, utf8) = (index, bytes) }
          current.append(c)
        }
        bytes += c.utf8.count
      }
      if !current.isEmpty { words.append((current, offset, utf8)) }
      guard !words.isEmpty else { return [] }
      let starts = words.map(\.utf8)
      if !timestamps.isEmpty {
        let begins = starts.map { b in timestamps.last(where: { $0.utf8Offset <= b })?.time ?? start }
        return words.indices.map { i in
          let end = begins[(i + 1)...].first(where: { $0 > begins[i] }) ?? self.end
          return Word(text: words[i].text, characterOffset: words[i].offset, start: begins[i], end: end)
        }
      }
      let lengths = words.map { Int64($0.text.count) }
      let total = lengths.reduce(0, +)
      let duration = end - start
      var before: Int64 = 0
      return words.indices.map { i in
        let a = start + duration * Rational(before, total)!
        before += lengths[i]
        let b = i == words.count - 1 ? end : start + duration * Rational(before, total)!
        return Word(text: words[i].text, characterOffset: words[i].offset, start: a, end: b)
      }
    }
  }

  /// `style …`: the look of every cue, with the language's defaults for what it leaves out.
  public struct Style: Sendable, Hashable {
    /// `style position:`.
    public enum Position: String, Sendable, Hashable {
      case top, center, bottom
    }

    /// A Fontconfig pattern or a font file, as for text.
    public var font: String
    /// `font:`'s string literal in the script, when the style gives one.
    public var fontSpan: Span?
    /// The pixel size (the em, like `drawtext`'s `fontsize`).
    public var size: Rational
    /// 0xRRGGBBAA.
    public var color: UInt32
    /// The background box's colour, if any.
    public var box: UInt32?
    /// The colour of a 2-pixel outline around the glyphs, if any.
    public var outline: UInt32?
    /// Where the cues sit.
    public var position: Position
    /// `highlight:`: the colour of the word being spoken, if any (ANIMATION.md §4).
    public var highlight: UInt32?
    /// Pixels from the top or bottom edge to the box.
    public var margin: Rational

    /// The outline's width in pixels: fixed, the style has no width label.
    public static let outlineWidth: Int64 = 2

    /// The defaults on `canvas`: `sans-serif`, 1/22.5 of the canvas's shorter side, white,
    /// no box and no outline, at the bottom, 1/18 of the shorter side in (48 and 60 pixels on
    /// a 1080-pixel side).
    public init(canvas: Canvas) {
      font = "sans-serif"
      size = canvas.defaultTextSize
      color = 0xFFFF_FFFF
      position = .bottom
      margin = Rational(min(canvas.width, canvas.height), 18) ?? Rational(60)
    }
  }

  /// A caption file `import "…"` reads.
  public struct Import: Sendable, Hashable {
    /// The path as the script writes it.
    public var writtenPath: String
    /// Resolved against the script's folder.
    public var path: String
    /// The path's string literal in the script.
    public var pathSpan: Span?
  }

  public var cues: [Cue]
  public var style: Style
  /// The caption files the lane reads, in the order imported (a file with no cues too).
  public var imports: [Import] = []
  /// Whether the cues are drawn on the picture (`captions burnIn: false` turns it off, e.g.
  /// when they are only written as a sidecar file).
  public var burnIn: Bool = true

  /// The cues the backends draw: every cue, or none when the lane is not burnt in.
  public var burntInCues: [Cue] { burnIn ? cues : [] }
}

/// One export of the edit.
public struct Export: Sendable, Hashable {
  public enum Format: String, Sendable, Hashable {
    case mp4, mov, webm, png
  }

  public var path: String
  public var writtenPath: String
  /// The path's string literal in the script.
  public var pathSpan: Span? = nil
  public var format: Format
  public var quality: String
  public var watermark: Watermark?
  public var thumbnails: [Thumbnail]
  /// For a `.png` still: the moment shown (seconds, on the grid) and its frame.
  public var stillTime: Rational?
  public var stillFrame: Int64?
  /// Caption sidecars written beside the export (`.srt` / `.vtt`).
  public var sidecars: [Sidecar]
  /// `loudness:` (with `truePeak:`): the mix normalised per EBU R128, if asked for.
  public var loudness: LoudnessTarget? = nil

  public struct Sidecar: Sendable, Hashable {
    public var path: String
    public var writtenPath: String
    /// The path's string literal in the script.
    public var pathSpan: Span? = nil
  }

  /// `watermark SOURCE position: CORNER margin: N`: a picture drawn unscaled on the
  /// export's output frame, `margin` pixels in from both edges of the corner.
  public struct Watermark: Sendable, Hashable {
    /// The source index.
    public var source: Int
    /// `topLeading`, `topTrailing`, `bottomLeading` or `bottomTrailing`.
    public var position: String
    /// Pixels from the corner's two edges (not negative), in output pixels.
    public var margin: Rational = .zero
  }

  public struct Thumbnail: Sendable, Hashable {
    public var path: String
    public var writtenPath: String
    /// The path's string literal in the script.
    public var pathSpan: Span? = nil
    public var time: Rational
    public var frame: Int64
  }
}
