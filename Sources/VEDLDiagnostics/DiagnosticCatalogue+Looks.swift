extension DiagnosticCode {
  public static let unknownTransition = DiagnosticCode("E0450")
  public static let notForThisTransition = DiagnosticCode("E0451")
  public static let easedTransitionClamped = DiagnosticCode("W0450")
  public static let lookOutOfRange = DiagnosticCode("E0452")
  public static let keyOutOfRange = DiagnosticCode("E0453")
  public static let secondKey = DiagnosticCode("E0454")
  public static let malformedLookTable = DiagnosticCode("E0455")
  public static let unsupportedLookTable = DiagnosticCode("E0456")
}

extension DiagnosticCatalogue {
  /// Codes of the picture's transitions, looks and keys (`E045x`, `W045x`).
  static let looks: [CatalogueEntry] = [
    CatalogueEntry(
      "E0450", .error, "unknown transition",
      explanation: """
        `transition NAME D` names one of the transitions of the main track: `dissolve` (also \
        `crossfade`), `fadeBlack`, `fadeWhite`, `wipe`, `smoothWipe`, `slide`, `push`, \
        `circleOpen`, `circleClose`, `radial`, `zoom`, `pixelize` and `blur`. The name is a \
        word, not a string; a misspelt one gets a "did you mean" fix-it.

        ```vedl
        track main {
          clip a
          transition circelOpen 1s
          clip b
        }
        ```

        Write `transition circleOpen 1s`.
        """),
    CatalogueEntry(
      "E0451", .error, "option not taken by this transition",
      explanation: """
        Only transitions that move along a direction take `direction:` — `wipe`, \
        `smoothWipe`, `slide` and `push`; a circle, a radial sweep, a zoom, a pixelation, a \
        blur and the fades have none. And `easing:` belongs to a transition of the main \
        track: an item's own `fade in:`/`out:` is linear.

        ```vedl
        track main {
          clip a
          transition circleOpen 1s direction: up
          clip b
        }
        ```

        Remove the option (the fix-it does).
        """),
    CatalogueEntry(
      "E0452", .error, "look value out of range",
      explanation: """
        A look's value is outside what it can mean: `blur radius:` is the Gaussian's \
        standard deviation in pixels (as in CSS's `blur()`), more than 0 and at most 1024 \
        (FFmpeg's `gblur` takes no more); `sharpen amount:` is counted in sixteenths, from \
        0.0625 to 5; `vignette angle:` is the lens angle, more than 0 and at most 90deg \
        (FFmpeg's `vignette` clips there).

        ```vedl
        track main {
          clip testpattern() duration: 2s { blur radius: 0 }
        }
        ```

        Give a radius such as `blur radius: 4`; remove `blur` for a sharp picture.
        """),
    CatalogueEntry(
      "E0453", .error, "key value out of range",
      explanation: """
        `chromakey COLOR similarity: S blend: B` and `colorkey …` take FFmpeg's `chromakey` \
        and `colorkey` values: `similarity:` from 0.01 to 1 (the distance from the key colour, \
        0 the same colour, 1 the farthest, up to which pixels become fully transparent) and \
        `blend:` from 0 to 1 (the distance over which they fade back to opaque; 0 is a hard \
        edge).

        ```vedl
        track overlay {
          clip color(#00FF00) at: 0s duration: 2s { chromakey #00FF00 similarity: 2 }
        }
        ```

        Give e.g. `similarity: 0.1 blend: 0.05`; a green screen lit evenly keys well around \
        `similarity: 0.1`.
        """),
    CatalogueEntry(
      "E0454", .error, "second key on a clip",
      explanation: """
        A clip takes one key: `chromakey` and `colorkey` both set which of its pixels are \
        transparent, so a second would replace the first.

        ```vedl
        track overlay {
          clip color(#00FF00) at: 0s duration: 2s {
            chromakey #00FF00
            colorkey #0000FF
          }
        }
        ```

        Keep one of them.
        """),
    CatalogueEntry(
      "E0455", .error, "malformed .cube file",
      explanation: """
        `lut "look.cube"` reads a 3D colour table in the Adobe/Iridas `.cube` format: \
        optional `TITLE` and `DOMAIN_MIN`/`DOMAIN_MAX` lines, `LUT_3D_SIZE N` (2 to 256), then \
        N³ lines of three numbers (red, green, blue output, red varying fastest); blank \
        lines and `#` comments may go anywhere. The diagnostic points into the `.cube` file \
        at the first line that does not fit, with the `lut` that reads it labelled.

        ```text
        LUT_3D_SIZE 2
        0 0 0
        1 0
        ```

        Give every colour its three numbers and exactly N³ colours; keywords start their \
        line and come before the table.
        """),
    CatalogueEntry(
      "E0456", .error, "unsupported .cube file",
      explanation: """
        The `.cube` file is well formed but asks for something VEDL does not render alike \
        in both backends: a 1D table (`LUT_1D_SIZE`), or a domain or input range other than \
        0…1 (FFmpeg's `lut3d` ignores a `DOMAIN_MIN` and rescales by `DOMAIN_MAX` alone).

        ```text
        DOMAIN_MIN -0.1 -0.1 -0.1
        DOMAIN_MAX 1.1 1.1 1.1
        LUT_3D_SIZE 33
        ```

        Export the look from the grading tool as a 3D `.cube` with the input range 0…1 \
        (the default of most tools).
        """),
    CatalogueEntry(
      "W0450", .warning, "eased transition clamped",
      explanation: """
        A transition's progress runs from 0 (all the previous clip) to 1 (all the next). \
        Easings that overshoot — the `Back` and `Elastic` families, most springs — leave \
        0…1 on the way; a transition cannot show more than all of a clip, so its progress \
        is clamped there, and the picture holds while the easing is outside. The edit \
        renders; the warning says that the overshoot is not seen.

        ```vedl
        track main {
          clip a
          transition wipe 1s easing: easeOutBack
          clip b
        }
        ```

        Use an easing that stays within 0…1, such as `easeInOut` or `easeOutCubic`.
        """),
  ]
}
