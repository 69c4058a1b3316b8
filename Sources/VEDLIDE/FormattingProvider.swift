import VEDLSource
import VEDLSyntax

/// Document formatting with the formatter of `vedl fmt`.
public enum FormattingProvider {
  /// The edits that make the document canonical: `nil` when it has syntax errors (it is
  /// never formatted then), no edits when it is canonical already, otherwise one edit that
  /// replaces the changed lines — the unchanged lines at both ends are left alone, so the
  /// editor keeps the cursor and folds there.
  public static func edits(for parse: ParseResult) -> [TextEdit]? {
    guard let formatted = SourceFormatter.format(parse) else { return nil }
    let old = parse.file.bytes
    let new = Array(formatted.utf8)
    if old == new { return [] }
    // Common prefix, cut back to a line start.
    var prefix = 0
    let limit = min(old.count, new.count)
    while prefix < limit, old[prefix] == new[prefix] { prefix += 1 }
    while prefix > 0, old[prefix - 1] != UInt8(ascii: "\n") { prefix -= 1 }
    // The longest common suffix that overlaps the prefix in neither text…
    var common = 0
    let room = min(old.count, new.count) - prefix
    while common < room, old[old.count - 1 - common] == new[new.count - 1 - common] { common += 1 }
    // …cut to start at a line start: the byte before it is a line break inside the common part.
    var suffix = common - 1
    while suffix > 0, old[old.count - suffix - 1] != UInt8(ascii: "\n") { suffix -= 1 }
    suffix = max(0, suffix)
    let replacement = String(decoding: new[prefix..<(new.count - suffix)], as: UTF8.self)
    return [TextEdit(span: Span(start: prefix, end: old.count - suffix), newText: replacement)]
  }
}
