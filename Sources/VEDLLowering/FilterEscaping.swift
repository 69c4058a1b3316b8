/// Escaping for the three levels of FFmpeg's filter-graph syntax, and for a POSIX shell.
///
/// A `-filter_complex` string is read twice by `av_get_token` before an option sees its value:
/// once by the graph parser (which splits filters at `[ ] , ;`) and once by the filter's option
/// parser (which splits `key=value` pairs at `:`). Both levels treat `\x` as a literal `x`,
/// copy `'…'` verbatim, and trim unescaped whitespace at the ends of a token. Escaping a value
/// for the option level first and the result for the graph level gives back the exact value,
/// whatever it contains: quotes, colons, commas, backslashes, brackets, newlines, `%{…}`.
public enum FilterEscaping {
  /// Characters `av_get_token` trims at the ends of a token unless escaped.
  static let whitespace: Set<Character> = [" ", "\n", "\t", "\r"]

  /// Escapes a raw option value for the filter-arguments level (`key=VALUE:key=…`), where
  /// `\`, `'` and `:` are special. Uses backslashes, so that the graph level can quote the
  /// result.
  public static func optionValue(_ value: String) -> String {
    backslashEscaped(value, special: ["\\", "'", ":"])
  }

  /// Escapes text for the graph level, where `\`, `'`, `[`, `]`, `,` and `;` are special:
  /// wrapped in `'…'` when it needs protection and holds no `'`, backslash-escaped otherwise.
  public static func graphLevel(_ text: String) -> String {
    let special: Set<Character> = ["\\", "'", "[", "]", ",", ";"]
    let needsProtection =
      text.contains { special.contains($0) }
      || text.first.map { whitespace.contains($0) } == true
      || text.last.map { whitespace.contains($0) } == true
    guard needsProtection else { return text }
    if !text.contains("'") { return "'" + text + "'" }
    return backslashEscaped(text, special: special)
  }

  /// A raw option value escaped for both levels: what to write after `key=` in a
  /// `-filter_complex` string.
  public static func filterOption(_ value: String) -> String {
    graphLevel(optionValue(value))
  }

  /// Quotes one argument for a POSIX shell: unchanged when it is made only of characters no
  /// shell treats specially, otherwise in single quotes (a `'` becomes `'\''`).
  public static func shellQuoted(_ argument: String) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-")
    if !argument.isEmpty && argument.allSatisfy({ safe.contains($0) }) { return argument }
    return "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// Puts a backslash before every special character and before whitespace at either end.
  private static func backslashEscaped(_ text: String, special: Set<Character>) -> String {
    let characters = Array(text)
    // Whitespace at the ends is trimmed by the tokenizer unless escaped; a run of it at the
    // end must be escaped entirely, and so must a leading run.
    var leading = 0
    while leading < characters.count && whitespace.contains(characters[leading]) { leading += 1 }
    var trailing = characters.count
    while trailing > leading && whitespace.contains(characters[trailing - 1]) { trailing -= 1 }
    var out = ""
    out.reserveCapacity(text.utf8.count + 8)
    for (i, c) in characters.enumerated() {
      if special.contains(c) || i < leading || i >= trailing { out.append("\\") }
      out.append(c)
    }
    return out
  }
}
