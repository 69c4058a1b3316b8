import CFreeType

/// Whether a font file can draw text, asked when a script is checked: `drawtext` opens a
/// `fontfile=` at face 0 and, when FreeType cannot, falls back to Fontconfig's default font
/// without a word; a bitmap-only face (colour emoji) opens but cannot be set to a pixel size.
public enum FontFileCheck {
  /// `nil` when FreeType opens face 0 of the file at `path` and can scale it; otherwise why not.
  public static func problem(atPath path: String) -> String? {
    var library: FT_Library?
    guard FT_Init_FreeType(&library) == 0, let library else { return nil }  // Rendering reports it (E0817).
    defer { FT_Done_FreeType(library) }
    var face: FT_Face?
    let opened = FT_New_Face(library, path, 0, &face)
    guard opened == 0, let face else {
      return "it is not a font FreeType can open (\(FreeTypeMessage.text(opened)))"
    }
    defer { FT_Done_Face(face) }
    guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
      return "it is a bitmap font with fixed sizes only, which text cannot scale"
    }
    return nil
  }
}
