extension DiagnosticCode {
  public static let editorHeaderNotDeclared = DiagnosticCode("E0701")
  public static let editorUnknownItemID = DiagnosticCode("E0702")
  public static let editorDuplicateID = DiagnosticCode("E0703")
  public static let editorSpacerAnchor = DiagnosticCode("E0704")
  public static let editorNoneWithSources = DiagnosticCode("E0705")
  public static let editorMissingBlock = DiagnosticCode("E0706")
  public static let editorEmptyCustomID = DiagnosticCode("E0707")
  public static let editorNegativeTracks = DiagnosticCode("W0701")
  public static let editorEmptyAddMenu = DiagnosticCode("W0702")
  public static let editorZeroMaximumTracks = DiagnosticCode("W0703")
  public static let editorUntitledCustomSource = DiagnosticCode("W0704")
}

extension DiagnosticCatalogue {
  /// Codes about the editor's timeline UI, `editor { … }` (`E07xx`, `W07xx`). Unknown
  /// statements, arguments and repeated settings inside `editor` are reported by the
  /// schema's generic codes (`E0301`, `E0302`, `E0312`, …); these are the editor's own rules.
  static let editor: [CatalogueEntry] = [
    CatalogueEntry(
      "E0701", .error, "`modifyHeader` without a declared header",
      explanation: """
        `modifyHeader` adjusts a header that `header { … }` declared earlier in the same \
        `editor` block. The timeline has no header until one is declared, so without it (or \
        when `header` comes after `modifyHeader`) there is nothing to adjust, and its \
        operations are ignored.

        ```vedl
        editor {
          modifyHeader {
            remove loop
          }
        }
        ```

        Declare the header first, then adjust it:

        ```vedl
        editor {
          header {
            leading  { timecode }
            trailing { loop; toggleExpanded }
          }
          modifyHeader {
            remove loop
          }
        }
        ```
        """),
    CatalogueEntry(
      "E0702", .error, "no header item with this id",
      explanation: """
        `remove`, `replace`, `addAfter` and `addBefore` in `modifyHeader` are anchored to an \
        item's id, and no item of the header has that id at this point. A built-in item's id \
        is its name (`timecode`, `playPause`, `loop`, `toggleExpanded`); a custom item's id \
        is its string. Operations run in order, so an item removed by an earlier operation \
        is gone for the later ones. The notes list the ids the header does have.

        ```vedl
        editor {
          header {
            center { playPause }
          }
          modifyHeader {
            addAfter timecode { custom "my.app.header.share" title: "Share" }
          }
        }
        ```

        Anchor on an item that exists (`addAfter playPause { … }`), fix the id's spelling, \
        or use `addFirst PLACEMENT { … }` / `addLast PLACEMENT { … }`, which need no anchor.
        """),
    CatalogueEntry(
      "E0703", .error, "duplicate editor item id",
      explanation: """
        Ids are unique in the whole `editor` block — header items and the sources of both add \
        buttons — because `modifyHeader` and the editor host find items by id. Built-in items \
        and sources use their name as id (`loop`, `camera`), so listing one twice, or giving \
        a `custom` item the id of another item, is a duplicate. The label points at the first \
        item with the id.

        ```vedl
        editor {
          header {
            leading  { timecode; loop }
            trailing { loop }
          }
        }
        ```

        Keep one of the two items, or give the custom item a different id. The same holds \
        across surfaces: `custom "my.app.share"` cannot be both a header item and an \
        `addClip` source.
        """),
    CatalogueEntry(
      "E0704", .error, "spacers cannot be addressed",
      explanation: """
        A `spacer` has no id, so `modifyHeader` cannot remove, replace or anchor on one: \
        there may be several, and nothing says which is meant.

        ```vedl
        editor {
          header {
            leading { timecode; spacer }
          }
          modifyHeader {
            remove spacer
          }
        }
        ```

        Anchor on a neighbouring item instead (`addAfter timecode { … }`), or declare the \
        group without the spacer in `header`.
        """),
    CatalogueEntry(
      "E0705", .error, "`none` combined with sources",
      explanation: """
        `addClip none` and `addAudio none` remove the button, so a block of sources or a \
        `title:` / `icon:` for the button cannot come with it: they would have no effect.

        ```vedl
        editor {
          addClip none { camera; library }
        }
        ```

        Remove `none` to keep the sources (`addClip { camera; library }`), or remove the \
        block and the labels to remove the button (`addClip none`).
        """),
    CatalogueEntry(
      "E0706", .error, "missing block",
      explanation: """
        This editor statement is made of what its block contains, and it has no block: \
        `editor`, `header`, `modifyHeader`, the groups `leading`, `center` and `trailing`, \
        and the `modifyHeader` operations `addFirst`, `addLast`, `addAfter`, `addBefore` and \
        `replace` all take `{ … }`.

        ```vedl
        editor {
          header {
            leading
          }
        }
        ```

        Add the block with its items: `leading { timecode; spacer }`. An empty block is \
        allowed where it means something (`header {}` removes the player bar, \
        `replace loop {}` removes `loop`).
        """),
    CatalogueEntry(
      "E0707", .error, "empty custom id",
      explanation: """
        A `custom` header item or add source is named by its string id, which the editor \
        host uses to find the view or action it provides. An empty string names nothing.

        ```vedl
        editor {
          addClip { camera; custom "" title: "Stock Footage" }
        }
        ```

        Give it a unique, descriptive id, e.g. \
        `custom "my.package.timeline.addClip.stock" title: "Stock Footage"`.
        """),
    CatalogueEntry(
      "W0701", .warning, "negative track count clamped to 0",
      explanation: """
        `height fixed(tracks: N)` and `height dynamic(maximumTracks: N)` count overlay track \
        rows, and a negative count is clamped to 0: the timeline shows the main track only \
        (it is always shown and never counted).

        ```vedl
        editor {
          height fixed(tracks: -1)
        }
        ```

        Write the count you mean; `fixed(tracks: 0)` if only the main track should show.
        """),
    CatalogueEntry(
      "W0702", .warning, "add button lists no sources",
      explanation: """
        `addClip {}` or `addAudio {}` with an empty block offers no source, so the button is \
        hidden. That is what `addClip none` says directly; an empty block more often means \
        the sources were forgotten. (`addClip` without a block offers the built-in sources, \
        camera and library.)

        ```vedl
        editor {
          addClip {}
        }
        ```

        List the sources (`addClip { camera; library }`), or write `addClip none` to remove \
        the button on purpose.
        """),
    CatalogueEntry(
      "W0703", .warning, "`maximumTracks: 0` shows no overlay track",
      explanation: """
        `height dynamic(maximumTracks: 0)` lets the timeline grow to at most 0 overlay \
        tracks, so it never grows: it always shows the main track alone, exactly like \
        `fixed(tracks: 0)`. 0 does not mean "unlimited".

        ```vedl
        editor {
          height dynamic(maximumTracks: 0)
        }
        ```

        Raise the limit (`dynamic(maximumTracks: 5)`), or write `fixed(tracks: 0)` to say \
        that only the main track shows.
        """),
    CatalogueEntry(
      "W0704", .warning, "custom source without a title",
      explanation: """
        A `custom` source of `addClip` or `addAudio` has no `title:`, so its menu entry (or \
        the button itself, when it is the only source) shows its id, which is meant for the \
        host rather than for people.

        ```vedl
        editor {
          addClip { camera; custom "my.package.timeline.addClip.stock" }
        }
        ```

        Add a title, and an icon if you like: \
        `custom "my.package.timeline.addClip.stock" title: "Stock Footage" icon: "film.stack"`.
        """),
  ]
}
