extension DiagnosticCode {
  public static let keysOutOfOrder = DiagnosticCode("E0420")
  public static let keyOutsideItem = DiagnosticCode("E0421")
  public static let animatedAndStatic = DiagnosticCode("E0422")
  public static let unknownEasing = DiagnosticCode("E0423")
  public static let notForThisItem = DiagnosticCode("E0424")
  public static let presetsDoNotFit = DiagnosticCode("E0425")
}

extension DiagnosticCatalogue {
  /// Codes of motion over time (`animate`, `key`, easings; `E042x`).
  static let motion: [CatalogueEntry] = [
    CatalogueEntry(
      "E0420", .error, "keys out of order",
      explanation: """
        The keys of an `animate` block must be in strictly increasing time order: each key \
        after the one before it. Two keys at the same time would make the value jump without \
        saying which comes first; write `easing: hold` on a key to make the value jump there.

        ```vedl
        text "Hi" at: 0s duration: 3s {
          animate opacity { key 1s 100%; key 500ms 0% }
        }
        ```

        Put the keys in time order: `key 500ms 0%; key 1s 100%`.
        """),
    CatalogueEntry(
      "E0421", .error, "key outside the item",
      explanation: """
        A key's time is item-local: `0s` is the item's first instant and `length` its \
        length. A key before `0s` or after `length` would never be shown.

        ```vedl
        text "Hi" at: 0s duration: 2s {
          animate opacity { key 0s 0%; key 3s 100% }
        }
        ```

        Keep keys within `0s…length`; `key length 100%` is the item's last instant.
        """),
    CatalogueEntry(
      "E0422", .error, "property both animated and static",
      explanation: """
        An item may not have both `animate P` and the static modifier `P`: the animation \
        gives the value at every frame, so the static value would be ignored. The fix-it \
        removes the static modifier; give its value as a key instead.

        ```vedl
        text "Hi" at: 0s duration: 2s {
          opacity 50%
          animate opacity { key 0s 0%; key 1s 100% }
        }
        ```

        Remove `opacity 50%`.
        """),
    CatalogueEntry(
      "E0423", .error, "unknown easing",
      explanation: """
        `easing:` takes `linear`, `hold`, `easeIn`, `easeOut`, `easeInOut`, Penner's curves \
        (`easeInSine` … `easeInOutBounce`: `easeIn`, `easeOut` or `easeInOut` followed by \
        `Sine`, `Quad`, `Cubic`, `Quart`, `Quint`, `Expo`, `Circ`, `Back`, `Elastic` or \
        `Bounce`), `cubicBezier(x1, y1, x2, y2)` with `x1` and `x2` in 0…1, or \
        `spring(mass:stiffness:damping:)` with positive values.

        ```vedl
        animate offset { key 0s x: 0 y: 100; key 1s x: 0 y: 0 easing: easeOutBak }
        ```

        Use the name suggested: `easeOutBack`.
        """),
    CatalogueEntry(
      "E0424", .error, "modifier does not apply to this item",
      explanation: """
        Some modifiers only make sense on some items:

        - A main-track clip fills the canvas, so the placement modifiers of overlay items — \
        `position`, `offset`, `size` and `scale` — do not apply to it, and its opacity only \
        fades (`fade in:`/`out:`): no `animate opacity`, `offset` or `position`. Frame it \
        with `fit`, `zoom` and `pan`, or put the clip on an overlay track.
        - A clip of sound (`audio(…)`, `tone(…)`) has no picture: it takes `fade` and \
        `animate volume` only.
        - Text and shapes have no sound and no picture to zoom into: no `animate volume`, \
        `zoom` or `pan`.
        - `enter` and `exit` are for overlay items (a main-track clip fades with `fade` or \
        a transition), and `typewriter` is for text.

        ```vedl
        track main {
          clip photo duration: 3s { position x: 40 y: 0 }
        }
        ```

        Remove `position`, or move the clip to a `track overlay`.
        """),
    CatalogueEntry(
      "E0425", .error, "entrance and exit do not fit",
      explanation: """
        An `enter` plays from the item's start and an `exit` ends at its end; together they \
        must fit in the item, so that the exit starts when the entrance has ended or later. \
        Each alone must also be no longer than the item.

        ```vedl
        text "New!" at: 0s duration: 1s {
          enter pop duration: 600ms
          exit fade duration: 600ms
        }
        ```

        Shorten one of them (`duration: 400ms`), or make the item longer.
        """),
  ]
}
