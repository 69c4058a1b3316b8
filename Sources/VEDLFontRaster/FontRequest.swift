/// Which font to draw with, in the terms of `drawtext`: `family` is its `font=` (a Fontconfig
/// family name), `file` its `fontfile=` (a path). A file that FreeType can open wins; otherwise
/// Fontconfig chooses, exactly as `drawtext` does.
public struct FontRequest: Sendable, Hashable {
  /// A Fontconfig family name; `nil` means `drawtext`'s default, "Sans".
  public var family: String?
  /// A font file path; `nil` when the font is chosen by family.
  public var file: String?

  /// A request for `family` (`font=`) and/or `file` (`fontfile=`).
  public init(family: String?, file: String?) {
    self.family = family
    self.file = file
  }
}
