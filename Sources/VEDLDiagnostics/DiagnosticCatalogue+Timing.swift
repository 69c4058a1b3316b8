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
      "E0406", .error, "trim outside the source",
      explanation: """
        The trim range asks for source time the file does not have. The message gives the \
        source's real length.

        ```vedl
        clip video("five-seconds.mp4") trim: 3s..8s
        ```

        Trim within the source: `trim: 3s..5s`.
        """),
    CatalogueEntry(
      "E0407", .error, "empty or negative length",
      explanation: """
        The item would last zero or less time: an empty trim (`2s..2s`), a range that ends \
        before it starts, `until:` before `at:`, or a zero duration.

        ```vedl
        clip intro trim: 5s..2s
        ```

        Give a positive length: `trim: 2s..5s`.
        """),
    CatalogueEntry(
      "E0408", .error, "invalid speed",
      explanation: """
        Speeds must be greater than zero (`0.5x` is half speed). Reverse playback is not \
        supported.

        ```vedl
        clip intro speed: 0x
        ```

        Use a positive speed.
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
      "W0401", .warning, "time off the frame grid",
      explanation: """
        At the canvas rate `F`, timeline frame `k` is the instant `k/F`. This time falls \
        between two frames, so it is rounded down to the earlier one. The fix-it writes the \
        snapped value.

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
