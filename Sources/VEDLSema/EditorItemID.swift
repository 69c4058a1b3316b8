import VEDLSource

/// An id in the `editor` block and where it is written, for the check that ids are unique
/// across the header and both add buttons.
struct EditorItemID {
  var id: String
  /// The span naming the item: a built-in item's name, a custom item's id string.
  var span: Span
  /// What holds the item, as a phrase for messages: "the header", "`addClip`".
  var owner: String
}
