/// Text made safe for an XML document: the five markup characters become entity references,
/// and characters XML 1.0 cannot hold at all (most C0 controls, U+FFFE, U+FFFF) become
/// U+FFFD. Labels in the picture come from the script — clip ids, titles, caption text — so
/// every one goes through here; a title such as `<b> & "q"` shows literally.
public enum XMLText {
  /// `text` escaped for character data or a double- or single-quoted attribute value.
  /// Line breaks and tabs become spaces: a label in the picture is one line.
  public static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\n", "\r", "\t": result += " "
      default:
        result.unicodeScalars.append(isAllowed(scalar) ? scalar : "\u{FFFD}")
      }
    }
    return result
  }

  /// Whether XML 1.0 allows `scalar` in a document (its `Char` production).
  static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x9, 0xA, 0xD: true
    case 0x20...0xD7FF: true
    case 0xE000...0xFFFD: true
    case 0x10000...0x10FFFF: true
    default: false
    }
  }
}
