/// A font face on disk: the file FreeType opens and the face's index inside it (non-zero only
/// for collections such as `.ttc`).
struct FontLocation: Hashable {
  /// The font file's path, as given or as Fontconfig reports it.
  var path: String
  /// The face index inside the file.
  var index: Int
}
