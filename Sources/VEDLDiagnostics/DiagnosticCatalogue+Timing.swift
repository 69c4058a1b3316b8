extension DiagnosticCode {
  public static let placementInMainTrack = DiagnosticCode("E0401")
  public static let missingPlacement = DiagnosticCode("E0402")
  public static let missingLength = DiagnosticCode("E0403")
  public static let itemsOverlap = DiagnosticCode("E0404")
  public static let invalidTransition = DiagnosticCode("E0405")
  public static let trimOutsideSource = DiagnosticCode("E0406")
  public static let emptyLength = DiagnosticCode("E0407")
  public static let invalidSpeed = DiagnosticCode("E0408")
  public static let cuesOverlap = DiagnosticCode("E0409")
  public static let noMainTrack = DiagnosticCode("E0410")
  public static let editTooLong = DiagnosticCode("E0411")
  public static let offFrameGrid = DiagnosticCode("W0401")
  public static let pastEnd = DiagnosticCode("W0402")
  public static let oddCanvas = DiagnosticCode("W0403")
  public static let cuePastEnd = DiagnosticCode("W0404")
}

extension DiagnosticCatalogue {
  /// Codes of the timing rules (`E04xx`, `W04xx`).
  static let timing: [CatalogueEntry] = [
    CatalogueEntry(
      "E0401", .error, "`at:` on the main track",
      explanation: """
        Clips on the main track play back to back from 0, so they cannot be placed with \
        `at:`. Use `gap D` for a pause, or put the clip on an overlay track.

        ```vedl
        track main {
          clip intro at: 2s
        }
        ```

        Remove `at:`, or insert `gap 2s` before the clip.
        """),
    CatalogueEntry(
      "E0402", .error, "item needs a placement",
      explanation: """
        Items on overlay and audio tracks are placed absolutely, so they need `at:`.

        ```vedl
        track overlay {
          text "Hi" duration: 2s
        }
        ```

        Add `at: 0s` (or another time).
        """),
    CatalogueEntry(
      "E0403", .error, "item needs a length",
      explanation: """
        The item's length cannot be known: images, colours, text, shapes and generated \
        sources have no length of their own, so they need `duration:` or `until:`. Giving \
        both `duration:` and `until:` is also an error, since they could disagree.

        ```vedl
        track main {
          clip color(red)
        }
        ```

        Add `duration: 2s`.
        """),
    CatalogueEntry(
      "E0404", .error, "items overlap",
      explanation: """
        Two items of one overlay or audio track overlap in time. A track is one lane: put \
        one of them on another track, or move it. Both items are labelled, with their \
        resolved times.

        ```vedl
        track overlay {
          text "A" at: 0s duration: 2s
          text "B" at: 1s duration: 2s
        }
        ```

        Start `B` at `2s`, or give it its own `track overlay`.
        """),
    CatalogueEntry(
      "E0405", .error, "invalid transition",
      explanation: """
        A transition overlaps the clips on either side by its length, so it needs a clip \
        on each side, cannot follow another transition, and cannot be longer than either \
        neighbour (nor, with the transition on the clip's other side, longer than what \
        is left of it).

        ```vedl
        track main {
          clip a trim: 0s..1s
          crossfade 2s
          clip b trim: 0s..3s
        }
        ```

        Shorten the transition (`crossfade 500ms`) or lengthen the clips.
        """),
    CatalogueEntry(
      "E0406", .error, "clip reaches outside its source",
      explanation: """
        The clip asks for source time the file does not have: its trim ends after the file \
        does, or its length (`duration:`, `until:`) times its speed, counted from the trim \
        start, runs past the end. The message names the clip, the source time it asks for \
        and the source's real length.

        A clip showing a video's picture needs a picture for each of its frames: the source \
        time of its last frame must come before the picture stream ends. A clip playing only \
        sound (`audio(…)`, or a video on an audio track) must end when the sound does or \
        earlier. A video's picture and sound may differ in length by a fraction of a second; \
        the message says which one is too short.

        ```vedl
        let five = video("five-seconds.mp4")
        track main {
          clip five trim: 3s..8s
          clip five trim: 3s..5s duration: 4s
        }
        ```

        Trim within the source (`trim: 3s..5s`), or shorten the clip (`duration: 2s`).
        """),
    CatalogueEntry(
      "E0407", .error, "empty or negative length",
      explanation: """
        The item would last zero or less time: an empty trim (`2s..2s`), a range that ends \
        before it starts, `until:` before `at:`, or a zero duration. Lengths are rounded \
        down to the frame grid, so a clip lasting less than one frame (a short trim at a \
        high `speed:`, a file shorter than a frame) is empty too. So is an edit without a \
        frame: an empty main track, or tracks without any item.

        ```vedl
        clip intro trim: 5s..2s
        clip intro trim: 0s..1s speed: 100x
        ```

        Give a positive length: `trim: 2s..5s`, or a slower speed.
        """),
    CatalogueEntry(
      "E0408", .error, "invalid speed",
      explanation: """
        Speeds must be greater than zero (`0.5x` is half speed). Reverse playback is not \
        supported. The slowest speed is `0.01x` (a second of the source lasts 100 s): a \
        clip's sound is slowed by halving its tempo again and again, and each halving \
        doubles what a render holds at once — at `0.00001x` a gigabyte for every few \
        milliseconds of sound.

        ```vedl
        clip intro speed: 0x
        clip intro trim: 0s..100ms speed: 0.00001x
        ```

        Use a positive speed of at least `0.01x`.
        """),
    CatalogueEntry(
      "E0409", .error, "caption cues overlap",
      explanation: """
        Two caption cues, inline or imported, show at the same time. The caption lane shows \
        one cue at a time. Both cues are labelled (imported cues point into their file).

        ```vedl
        captions {
          cue 1s..3s "One"
          cue 2s..4s "Two"
        }
        ```

        Make them follow each other: `cue 3s..4s "Two"`.
        """),
    CatalogueEntry(
      "E0410", .error, "no main track",
      explanation: """
        `end` means the end of the main track, and something refers to it, but the file \
        has no `track main` — or the main track itself depends on `end`.

        ```vedl
        track overlay { text "Hi" at: 0s until: end }
        ```

        Add a main track, or give the item a `duration:`.
        """),
    CatalogueEntry(
      "E0411", .error, "edit too long",
      explanation: """
        An item or a caption cue ends, or the main track runs, later than 12 hours: the \
        longest edit VEDL renders. Within that limit every frame index (at up to 1000 fps) \
        and every 48 kHz sample index fits in 32 bits, as FFmpeg's filter options need.

        ```vedl
        track main {
          clip testpattern() duration: 1000000h
        }
        ```

        Shorten the item: `duration: 2h`.
        """),
    CatalogueEntry(
      "W0401", .warning, "time off the frame grid",
      explanation: """
        At the canvas rate `F`, timeline frame `k` is the instant `k/F`. This time falls \
        between two frames, so it is rounded down to the earlier one. The fix-it writes the \
        snapped value. A clip length computed from `trim:` ÷ `speed:` is rounded down the \
        same way, with the warning at the trim (or the speed); the fix-it then ends the \
        trim where the rounded length ends.

        ```vedl
        canvas 1920x1080 fps: 30
        track overlay { text "Hi" at: 1.01s duration: 1s }
        ```

        Write a time on the grid (`1s`, or frames: `30f`).
        """),
    CatalogueEntry(
      "W0402", .warning, "item runs past the end",
      explanation: """
        The item ends after the main track does; the output is as long as the main track \
        (or the longest item when there is no main track), so the rest is cut.

        ```vedl
        track overlay { text "Hi" at: 9s duration: 5s }
        ```

        End the item earlier, or use `until: end`.
        """),
    CatalogueEntry(
      "W0403", .warning, "odd canvas dimension",
      explanation: """
        Video encoders need even frame sizes, so an odd width or height is rounded up to \
        the next even number.

        ```vedl
        canvas 1081x1920
        ```

        Use even dimensions: `canvas 1080x1920`.
        """),
    CatalogueEntry(
      "W0404", .warning, "caption cue past the end",
      explanation: """
        A caption cue starts after the timeline ends (it will never show) or runs past the \
        end (it is cut).

        ```vedl
        captions { cue 30s..32s "Too late" }
        ```

        Move the cue inside the timeline.
        """),
  ]
}
