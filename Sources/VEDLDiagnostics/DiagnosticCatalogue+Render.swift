extension DiagnosticCode {
  public static let renderGraphRejected = DiagnosticCode("E0810")
  public static let renderMediaUnreadable = DiagnosticCode("E0811")
  public static let renderEncodingFailed = DiagnosticCode("E0812")
  public static let renderInterrupted = DiagnosticCode("E0813")
  public static let renderLoweringFailed = DiagnosticCode("E0815")
  public static let renderIncomplete = DiagnosticCode("E0818")
  public static let stillTimeOutsideEdit = DiagnosticCode("E0816")
  public static let nativeDrawingFailed = DiagnosticCode("E0817")
}

extension DiagnosticCatalogue {
  /// Codes raised while rendering (`E081x`, `W081x`): FFmpeg's failures, carrying FFmpeg's
  /// own message. Writing an output uses `E0502`; an output over an input, `E0802`.
  static let render: [CatalogueEntry] = [
    CatalogueEntry(
      "E0810", .error, "FFmpeg rejected the filter graph",
      explanation: """
        The script checked, but FFmpeg refused the filter graph VEDL built from it, or a \
        filter failed while frames went through it. The message quotes FFmpeg, for example \
        `No such filter: 'drawtext'` when this FFmpeg was built without a filter VEDL needs, \
        or `Generic error in an external library` from a filter that gave up.

        ```sh
        vedl render edit.vedl
        ```

        Print the graph with `vedl graph edit.vedl` and the whole command with \
        `vedl graph edit.vedl --command`: running that command shows the same failure with \
        FFmpeg's full log. A missing filter needs an FFmpeg built with it (Debian's \
        `ffmpeg` package has every filter VEDL uses); anything else is a bug in VEDL worth \
        reporting with the script.
        """),
    CatalogueEntry(
      "E0811", .error, "cannot read media while rendering",
      explanation: """
        A media file the render reads could not be decoded: it is empty, cut short, damaged, \
        not media at all, or lacks the stream the edit uses (the picture of a sound file, \
        the sound of a silent video). `vedl check` probes every source, so this usually \
        means the file changed after checking or is damaged past its header.

        ```vedl
        let intro = video("media/intro.mp4")   // truncated by an interrupted copy
        ```

        Check the file with `vedl probe FILE` and replace it with a complete copy.
        """),
    CatalogueEntry(
      "E0812", .error, "encoding failed",
      explanation: """
        FFmpeg could not encode the output: the encoder is missing from this FFmpeg \
        (`libx264` for `.mp4`/`.mov`, `libvpx-vp9` and `libopus` for `.webm`), refused its \
        settings, or the graph ended before producing a single picture. The message quotes \
        FFmpeg.

        Install an FFmpeg with the encoders (Debian's `ffmpeg` package has them), or export \
        to another format. Nothing is left behind: the unfinished file is removed.
        """),
    CatalogueEntry(
      "E0813", .error, "render interrupted",
      explanation: """
        The render was stopped (Ctrl-C, `kill`, or the terminal closing) before it \
        finished. The unfinished output was removed; a previous output and its metadata are \
        untouched. `vedl render` exits with status 128 + the signal, as programs stopped by a \
        signal do: 130 for Ctrl-C, 143 for `kill`, 129 for a hang-up.

        Run the command again to render.
        """),
    CatalogueEntry(
      "E0815", .error, "cannot build the filter graph",
      explanation: """
        The timeline checked, but could not be turned into an FFmpeg filter graph: it lasts \
        no frames, a still's time lies past the end (`-o OUT.png` on an edit whose export \
        chose no time inside it), or a fact the graph needs about a source (its size) is \
        unknown. The message says which.

        ```vedl
        canvas 640x360
        export "out.mp4"   // nothing on any track: the edit lasts no frames
        ```

        Follow the `help:` line: add a clip, or pick a time inside the edit.
        """),
    CatalogueEntry(
      "E0816", .error, "still time outside the edit",
      explanation: """
        `vedl still --at TIME` names a moment the edit does not have: at or after its end \
        (the last frame starts one frame before the end), or a timecode whose frames field \
        does not fit the canvas rate. A time between two frames is not an error: it is \
        rounded down to the earlier frame, with warning `W0401`.

        ```sh
        vedl still edit.vedl --at 6s -o frame.png   # the edit lasts 6s: frames 0s…5.967s
        ```

        Give a time from `0s` up to, not including, the edit's length (`vedl ir FILE` prints \
        it); `--at 179f` names the last frame of a 180-frame edit.
        """),
    CatalogueEntry(
      "E0817", .error, "cannot draw the picture",
      explanation: """
        The native renderer could not draw a frame for a reason other than a damaged media \
        file (that is `E0811`): the font library could not start (FreeType or Fontconfig is \
        missing), no installed font matches, a font file changed after the script was checked \
        (a missing or unusable font file is found when the script is checked: `E0515`; a size \
        over 4096 pixels is `E0313`), or FFmpeg's `testsrc2` generator behind `testpattern()` \
        failed. The message says which.

        Install the fonts and `fontconfig` (`scripts/install-deps.sh`), and render again.
        """),
    CatalogueEntry(
      "E0818", .error, "the render did not make the timeline's frames",
      explanation: """
        The rendered file does not hold what the timeline says: another number of pictures \
        than the timeline has frames, or sound that ends more than one audio frame before \
        or after the picture. A render that cannot make exactly the timeline's frames (§5 \
        of the language) fails: the output is not written (an earlier output of the same \
        name is kept), and `vedl batch` counts the row as failed.

        The diagnostic points at the item playing at the first frame that is missing. It is \
        a bug in VEDL, not in the script: please report it with the script — `vedl ir FILE` \
        lists the expected frames, and `vedl graph FILE --command` prints the FFmpeg command \
        that renders the same edit (or try `--backend native`).
        """),
  ]
}
