extension DiagnosticCode {
  public static let interchangeNotJSON = DiagnosticCode("E0901")
  public static let interchangeMalformed = DiagnosticCode("E0902")
  public static let interchangeUnsupportedSchema = DiagnosticCode("E0903")
  public static let interchangeValueOutOfRange = DiagnosticCode("E0904")
  public static let interchangeMissingMedia = DiagnosticCode("W0901")
  public static let interchangeNotImported = DiagnosticCode("W0902")
  public static let interchangeNotExported = DiagnosticCode("W0903")
}

extension DiagnosticCatalogue {
  /// Codes of `vedl import` and `vedl export` (OpenTimelineIO, `E09xx`/`W09xx`).
  static let interchange: [CatalogueEntry] = [
    CatalogueEntry(
      "E0901", .error, "not a JSON file",
      explanation: """
        `vedl import` reads OpenTimelineIO's JSON form (`.otio`). The file is not JSON: the \
        diagnostic points at the first character that JSON does not allow.

        OTIO's other forms (`.otioz`, `.otiod`) and other formats (EDL, FCP XML, AAF) can be \
        turned into `.otio` with OTIO's `otioconvert` first (docs/interchange.md).
        """),
    CatalogueEntry(
      "E0902", .error, "malformed OpenTimelineIO file",
      explanation: """
        The file is JSON but not a timeline OTIO could read: a required field is missing \
        (`children`, `in_offset`, a time's `value` or `rate`), or a field has the wrong type. \
        The message names the field by its path from the top of the file, e.g. \
        `tracks.children[0].children[2].source_range`.

        Fix the file with the tool that wrote it, or re-save it with OTIO's Python library.
        """),
    CatalogueEntry(
      "E0903", .error, "unsupported OpenTimelineIO schema",
      explanation: """
        An object's `OTIO_SCHEMA` names a type or version the import does not read where it \
        needs one: the file must hold a `Timeline.1`, whose `tracks` is a `Stack.1` of \
        `Track.1`s; clips are `Clip.1` or `Clip.2`, markers `Marker.1` or `Marker.2`, times \
        `RationalTime.1` and `TimeRange.1`.

        A newer OTIO may write newer versions: downgrade the file with OTIO's Python library \
        (`otio.adapters.write_to_file(t, path, target_schema_versions={...})`).
        """),
    CatalogueEntry(
      "E0904", .error, "OpenTimelineIO value out of range",
      explanation: """
        A time, rate or speed is not a finite number in the range a timeline can hold: a \
        rate must be above 0 and at most 1000000, a time value at most 1e12 in magnitude, a \
        duration or transition offset not negative.
        """),
    CatalogueEntry(
      "W0901", .warning, "missing media replaced by a placeholder",
      explanation: """
        An OTIO clip has a `MissingReference`, no media reference, or one the script cannot \
        play (an image sequence, a URL that is not a file, a generator that VEDL did not \
        write). The import writes a placeholder of the same length instead — a test pattern \
        on video tracks, a muted tone on audio tracks — with a comment naming the clip, so \
        the timeline keeps its length and cut points.

        Replace the placeholder's source with the media when you have it.
        """),
    CatalogueEntry(
      "W0902", .warning, "OpenTimelineIO feature kept in a comment",
      explanation: """
        Part of the OTIO timeline has no VEDL equivalent: an effect other than \
        `LinearTimeWarp`, a freeze frame or reverse speed, a nested stack or track, a \
        disabled clip, a transition other than `SMPTE_Dissolve`, a dissolve on a track that \
        is not the first video track (it becomes fades), a trimmed track. The import keeps \
        what it can, writes the rest in a comment where it was, and keeps the timing (a \
        nested stack becomes a gap of its length).
        """),
    CatalogueEntry(
      "W0903", .warning, "not carried into OpenTimelineIO",
      explanation: """
        `vedl export` writes the tracks, clips, gaps, transitions, text and shapes. Captions, \
        `export` statements, the `editor` block and parameters have no place in an OTIO \
        timeline and are left out; an import of the file will not have them.
        """),
  ]
}
