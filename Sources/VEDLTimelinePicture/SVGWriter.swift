/// Builds the SVG text one element at a time, indenting nested elements and escaping every
/// attribute value and text node through ``XMLText``. Attributes keep the order they are
/// given in, so the same picture always has the same bytes.
struct SVGWriter {
  /// One attribute: its name and its (unescaped) value.
  typealias Attribute = (name: String, value: String)

  private(set) var text = ""
  private var open: [String] = []

  /// Starts `<name …>` whose children follow until ``close()``.
  mutating func open(_ name: String, _ attributes: [Attribute] = []) {
    line("<\(name)\(Self.attributeText(attributes))>")
    open.append(name)
  }

  /// Ends the innermost element started by ``open(_:_:)``.
  mutating func close() {
    guard let name = open.popLast() else { return }
    line("</\(name)>")
  }

  /// An element without children, or with `content` as its text.
  mutating func element(_ name: String, _ attributes: [Attribute] = [], content: String? = nil) {
    let start = "<\(name)\(Self.attributeText(attributes))"
    if let content {
      line(start + ">" + XMLText.escaped(content) + "</\(name)>")
    } else {
      line(start + "/>")
    }
  }

  /// A raw line (the XML declaration); the caller guarantees it is well-formed.
  mutating func raw(_ markup: String) {
    line(markup)
  }

  /// The document: every element closed, one final line break.
  mutating func finished() -> String {
    while !open.isEmpty { close() }
    return text
  }

  private mutating func line(_ markup: String) {
    text += String(repeating: "  ", count: open.count) + markup + "\n"
  }

  private static func attributeText(_ attributes: [Attribute]) -> String {
    attributes.map { " \($0.name)=\"\(XMLText.escaped($0.value))\"" }.joined()
  }
}

/// Shorthands for the attribute values the picture writes most.
extension SVGWriter {
  /// A numeric attribute, rounded like every coordinate (``SVGNumber``).
  static func number(_ name: String, _ value: Double) -> Attribute {
    (name, SVGNumber.text(value))
  }

  /// The four attributes of a rectangle.
  static func frame(x: Double, y: Double, width: Double, height: Double) -> [Attribute] {
    [number("x", x), number("y", y), number("width", width), number("height", height)]
  }
}
