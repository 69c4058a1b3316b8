import VEDLTime

/// Enumerations shared by several statements.
public enum Enumerations {
  public static let anchor = EnumerationType(
    "Anchor",
    ["topLeading", "top", "topTrailing", "leading", "center", "trailing", "bottomLeading", "bottom", "bottomTrailing"])
  public static let corner = EnumerationType(
    "Corner", ["topLeading", "topTrailing", "bottomLeading", "bottomTrailing"])
  public static let trackKind = EnumerationType("TrackKind", ["main", "overlay", "audio"])
  public static let direction = EnumerationType("Direction", ["left", "right", "up", "down"])
  public static let fit = EnumerationType("Fit", ["cover", "contain", "fill"])
  public static let axis = EnumerationType("Axis", ["horizontal", "vertical"])
  public static let shapeKind = EnumerationType("ShapeKind", ["rect", "ellipse"])
  public static let alignment = EnumerationType("Alignment", ["leading", "center", "trailing"])
  public static let quality = EnumerationType("Quality", ["original", "low", "medium", "high", "lossless"])
  public static let blur = EnumerationType("Blur", ["blur"])
  public static let captionPosition = EnumerationType("CaptionPosition", ["top", "center", "bottom"])
  /// What `animate` can animate.
  public static let animatedProperty = EnumerationType(
    "AnimatedProperty", Animation.Property.allCases.map(\.rawValue))
  /// The named easings of `key … easing:` (ANIMATION.md §2).
  public static let easing = EnumerationType("Easing", Easing.names)
  /// What `enter` and `exit` do (ANIMATION.md §3).
  public static let presetKind = EnumerationType("Preset", Preset.Kind.allCases.map(\.rawValue))
  /// The edges of `enter … from:` and `exit … to:`.
  public static let edge = EnumerationType("Edge", Preset.Edge.allCases.map(\.rawValue))
  /// The transitions of `transition NAME D` (``Transition/catalogue``).
  public static let transition = EnumerationType("Transition", Transition.catalogue.map(\.name))
  /// Named canvas sizes (`canvas story`).
  public static let canvasPreset = EnumerationType("CanvasPreset", CanvasPresets.table.map(\.name))
  /// Named loudness targets of `export … loudness:`.
  public static let loudnessPreset = EnumerationType("LoudnessPreset", LoudnessTarget.presets.map(\.name))
}

/// The named canvas sizes of `canvas PRESET`.
public enum CanvasPresets {
  public struct Preset: Sendable, Hashable {
    public let name: String
    public let width: Int64
    public let height: Int64
  }

  public static let table: [Preset] = [
    Preset(name: "story", width: 1080, height: 1920),
    Preset(name: "square", width: 1080, height: 1080),
    Preset(name: "portrait", width: 1080, height: 1350),
    Preset(name: "landscape", width: 1920, height: 1080),
    Preset(name: "hd", width: 1280, height: 720),
    Preset(name: "fullhd", width: 1920, height: 1080),
    Preset(name: "uhd", width: 3840, height: 2160),
  ]

  public static func preset(_ name: String) -> Preset? { table.first { $0.name == name } }
}

extension Schema {
  // Argument building blocks, shared so that every statement documents them the same way.
  static let atArgument = ArgumentSchema(
    "at", .time, "Where the item starts on the timeline (required outside the main track).")
  static let durationArgument = ArgumentSchema("duration", .duration, "How long the item lasts on the timeline.")
  static let untilArgument = ArgumentSchema(
    "until", .time, "Where the item ends: a time, or `end` (the end of the main track).")
  static let idArgument = ArgumentSchema(
    "id", .newIdentifier,
    "A name for the item; `NAME.start`, `NAME.end` and `NAME.duration` refer to its resolved timing.")
  static let clipArguments: [ArgumentSchema] = [
    atArgument, durationArgument, untilArgument,
    ArgumentSchema("trim", .range, "The part of the source to use, in source time (half-open: `2s..6s`)."),
    ArgumentSchema(
      "speed", .speed, default: "1x",
      "Playback speed, at least `0.01x`; the timeline length is the trimmed length divided by the speed. Audio keeps its pitch."
    ),
    ArgumentSchema("volume", .gain, default: "0dB", "Gain applied to the clip's sound."),
    ArgumentSchema("muted", .bool, default: "false", "Silences the clip's own sound (same as the bare word `muted`)."),
    idArgument,
    // Time operations (docs/language.md §4.15).
    ArgumentSchema(
      "loop", .bool, default: "false",
      "Repeats the source (its trimmed range) until the item ends (its `duration:` or `until:`); without it an overlay or audio clip longer than its source holds its last picture, or is silent (W0460, W0461), and a main-track one is an error (E0406)."
    ),
    ArgumentSchema(
      "reverse", .bool, default: "false",
      "Plays the trimmed range backwards, picture and sound (same as the bare word `reverse`)."),
    ArgumentSchema(
      "frame", .time,
      "Shows the one picture of a video at this source time for the clip's `duration:` (a freeze-frame clip)."),
  ]
  static let placementContexts: Set<StatementContext> = [.clip, .text, .shape]
  /// A transition's `easing:` (its progress over its frames, clamped to 0…1).
  static let transitionEasingArgument = ArgumentSchema(
    "easing", easingType, default: "linear",
    "How the transition's progress moves (a main-track transition only; overshooting easings are clamped).")
  /// An easing: a name, `cubicBezier(…)` or `spring(…)` (ANIMATION.md §2).
  static let easingType: ValueType =
    .oneOf([
      .enumeration(Enumerations.easing),
      .call([
        CallShape(
          "cubicBezier",
          [
            ArgumentSchema(nil, .number, required: true, "x1, 0…1."),
            ArgumentSchema(nil, .number, required: true, "y1."),
            ArgumentSchema(nil, .number, required: true, "x2, 0…1."),
            ArgumentSchema(nil, .number, required: true, "y2."),
          ], documentation: "A CSS cubic Bézier through (0, 0), (x1, y1), (x2, y2), (1, 1)."),
        CallShape(
          "spring",
          [
            ArgumentSchema("mass", .number, default: "1", "The mass."),
            ArgumentSchema("stiffness", .number, default: "100", "The spring's stiffness."),
            ArgumentSchema("damping", .number, default: "10", "The damping."),
          ], documentation: "A damped spring released at rest, ending when it has settled."),
      ]),
    ])

  /// `enter` and `exit` (ANIMATION.md §3).
  static func presetStatement(_ name: String) -> StatementSchema {
    let enter = name == "enter"
    return StatementSchema(
      name, in: placementContexts,
      positional: [
        ArgumentSchema(
          nil, .enumeration(Enumerations.presetKind), required: true,
          "`fade`, `slide`, `pop`, `wipe`, or for text `typewriter`.")
      ],
      labelled: [
        ArgumentSchema("duration", .duration, default: "500ms", "How long the \(enter ? "entrance" : "exit") takes."),
        ArgumentSchema(
          "easing", easingType,
          "How it moves; by default `easeOutBack`/`easeInBack` for `pop`, `easeOut`/`easeIn` for `slide`, else `linear`."
        ),
        ArgumentSchema(
          enter ? "from" : "to", .enumeration(Enumerations.edge), default: enter ? "leading" : "trailing",
          enter
            ? "`slide`: the canvas edge it comes in from; `wipe`: the edge it is revealed from."
            : "`slide`: the canvas edge it leaves by; `wipe`: the edge it is hidden towards."),
      ],
      repeatable: false,
      enter
        ? "An entrance at the item's start (sugar over keyframes): `fade` in, `slide` in from a canvas edge, `pop` (scale 0 → 1), `wipe` (revealed from an edge), `typewriter` (a text's characters one by one)."
        : "An exit at the item's end (sugar over keyframes): `fade` out, `slide` out by a canvas edge, `pop` (scale 1 → 0), `wipe` (hidden towards an edge), `typewriter` (a text's characters removed from its end)."
    )
  }
  static let fractionDoc = "A fraction of the source (`0.25` or `25%`)."

  /// Statements of the timeline: canvas, tracks, items, modifiers, captions and exports.
  static let timelineStatements: [StatementSchema] = [
    StatementSchema(
      "canvas", in: [.file],
      positional: [
        ArgumentSchema(
          nil, .oneOf([.size, .enumeration(Enumerations.canvasPreset)]), default: "1920x1080",
          "The frame size in pixels (`1080x1920`) or a preset name.")
      ],
      labelled: [
        ArgumentSchema("fps", .number, default: "30", "Frame rate: `30`, `29.97` (30000/1001), `24000/1001`, …"),
        ArgumentSchema("background", .color, default: "black", "Colour behind everything."),
      ],
      repeatable: false,
      "The output frame: size, rate and background. Odd dimensions are made even (encoders need it)."),
    StatementSchema(
      "track", in: [.file],
      positional: [
        ArgumentSchema(
          nil, .enumeration(Enumerations.trackKind), required: true,
          "`main` (the background sequence), `overlay` or `audio`."),
        ArgumentSchema(nil, .string, "A name for the track (overlay and audio tracks)."),
      ],
      block: .mainTrack,
      "A track. `track main { … }` plays its clips back to back from 0; `track overlay` places items with `at:`, later tracks above earlier ones; `track audio` mixes clips under the main track's sound."
    ),
    StatementSchema(
      "clip", in: [.mainTrack, .overlayTrack, .audioTrack],
      positional: [
        ArgumentSchema(
          nil, .source, required: true,
          "The source: `video(…)`, `image(…)`, `audio(…)`, `color(…)`, `testpattern()`, `tone(…)`, "
            + "`waveform(…)` or a `let` name.")
      ],
      labelled: clipArguments, flags: ["muted", "reverse"], block: .clip,
      "A clip of a source. On the main track clips play in sequence; elsewhere they are placed with `at:`. `muted` silences a video's own sound."
    ),
    StatementSchema(
      "text", in: [.overlayTrack],
      positional: [ArgumentSchema(nil, .string, required: true, "The text; `\\(…)` interpolates values.")],
      labelled: [
        atArgument, durationArgument, untilArgument, idArgument,
        ArgumentSchema("box", .color, "A background box behind the text."),
        ArgumentSchema("outline", .color, "An outline around the glyphs."),
        ArgumentSchema("outlineWidth", .number, default: "1", "Outline width in pixels."),
      ],
      block: .text,
      "A text item on an overlay track."),
    StatementSchema(
      "shape", in: [.overlayTrack],
      positional: [ArgumentSchema(nil, .enumeration(Enumerations.shapeKind), required: true, "`rect` or `ellipse`.")],
      labelled: [atArgument, durationArgument, untilArgument, idArgument],
      block: .shape,
      "A rectangle or ellipse on an overlay track."),
    StatementSchema(
      "transition", in: [.mainTrack],
      positional: [
        ArgumentSchema(
          nil, .enumeration(Enumerations.transition), required: true,
          "Which transition: `dissolve`, `fadeBlack`, `fadeWhite`, `wipe`, `smoothWipe`, `slide`, `push`, `circleOpen`, `circleClose`, `radial`, `zoom`, `pixelize` or `blur`."
        ),
        ArgumentSchema(nil, .duration, required: true, "How long the two clips overlap."),
      ],
      labelled: [
        ArgumentSchema(
          "direction", .enumeration(Enumerations.direction), default: "left",
          "`wipe`, `smoothWipe`, `slide`, `push`: where the edge or the pictures travel."),
        transitionEasingArgument,
      ],
      "A transition between the clips before and after it; the clips overlap by the duration, shortening the track by it (`transition circleOpen 1s easing: easeInOut`)."
    ),
    StatementSchema(
      "crossfade", in: [.mainTrack],
      positional: [ArgumentSchema(nil, .duration, required: true, "How long the two clips overlap.")],
      labelled: [transitionEasingArgument],
      "Dissolves the previous clip into the next; the clips overlap by the duration, shortening the track by it (`transition dissolve D`)."
    ),
    StatementSchema(
      "fade", in: [.mainTrack, .clip, .text, .shape],
      positional: [ArgumentSchema(nil, .duration, "Transition length (main track only).")],
      labelled: [
        ArgumentSchema("in", .duration, "Fade-in length (on an item)."),
        ArgumentSchema("out", .duration, "Fade-out length (on an item)."),
        transitionEasingArgument,
      ],
      "On the main track, `fade D` is a transition through black (`transition fadeBlack D`). On an item, `fade in: D out: D` fades its picture (and sound) in and out."
    ),
    StatementSchema(
      "wipe", in: [.mainTrack],
      positional: [ArgumentSchema(nil, .duration, required: true, "Transition length.")],
      labelled: [
        ArgumentSchema("direction", .enumeration(Enumerations.direction), default: "left", "Where the edge travels."),
        transitionEasingArgument,
      ],
      "A transition where an edge wipes the next clip over the previous one (`transition wipe D`)."),
    StatementSchema(
      "slide", in: [.mainTrack],
      positional: [ArgumentSchema(nil, .duration, required: true, "Transition length.")],
      labelled: [
        ArgumentSchema(
          "direction", .enumeration(Enumerations.direction), default: "left", "Where the next clip slides towards."),
        transitionEasingArgument,
      ],
      "A transition where the next clip slides in, pushing the previous one out (`transition push D`)."),
    StatementSchema(
      "gap", in: [.mainTrack],
      positional: [ArgumentSchema(nil, .duration, required: true, "How long the gap lasts.")],
      "Black and silence between two clips of the main track."),

    // Modifiers of clips, text and shapes.
    StatementSchema(
      "freeze", in: [.clip],
      labelled: [
        ArgumentSchema(
          "at", .duration, required: true, "Clip-local time of the frame held (`0s` is the clip's start)."),
        ArgumentSchema("duration", .duration, required: true, "How long the frame is held; the clip grows by it."),
      ],
      repeatable: false,
      "Main-track clips: holds the frame the clip shows at `at:` for `duration:`, then plays on from there; the clip grows by the hold, pushing what follows. Its sound is silent during the hold."
    ),
    StatementSchema(
      "crop", in: [.clip],
      positional: [ArgumentSchema(nil, .ratio, "An aspect ratio (`9:16`), centred unless `anchor:` moves it.")],
      labelled: [
        ArgumentSchema("anchor", .enumeration(Enumerations.anchor), default: "center", "Where the ratio crop sits."),
        ArgumentSchema("x", .fraction, fractionDoc), ArgumentSchema("y", .fraction, fractionDoc),
        ArgumentSchema("width", .fraction, fractionDoc), ArgumentSchema("height", .fraction, fractionDoc),
      ],
      repeatable: false,
      "Crops the source: to an aspect ratio (`crop 9:16`), or to a rectangle given in fractions of the source (`crop x: 0.1 y: 0 width: 0.8 height: 1`)."
    ),
    StatementSchema(
      "fit", in: [.clip],
      positional: [
        ArgumentSchema(
          nil, .enumeration(Enumerations.fit), required: true,
          "`cover` fills and crops, `contain` shows all with bars, `fill` stretches.")
      ],
      labelled: [
        ArgumentSchema(
          "background", .oneOf([.enumeration(Enumerations.blur), .color]), default: "black",
          "For `contain`: `blur` (the source blurred) or a colour.")
      ],
      repeatable: false,
      "How the source fills the canvas (main track) or its `size` box. Default `cover`."),
    StatementSchema(
      "zoom", in: [.clip],
      positional: [ArgumentSchema(nil, .number, required: true, "Magnification, `1` for none.")],
      repeatable: false,
      "Zooms into the picture around its centre (moved with `pan`)."),
    StatementSchema(
      "pan", in: [.clip],
      labelled: [
        ArgumentSchema("x", .number, default: "0", "Horizontal offset in canvas pixels (right is positive)."),
        ArgumentSchema("y", .number, default: "0", "Vertical offset in canvas pixels (down is positive)."),
      ],
      repeatable: false,
      "Moves the zoomed picture by canvas pixels, clamped so that the picture still covers its box."),
    StatementSchema(
      "rotate", in: placementContexts,
      positional: [
        ArgumentSchema(nil, .angle, required: true, "Clockwise angle (`90deg`); multiples of 90° are exact.")
      ],
      repeatable: false,
      "Rotates the item clockwise about its centre."),
    StatementSchema(
      "mirror", in: [.clip],
      positional: [ArgumentSchema(nil, .enumeration(Enumerations.axis), required: true, "`horizontal` or `vertical`.")],
      "Mirrors the picture."),
    StatementSchema(
      "adjust", in: [.clip],
      labelled: [
        ArgumentSchema("brightness", .number, default: "0", "Added brightness, −1…1 (0 is neutral)."),
        ArgumentSchema("contrast", .number, default: "1", "Contrast factor, 0…3 (1 is neutral)."),
        ArgumentSchema("saturation", .number, default: "1", "Saturation factor, 0…3 (1 is neutral)."),
      ],
      repeatable: false,
      "Colour adjustments, with the same formulas in both backends."),
    StatementSchema(
      "lut", in: [.clip],
      positional: [
        ArgumentSchema(
          nil, .path, required: true,
          "A 3D colour table in the `.cube` format (domain 0…1), relative to the script's folder.")
      ],
      repeatable: false,
      "Grades the picture through a 3D look-up table with trilinear interpolation (FFmpeg's `lut3d`, the same maths natively), after `adjust`."
    ),
    StatementSchema(
      "blur", in: [.clip],
      labelled: [
        ArgumentSchema(
          "radius", .number, required: true,
          "The Gaussian's standard deviation in pixels of the clip's box, more than 0 and at most 1024 (as CSS's `blur()`)."
        )
      ],
      repeatable: false,
      "Blurs the picture with a Gaussian (FFmpeg's `gblur`, the same maths natively), after `lut`."),
    StatementSchema(
      "sharpen", in: [.clip],
      labelled: [
        ArgumentSchema(
          "amount", .number, default: "1",
          "How much of the detail (the picture less its 5×5 Gaussian blur) is added, more than 0 and at most 5, in sixteenths."
        )
      ],
      repeatable: false,
      "Sharpens the picture with an unsharp mask (FFmpeg's `convolution` with a 5×5 kernel, the same integer maths natively), after `blur`."
    ),
    StatementSchema(
      "vignette", in: [.clip],
      labelled: [
        ArgumentSchema(
          "angle", .angle, default: "36deg",
          "The lens angle, more than 0 and at most 90deg: the larger, the darker the corners (FFmpeg's default π/5 = 36°)."
        )
      ],
      repeatable: false,
      "Darkens the picture towards its corners as FFmpeg's `vignette` (the same maths natively), after `sharpen`."),
    StatementSchema(
      "chromakey", in: [.clip],
      positional: [ArgumentSchema(nil, .color, required: true, "The key colour, e.g. `#00FF00` for a green screen.")],
      labelled: [
        ArgumentSchema(
          "similarity", .number, default: "0.01",
          "How close (0.01…1) a pixel's chroma must be to the key's to become fully transparent."),
        ArgumentSchema(
          "blend", .number, default: "0",
          "0…1: pixels within `similarity + blend` fade from transparent to opaque; 0 is a hard edge."),
      ],
      repeatable: false,
      "Keys out a colour on an overlay clip by its chroma (U/V) averaged over each pixel's 3×3 neighbourhood, as FFmpeg's `chromakey` (the same maths natively), on the source's own pixels: before `fit` and `zoom`."
    ),
    StatementSchema(
      "colorkey", in: [.clip],
      positional: [ArgumentSchema(nil, .color, required: true, "The key colour, e.g. `#00FF00`.")],
      labelled: [
        ArgumentSchema(
          "similarity", .number, default: "0.01",
          "How close (0.01…1) a pixel's RGB colour must be to the key's to become fully transparent."),
        ArgumentSchema(
          "blend", .number, default: "0",
          "0…1: pixels within `similarity + blend` fade from transparent to opaque; 0 is a hard edge."),
      ],
      repeatable: false,
      "Keys out a colour on an overlay clip by its RGB distance, as FFmpeg's `colorkey` (the same maths natively), on the source's own pixels: before `fit` and `zoom`."
    ),
    StatementSchema(
      "opacity", in: placementContexts,
      positional: [ArgumentSchema(nil, .fraction, required: true, "`0` transparent … `1` (or `100%`) opaque.")],
      repeatable: false,
      "Makes the item translucent."),
    StatementSchema(
      "position", in: placementContexts,
      positional: [ArgumentSchema(nil, .enumeration(Enumerations.anchor), "An anchor on the canvas.")],
      labelled: [
        ArgumentSchema("x", .number, "Left edge in canvas pixels."),
        ArgumentSchema("y", .number, "Top edge in canvas pixels."),
        ArgumentSchema("margin", .number, default: "0", "Distance in pixels from the canvas edges at the anchor."),
      ],
      repeatable: false,
      "Places the item: at an anchor (`position bottomTrailing margin: 32`) or at pixel coordinates (`position x: 80 y: 80`)."
    ),
    StatementSchema(
      "offset", in: placementContexts,
      labelled: [
        ArgumentSchema("x", .number, default: "0", "Pixels to the right (negative: to the left)."),
        ArgumentSchema("y", .number, default: "0", "Pixels down (negative: up)."),
      ],
      repeatable: false,
      "Moves the item by whole pixels from where `position` puts it, so that an anchored item can slide (`animate offset`)."
    ),
    StatementSchema(
      "animate", in: placementContexts,
      positional: [
        ArgumentSchema(
          nil, .enumeration(Enumerations.animatedProperty), required: true,
          "The property: `opacity`, `offset`, `position`, `scale` or `rotate` (overlay items), `zoom` or `pan` (clips), `volume` (clips with sound)."
        )
      ],
      block: .animation,
      "Animates a property over the item's life: the block's `key` statements give its value at item-local times, and between keys it moves along each key's easing. The item is drawn at every frame as if the static modifier had that frame's value."
    ),
    presetStatement("enter"),
    presetStatement("exit"),
    StatementSchema(
      "key", in: [.animation],
      positional: [
        ArgumentSchema(
          nil, .duration, required: true,
          "Item-local time: `0s` is the item's first instant; `length` is its length (`length - 300ms`)."),
        ArgumentSchema(
          nil, .oneOf([.fraction, .gain]),
          "The value: a fraction for `opacity` (`0%` … `100%`), a number for `zoom` and `scale`, an angle for `rotate` (`15deg`), a gain for `volume` (`-6dB`)."
        ),
      ],
      labelled: [
        ArgumentSchema("x", .number, "For `offset` and `position`: the horizontal pixels."),
        ArgumentSchema("y", .number, "For `offset` and `position`: the vertical pixels."),
        ArgumentSchema(
          "easing", easingType, default: "linear",
          "How the value moves from the previous key to this one: `linear`, `hold`, `easeIn`, `easeOut`, `easeInOut`, Penner's `easeInSine` … `easeInOutBounce`, `cubicBezier(…)` or `spring(…)`."
        ),
      ],
      "A keyframe: the animated value at an item-local time."),
    StatementSchema(
      "size", in: placementContexts,
      labelled: [
        ArgumentSchema("width", .number, "Width in canvas pixels."),
        ArgumentSchema("height", .number, "Height in canvas pixels."),
      ],
      repeatable: false,
      "The item's box in pixels; with only one side given, the other keeps the aspect ratio."),
    StatementSchema(
      "scale", in: placementContexts,
      positional: [ArgumentSchema(nil, .fraction, required: true, "Scale factor (`50%`, `0.5`, `2`).")],
      repeatable: false,
      "Scales the item about its position."),
    StatementSchema(
      "font", in: [.text],
      positional: [
        ArgumentSchema(nil, .string, required: true, "A font family (found with Fontconfig) or a path to a font file.")
      ],
      labelled: [
        ArgumentSchema(
          "size", .number, "Size in pixels; by default 1/22.5 of the canvas's shorter side (48 on a 1080 side)."),
        ArgumentSchema("color", .color, default: "white", "Text colour."),
      ],
      repeatable: false,
      "The text's font, size and colour."),
    StatementSchema(
      "align", in: [.text],
      positional: [
        ArgumentSchema(nil, .enumeration(Enumerations.alignment), required: true, "`leading`, `center` or `trailing`.")
      ],
      repeatable: false,
      "Alignment of the lines of a multi-line text."),
    StatementSchema(
      "box", in: [.text],
      positional: [ArgumentSchema(nil, .color, required: true, "Box colour (with alpha for translucency).")],
      labelled: [
        ArgumentSchema("padding", .number, default: "0", "Space between the text and the box's edge, in pixels.")
      ],
      repeatable: false,
      "A background box behind the text (same as `box:` on the item)."),
    StatementSchema(
      "outline", in: [.text],
      positional: [ArgumentSchema(nil, .color, required: true, "Outline colour.")],
      labelled: [ArgumentSchema("width", .number, default: "1", "Outline width in pixels, more than 0, at most 256.")],
      repeatable: false,
      "An outline around the glyphs."),
    StatementSchema(
      "fill", in: [.shape],
      positional: [ArgumentSchema(nil, .color, required: true, "Fill colour.")],
      repeatable: false,
      "The shape's fill."),
    StatementSchema(
      "stroke", in: [.shape],
      positional: [ArgumentSchema(nil, .color, required: true, "Stroke colour.")],
      labelled: [ArgumentSchema("width", .number, default: "1", "Stroke width in pixels, more than 0, at most 256.")],
      repeatable: false,
      "The shape's outline."),
    StatementSchema(
      "cornerRadius", in: [.shape],
      positional: [ArgumentSchema(nil, .number, required: true, "Radius in pixels (rectangles).")],
      repeatable: false,
      "Rounds a rectangle's corners."),

    // Captions.
    StatementSchema(
      "captions", in: [.file],
      labelled: [
        ArgumentSchema(
          "burnIn", .bool, default: "true",
          "Whether the cues are drawn on the picture, above every track; `false` when they are only written as a sidecar."
        )
      ],
      block: .captions, repeatable: false,
      "The caption lane: imported files and inline cues, burnt in on render (unless `burnIn: false`) and writable as a sidecar."
    ),
    StatementSchema(
      "import", in: [.captions],
      positional: [ArgumentSchema(nil, .path, required: true, "An `.srt` or `.vtt` file.")],
      "Imports the cues of a caption file."),
    StatementSchema(
      "cue", in: [.captions],
      positional: [
        ArgumentSchema(nil, .range, required: true, "When the cue shows, on the timeline (`4.5s..6s`)."),
        ArgumentSchema(nil, .string, required: true, "The cue's text."),
      ],
      "One caption cue."),
    StatementSchema(
      "style", in: [.captions],
      labelled: [
        ArgumentSchema("font", .string, default: "\"sans-serif\"", "Font family (a Fontconfig pattern) or file."),
        ArgumentSchema(
          "size", .number, "Size in pixels; by default 1/22.5 of the canvas's shorter side (48 on a 1080 side)."),
        ArgumentSchema("color", .color, default: "white", "Text colour."),
        ArgumentSchema("box", .color, "Background box colour."),
        ArgumentSchema("outline", .color, "An outline, 2 pixels wide, around the glyphs."),
        ArgumentSchema(
          "position", .enumeration(Enumerations.captionPosition), default: "bottom", "Where captions sit."),
        ArgumentSchema(
          "margin", .number,
          "Distance in pixels from the top or bottom edge; by default 1/18 of the canvas's shorter side (60 on a 1080 side)."
        ),
        ArgumentSchema(
          "highlight", .color,
          "The colour of the word being spoken: word times from WebVTT inline timestamps (`<00:00:01.200>`), else the cue's time spread over its words by length."
        ),
      ],
      repeatable: false,
      "How captions look."),

    // Exports.
    StatementSchema(
      "export", in: [.file],
      positional: [
        ArgumentSchema(nil, .path, required: true, "Output file: `.mp4`, `.mov`, `.webm`, or `.png` for a still.")
      ],
      labelled: [
        ArgumentSchema("quality", .enumeration(Enumerations.quality), default: "high", "Encoding quality preset."),
        ArgumentSchema("at", .time, default: "0s", "For a `.png` still: which moment of the edit."),
      ] + loudnessArguments,
      block: .export,
      "An output of the edit. Written to a temporary file and moved into place when complete; never over a source."),
    StatementSchema(
      "watermark", in: [.export],
      positional: [ArgumentSchema(nil, .source, required: true, "An image (or video) drawn unscaled.")],
      labelled: [
        ArgumentSchema("position", .enumeration(Enumerations.corner), default: "bottomTrailing", "The corner."),
        ArgumentSchema(
          "margin", .number, default: "0", "Distance in output pixels from the corner's two edges (not negative)."),
      ],
      repeatable: false,
      "A watermark applied on this export only, unscaled, clipped if larger than the frame."),
    StatementSchema(
      "sidecar", in: [.export],
      positional: [ArgumentSchema(nil, .path, required: true, "A `.srt` or `.vtt` file.")],
      "Writes the caption lane beside the export as SubRip or WebVTT (by extension)."),
    StatementSchema(
      "thumbnail", in: [.export],
      positional: [ArgumentSchema(nil, .path, required: true, "A `.jpg` file.")],
      labelled: [ArgumentSchema("at", .time, required: true, "Which moment of the rendered result.")],
      "Writes a JPEG of the rendered result at a time."),
  ]

  /// The context a statement's block opens: `track main` → `.mainTrack`, `track overlay` →
  /// `.overlayTrack`, and so on; otherwise the schema's `block`.
  public static func blockContext(of name: String, kind: String?, schema: StatementSchema) -> StatementContext? {
    guard name == "track" else { return schema.block }
    switch kind {
    case "overlay": return .overlayTrack
    case "audio": return .audioTrack
    case "main": return .mainTrack
    default: return nil
    }
  }
}
