/// `file:` URIs and paths. Clients name documents by URI; the compiler needs a folder to
/// resolve relative media paths against, and reports other files (caption files) by path.
public enum DocumentURI {
  /// The path of a `file:` URI (`file:///home/a%20b/x.vedl` → `/home/a b/x.vedl`), or `nil`
  /// for any other scheme (`untitled:`).
  public static func path(of uri: String) -> String? {
    guard uri.hasPrefix("file://") else { return nil }
    var rest = Substring(uri.dropFirst("file://".count))
    // `file://host/path`: keep the path (the host is ignored, as editors do for localhost).
    if !rest.hasPrefix("/") {
      guard let slash = rest.firstIndex(of: "/") else { return nil }
      rest = rest[slash...]
    }
    if let query = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<query] }
    return percentDecoded(rest)
  }

  /// The `file:` URI of an absolute path, percent-encoding what RFC 3986 requires.
  public static func uri(ofPath path: String) -> String {
    var out = "file://"
    for b in path.utf8 {
      if isUnreserved(b) || b == UInt8(ascii: "/") {
        out.unicodeScalars.append(Unicode.Scalar(b))
      } else {
        out += "%" + hex(b)
      }
    }
    return out
  }

  private static func isUnreserved(_ b: UInt8) -> Bool {
    switch b {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
      return true
    default:
      return false
    }
  }

  private static func hex(_ b: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(b >> 4)], digits[Int(b & 0xF)]])
  }

  private static func percentDecoded(_ text: Substring) -> String {
    var bytes: [UInt8] = []
    var utf8 = Array(text.utf8)[...]
    while let b = utf8.first {
      utf8 = utf8.dropFirst()
      if b == UInt8(ascii: "%"), utf8.count >= 2, let hi = hexValue(utf8[utf8.startIndex]),
        let lo = hexValue(utf8[utf8.startIndex + 1])
      {
        bytes.append(hi << 4 | lo)
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(b)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func hexValue(_ b: UInt8) -> UInt8? {
    switch b {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
