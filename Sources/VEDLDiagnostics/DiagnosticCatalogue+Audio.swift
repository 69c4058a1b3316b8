extension DiagnosticCode {
  public static let unknownDuckTrack = DiagnosticCode("E0440")
  public static let duckValueOutOfRange = DiagnosticCode("E0441")
  public static let duckAndAnimatedVolume = DiagnosticCode("E0442")
  public static let duckUnderItself = DiagnosticCode("E0443")
  public static let duckWithoutSound = DiagnosticCode("E0444")
  public static let loudnessOutOfRange = DiagnosticCode("E0445")
  public static let truePeakOutOfRange = DiagnosticCode("E0446")
  public static let loudnessOnStill = DiagnosticCode("E0447")
  public static let waveformAudioNotSound = DiagnosticCode("E0448")
  public static let waveformBadValue = DiagnosticCode("E0449")
  public static let duckNeverLowers = DiagnosticCode("W0440")
  public static let loudnessWithoutSound = DiagnosticCode("W0441")
  public static let loudnessNotReached = DiagnosticCode("W0442")
}

extension DiagnosticCatalogue {
  /// Codes of the sound of an edit: ducking and loudness (`E044x`, `W044x`).
  static let audio: [CatalogueEntry] = [
    CatalogueEntry(
      "E0440", .error, "ducking under an unknown track",
      explanation: """
        `duck under: "NAME"` lowers a clip's sound while the items of the track called \
        `NAME` play. The name must be the name of an overlay or audio track of the file \
        (`track audio "voice" { … }`); the main track has no name and cannot be ducked under.

        ```vedl
        track audio "voice" { clip tone(1000) at: 1s duration: 2s }
        track audio "music" {
          duck under: "vocie"
          clip tone(440) at: 0s duration: 4s
        }
        ```

        Correct the name: `duck under: "voice"`.
        """),
    CatalogueEntry(
      "E0441", .error, "ducking value out of range",
      explanation: """
        `duck … by: GAIN ramp: DURATION`: the gain is how far the sound is lowered and must \
        be below `0dB` and at least `-100dB`; the ramp is how long the sound takes to go \
        down (and back up), from `0s` (a jump) to `10s`.

        ```vedl
        track audio "music" {
          duck under: "voice" by: 6dB
          clip tone(440) at: 0s duration: 4s
        }
        ```

        Write a negative gain: `by: -6dB`.
        """),
    CatalogueEntry(
      "E0442", .error, "ducking and animated volume on one clip",
      explanation: """
        `duck` means volume keys (ANIMATION.md's `volume` rule): the clip's volume follows \
        them. A clip that also has `animate volume` would have two sets of keys for one \
        property, so the two cannot be combined. (A static `volume:` can: the ducking is \
        added to it, in decibels.)

        ```vedl
        track audio "music" {
          duck under: "voice"
          clip tone(440) at: 0s duration: 4s {
            animate volume { key 0s 0dB; key 1s -6dB }
          }
        }
        ```

        Remove one of them, or write the ducking into the `animate volume` keys.
        """),
    CatalogueEntry(
      "E0443", .error, "ducking under its own track",
      explanation: """
        A track cannot duck under itself: its clips would lower each other's sound while \
        they play, which is every moment they play.

        ```vedl
        track audio "music" {
          duck under: "music"
          clip tone(440) at: 0s duration: 4s
        }
        ```

        Name another track: `duck under: "voice"`.
        """),
    CatalogueEntry(
      "E0444", .error, "ducking a clip without sound",
      explanation: """
        `duck` lowers sound; a clip of a picture only (an image, a colour, a test pattern, \
        or a video file without a sound stream) has nothing to lower.

        ```vedl
        track overlay {
          clip testpattern() at: 0s duration: 2s { duck under: "voice" }
        }
        ```

        Remove the `duck`.
        """),
    CatalogueEntry(
      "E0445", .error, "loudness target out of range",
      explanation: """
        `export … loudness: TARGET` normalises the mix to an integrated loudness (EBU R128) \
        given in LUFS, written as a gain (`-14dB`) or as a delivery preset (`youtube`, \
        `spotify`, `podcast`, `broadcast`, `apple`). The target must be from `-70dB` to \
        `-5dB`: below is silence to the R128 gate, above cannot be reached under a true \
        peak ceiling.

        ```vedl
        export "out.mp4" loudness: 14dB
        ```

        Loudness targets are negative: `loudness: -14dB`.
        """),
    CatalogueEntry(
      "E0446", .error, "true-peak ceiling out of range",
      explanation: """
        `truePeak:` is the highest true peak (dBTP, 4× oversampled) the normalised mix may \
        reach: from `-20dB` to `0dB`. It only makes sense with `loudness:`, which it \
        belongs to.

        ```vedl
        export "out.mp4" loudness: -14dB truePeak: 1dB
        ```

        Write a ceiling at or below full scale: `truePeak: -1dB`.
        """),
    CatalogueEntry(
      "E0447", .error, "loudness on a still export",
      explanation: """
        A `.png` export is one picture: it has no sound to normalise.

        ```vedl
        export "frame.png" at: 1s loudness: -14dB
        ```

        Remove `loudness:` (and `truePeak:`) from the still.
        """),
    CatalogueEntry(
      "E0448", .error, "waveform of something that is not a sound",
      explanation: """
        `waveform(audio: SOURCE, …)` draws the sound of `SOURCE`, so `SOURCE` must be a \
        sound source: `audio("…")`, `tone(…)`, or a `let` name bound to one. A video, an \
        image, a colour, the test pattern or another waveform has no sound to draw (draw a \
        video's sound by naming its file with `audio("…")`).

        ```vedl
        let picture = image("cover.png")
        track overlay { clip waveform(audio: picture) duration: 2s }
        ```

        Name a sound: `waveform(audio: tone(440))`.
        """),
    CatalogueEntry(
      "E0449", .error, "bad waveform argument",
      explanation: """
        `waveform(audio: SOURCE, color: COLOR, style: STYLE)`: `audio:` is required; \
        `style:` is `line` (a filled envelope, the default) or `bars` (32 bars); `color:` is \
        a colour (`white`, `#RRGGBB`, `#RRGGBBAA`; white by default). A misspelt style is \
        reported with the closest one.

        ```vedl
        track overlay { clip waveform(audio: tone(440), style: bar) duration: 2s }
        ```

        Write `style: bars`.
        """),
    CatalogueEntry(
      "W0440", .warning, "ducking that never lowers anything",
      explanation: """
        No item of the track named by `duck under:` plays while the ducked clips play (nor \
        within their ramps), so the `duck` changes nothing. The edit renders as if it were \
        not there.

        ```vedl
        track audio "voice" { clip tone(1000) at: 8s duration: 1s }
        track audio "music" {
          duck under: "voice"
          clip tone(440) at: 0s duration: 4s
        }
        ```

        Check the track name and the items' times, or remove the `duck`.
        """),
    CatalogueEntry(
      "W0441", .warning, "loudness on an edit without sound",
      explanation: """
        Nothing in the edit makes sound, so the export has no sound stream and there is \
        nothing to normalise; `loudness:` is ignored.

        ```vedl
        track main { clip color(black) duration: 2s }
        export "out.mp4" loudness: -14dB
        ```

        Remove `loudness:`, or add sound.
        """),
    CatalogueEntry(
      "W0442", .warning, "loudness target not reached",
      explanation: """
        The render measures the export's mix and normalises it to the `loudness:` target \
        (docs/language.md, Loudness): within ±0.5 LU, with the true peak under the \
        `truePeak:` ceiling. Some mixes cannot get there, and the render says so rather than \
        leave a file that quietly misses its delivery spec:

        - sound so quiet that it stays under the −70 LUFS gate of EBU R128 throughout, or \
          shorter than its 400 ms measuring block: there is nothing to measure, and the mix \
          is left as it is;
        - a target too loud for its ceiling: a limiter holding the peaks under `-20dB` \
          cannot also make the mix measure −5 LUFS.

        ```vedl
        track main { clip tone(440) duration: 2s }
        export "out.mp4" loudness: -5dB truePeak: -20dB
        ```

        The output is written; the warning gives what it measures. Raise the ceiling, lower \
        the target, or raise the quiet sound's `volume:`.
        """),
  ]
}
