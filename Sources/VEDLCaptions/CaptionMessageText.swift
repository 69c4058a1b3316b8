/// Quotes text from a caption file for a diagnostic message.
///
/// Caption files are often damaged, and a message must stay one readable line whatever they
/// contain: control characters are shown as `\u{…}` escapes and long text is cut short.
enum CaptionMessageText {
  /// At most `limit` characters of `text`, control characters escaped, with `…` when cut.
  static func excerpt(_ text: String, limit: Int = 40) -> String {
    var out = ""
    var count = 0
    for scalar in text.unicodeScalars {
      if count == limit - 1, text.unicodeScalars.count > limit {
        out += "…"
        break
      }
      if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        out.unicodeScalars.append(scalar)
      }
      count += 1
    }
    return out
  }
}
