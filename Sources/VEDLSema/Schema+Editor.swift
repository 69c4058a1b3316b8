// The statements of `editor { … }`: the editor's timeline UI (header, add buttons, height,
// expanded state). Their meaning is in `EditorChecker`; the JSON they compile to is described
// in docs/editor-config.md.

extension Schema {
  /// The placements a header group can have, in the order they are laid out.
  static let editorPlacement = EnumerationType("Placement", ["leading", "center", "trailing"])

  /// The value `none` accepted by `addClip` and `addAudio`.
  static let editorNone = EnumerationType("None", ["none"])

  /// `title:` of a header item, an add source or an add button.
  private static func editorTitle(_ what: String) -> ArgumentSchema {
    ArgumentSchema("title", .string, "The text \(what) shows instead of its built-in label.")
  }

  /// `icon:` of a header item, an add source or an add button.
  private static func editorIcon(_ what: String) -> ArgumentSchema {
    ArgumentSchema(
      "icon", .string,
      "The name of the system image \(what) shows instead of its built-in icon (an SF Symbol name on Apple platforms, e.g. `\"film.stack\"`)."
    )
  }

  /// The id argument of `custom`, `remove`, `addAfter`, `addBefore` and `replace`.
  private static let editorAnchor = ArgumentSchema(
    nil, .itemIdentifier, required: true,
    "The id of a header item: a built-in item's name (`timecode`, `playPause`, `loop`, `toggleExpanded`) or a custom item's string id. Spacers have no id."
  )

  /// Every statement of the `editor` block and the blocks inside it.
  static let editorStatements: [StatementSchema] = [
    StatementSchema(
      "editor", in: [.file], block: .editor, repeatable: false,
      """
      The editor's timeline UI, compiled to the JSON configuration an editor host loads \
      (`vedl editor-config`). It sets the timeline header (`header`, `modifyHeader`), the \
      "Add Clip" and "Add Audio" buttons (`addClip`, `addAudio`), the timeline `height` and \
      whether it starts `expanded`. Anything left out keeps its default: no header, no add \
      buttons, `dynamic(maximumTracks: 3)`, expanded. Ids are unique in the whole block.
      """),

    // MARK: Header

    StatementSchema(
      "header", in: [.editor], block: .header, repeatable: false,
      """
      Declares the timeline header — the bar above the ruler with the timecode and playback \
      controls — as up to three groups, `leading { … }`, `center { … }` and `trailing { … }`. \
      Without `header` the timeline has no header; an empty `header {}` removes the player bar \
      explicitly. `modifyHeader` can adjust the declared header afterwards.

      ```vedl
      header {
        leading  { timecode; spacer }
        center   { playPause }
        trailing { loop; spacer; toggleExpanded }
      }
      ```
      """),
    StatementSchema(
      "leading", in: [.header], block: .headerItems, repeatable: false,
      "The header items at the leading edge, in display order. Use `spacer` to push items apart."),
    StatementSchema(
      "center", in: [.header], block: .headerItems, repeatable: false,
      "The header items in the middle of the header, in display order."),
    StatementSchema(
      "trailing", in: [.header], block: .headerItems, repeatable: false,
      "The header items at the trailing edge, in display order. Use `spacer` to push items apart."),

    StatementSchema(
      "timecode", in: [.headerItems], labelled: [editorTitle("the label")],
      "Header label showing the playhead position and the total duration. Its id is `timecode`."),
    StatementSchema(
      "playPause", in: [.headerItems], labelled: [editorIcon("the button")],
      "Header button that starts and pauses playback. Its id is `playPause`."),
    StatementSchema(
      "loop", in: [.headerItems], labelled: [editorIcon("the button")],
      "Header toggle that turns looping playback on and off. Its id is `loop`."),
    StatementSchema(
      "toggleExpanded", in: [.headerItems], labelled: [editorTitle("the toggle")],
      """
      Header toggle that expands and collapses the timeline. Collapsing keeps the header \
      and hides the tracks. Its id is `toggleExpanded`.
      """),
    StatementSchema(
      "spacer", in: [.headerItems],
      """
      Flexible space between header items: placement only groups items, a spacer pushes them \
      apart. Spacers have no id, so `modifyHeader` cannot address them.
      """),
    StatementSchema(
      "custom", in: [.headerItems, .addClip, .addAudio],
      positional: [
        ArgumentSchema(
          nil, .string, required: true,
          "The item's id, unique within the header (or within the add menu), e.g. `\"my.package.timeline.button.mute\"`. The host uses it to find the view or action it provides."
        )
      ],
      labelled: [editorTitle("the item"), editorIcon("the item")],
      """
      A host-provided item. In a header group it is a custom header item; in `addClip` or \
      `addAudio` a custom source whose action the host supplies. The string id names it.

      ```vedl
      custom "my.package.timeline.addClip.stock" title: "Stock Footage" icon: "film.stack"
      ```
      """),

    // MARK: modifyHeader

    StatementSchema(
      "modifyHeader", in: [.editor], block: .modifyHeader,
      """
      Adjusts the header declared by `header` (which must come first) without restating it. \
      Operations run in order: `remove ID`, `replace ID { … }`, `addAfter ID { … }`, \
      `addBefore ID { … }` — anchored to an item's id, an error when no item has it — and \
      `addFirst PLACEMENT { … }`, `addLast PLACEMENT { … }`, anchored to a group's edge. \
      Prefer the edge operations when the position only has to be "at this edge".

      ```vedl
      modifyHeader {
        remove loop
        addFirst trailing { custom "my.package.timeline.button.mute" title: "Mute" }
      }
      ```
      """),
    StatementSchema(
      "addFirst", in: [.modifyHeader],
      positional: [ArgumentSchema(nil, .enumeration(editorPlacement), required: true, "The group to insert into.")],
      block: .headerItems,
      "Inserts the items of its block, in order, at the front of the group `PLACEMENT` (`leading`, `center` or `trailing`)."
    ),
    StatementSchema(
      "addLast", in: [.modifyHeader],
      positional: [ArgumentSchema(nil, .enumeration(editorPlacement), required: true, "The group to append to.")],
      block: .headerItems,
      "Appends the items of its block, in order, at the end of the group `PLACEMENT` (`leading`, `center` or `trailing`)."
    ),
    StatementSchema(
      "addAfter", in: [.modifyHeader], positional: [editorAnchor], block: .headerItems,
      "Inserts the items of its block directly after the item `ID`, in whichever group that item is. An error when no item has the id."
    ),
    StatementSchema(
      "addBefore", in: [.modifyHeader], positional: [editorAnchor], block: .headerItems,
      "Inserts the items of its block directly before the item `ID`, in whichever group that item is. An error when no item has the id."
    ),
    StatementSchema(
      "replace", in: [.modifyHeader], positional: [editorAnchor], block: .headerItems,
      "Replaces the item `ID` with the items of its block, at the same position. An empty block removes it. An error when no item has the id."
    ),
    StatementSchema(
      "remove", in: [.modifyHeader], positional: [editorAnchor],
      "Removes the item `ID` from the header. An error when no item has the id."),

    // MARK: Add buttons

    StatementSchema(
      "addClip", in: [.editor],
      positional: [ArgumentSchema(nil, .enumeration(editorNone), "`none` removes the button.")],
      labelled: [editorTitle("the button (default \"Add Clip\")"), editorIcon("the button")],
      block: .addClip, repeatable: false,
      """
      The "Add Clip" button after the last clip of the main track: its block lists the \
      sources it offers, in display order (`camera`, `library`, `photoRoll`, `custom ID`). \
      Without a block it offers camera and library. One source makes the button perform it \
      directly and show that source's label; an empty block hides it. Without `addClip`, or \
      with `addClip none`, there is no button.

      ```vedl
      addClip { camera; library title: "Media"; photoRoll }
      ```
      """),
    StatementSchema(
      "addAudio", in: [.editor],
      positional: [ArgumentSchema(nil, .enumeration(editorNone), "`none` removes the button.")],
      labelled: [editorTitle("the button (default \"Add Audio\")"), editorIcon("the button")],
      block: .addAudio, repeatable: false,
      """
      The "Add Audio" button below the overlay tracks: its block lists the sources it offers, \
      in display order (`music`, `voiceover`, `custom ID`). Without a block it offers music \
      and voiceover. One source makes the button perform it directly; an empty block hides \
      it. Without `addAudio`, or with `addAudio none`, there is no button.
      """),
    StatementSchema(
      "camera", in: [.addClip], labelled: [editorTitle("the menu entry"), editorIcon("the menu entry")],
      "Clip source that records a clip with the camera (needs camera and microphone permission on the device). Its id is `camera`."
    ),
    StatementSchema(
      "library", in: [.addClip], labelled: [editorTitle("the menu entry"), editorIcon("the menu entry")],
      "Clip source that opens the asset library. Its id is `library`."),
    StatementSchema(
      "photoRoll", in: [.addClip], labelled: [editorTitle("the menu entry"), editorIcon("the menu entry")],
      "Clip source that opens the system photo picker (no permission needed). Its id is `photoRoll`."),
    StatementSchema(
      "music", in: [.addAudio], labelled: [editorTitle("the menu entry"), editorIcon("the menu entry")],
      "Audio source that opens the audio asset library. Its id is `music`."),
    StatementSchema(
      "voiceover", in: [.addAudio], labelled: [editorTitle("the menu entry"), editorIcon("the menu entry")],
      "Audio source that records a voiceover with the microphone. Its id is `voiceover`."),

    // MARK: Height and expanded state

    StatementSchema(
      "height", in: [.editor],
      positional: [
        ArgumentSchema(
          nil,
          .call([
            CallShape(
              "dynamic",
              [
                ArgumentSchema(
                  "maximumTracks", .integer, default: "3", "The most overlay tracks shown before the timeline scrolls.")
              ],
              documentation: "The timeline hugs its tracks and grows to at most `maximumTracks` overlay tracks."),
            CallShape(
              "fixed", [ArgumentSchema("tracks", .integer, required: true, "The number of overlay tracks shown.")],
              documentation: "The timeline shows exactly `tracks` overlay tracks and stops resizing."),
          ]),
          required: true, default: "dynamic(maximumTracks: 3)", "How tall the timeline is, in overlay track rows.")
      ],
      repeatable: false,
      """
      The timeline's height in track rows. `dynamic(maximumTracks: N)` (the default, N = 3) \
      hugs the tracks and grows to at most N; `fixed(tracks: N)` always shows N. Only overlay \
      tracks count: the main track is always shown. Negative counts are clamped to 0 with a \
      warning.
      """),
    StatementSchema(
      "expanded", in: [.editor],
      positional: [
        ArgumentSchema(nil, .bool, required: true, default: "true", "Whether the timeline starts expanded.")
      ],
      repeatable: false,
      "Whether the timeline starts expanded (`true`, the default) or collapsed to its header."),
  ]
}
