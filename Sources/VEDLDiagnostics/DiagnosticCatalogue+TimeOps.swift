extension DiagnosticCode {
  public static let timeOperationNeedsMedia = DiagnosticCode("E0460")
  public static let timeOperationNotOnThisTrack = DiagnosticCode("E0461")
  public static let freezeOutsideClip = DiagnosticCode("E0462")
  public static let conflictingTimeOperations = DiagnosticCode("E0463")
  public static let frameClipNeedsLength = DiagnosticCode("E0464")
  public static let pictureRunsOut = DiagnosticCode("W0460")
  public static let soundRunsOut = DiagnosticCode("W0461")
}

extension DiagnosticCatalogue {
  /// Codes of the time operations: loops, reverse, freeze and one-frame clips (`E046x`,
  /// `W046x`).
  static let timeOperations: [CatalogueEntry] = [
    CatalogueEntry(
      "E0460", .error, "time operation on a source without time",
      explanation: """
        `reverse`, `loop:`, `freeze` and `frame:` work on the frames or samples of a media \
        file: a clip of a video or audio file (`reverse`, `loop:`) or of a video (`freeze`, \
        `frame:`). An image, a colour or a generated source has no time to play backwards, \
        repeat or stop.

        ```vedl
        track main {
          clip image("logo.png") duration: 2s reverse
        }
        ```

        Remove `reverse`; an image already shows the same picture throughout.
        """),
    CatalogueEntry(
      "E0461", .error, "time operation not on this track",
      explanation: """
        `freeze` makes a clip longer and pushes the clips after it, which only the main \
        track has; an overlay or audio clip is placed with `at:` and pushes nothing.

        ```vedl
        track overlay {
          clip video("a.mp4") at: 0s duration: 3s {
            freeze at: 1s duration: 1s
          }
        }
        ```

        Freeze the frame in a main-track clip, or show one picture on the overlay with a \
        `frame:` clip (`clip video("a.mp4") frame: 1s at: 0s duration: 1s`).
        """),
    CatalogueEntry(
      "E0462", .error, "freeze outside the clip",
      explanation: """
        `freeze at: T duration: D` holds the frame the clip shows at clip-local time `T` \
        (from `0s`, its first instant, to just before its end) for `D`, which must be longer \
        than zero.

        ```vedl
        track main {
          clip video("a.mp4") trim: 0s..2s {
            freeze at: 3s duration: 1s
          }
        }
        ```

        Freeze at a moment inside the clip: here `at:` from `0s` to `2s - 1f`.
        """),
    CatalogueEntry(
      "E0463", .error, "conflicting time operations",
      explanation: """
        A one-frame clip (`frame:`) shows a single picture: it takes no `trim:`, `speed:`, \
        `loop:`, `reverse` or `freeze`. And `loop:` with `freeze` would repeat a hold whose \
        length is the item's own: use one of them.

        ```vedl
        track main {
          clip video("a.mp4") frame: 2s duration: 1s trim: 0s..3s
        }
        ```

        Remove `trim:`: `frame: 2s` already says which picture is shown.
        """),
    CatalogueEntry(
      "E0464", .error, "one-frame clip without a length",
      explanation: """
        `clip SOURCE frame: TIME` shows one picture of the source; how long it shows it \
        must be given with `duration:` or `until:`.

        ```vedl
        track main {
          clip video("a.mp4") frame: 2s
        }
        ```

        Add `duration: 1s`.
        """),
    CatalogueEntry(
      "W0460", .warning, "clip longer than its picture",
      explanation: """
        An overlay clip lasts longer than its source's pictures (its trim, or the file, at \
        its speed). After the last picture the clip holds it until the item ends; its sound, \
        if any, is silent from where the file's sound ends.

        ```vedl
        track overlay {
          clip video("sticker.gif") at: 0s duration: 10s
        }
        ```

        Add `loop: true` to repeat the source instead, or shorten the clip.
        """),
    CatalogueEntry(
      "W0461", .warning, "clip longer than its sound",
      explanation: """
        An audio clip lasts longer than its source's sound (its trim, or the file, at its \
        speed). The rest of the clip is silent.

        ```vedl
        track audio {
          clip audio("music.m4a") at: 0s until: end
        }
        ```

        Add `loop: true` to repeat the music until the clip ends, or shorten the clip.
        """),
  ]
}
