import Foundation
import Testing
import VEDLSema
import VEDLSource
import VEDLTimelinePicture

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Checks VEDL source text the way `vedl` does, without media (the fixtures use generated
/// sources only).
enum Fixture {
  static func check(_ source: String, path: String = "fixture.vedl", sourceLocation: SourceLocation = #_sourceLocation)
    -> CheckResult
  {
    let result = Checker.check(
      SourceFile(path: path, bytes: Array(source.utf8)), options: CheckOptions(baseDirectory: "/tmp"))
    let errors = result.diagnostics.filter { $0.severity == .error }.map(\.message)
    #expect(errors.isEmpty, "fixture has errors: \(errors)", sourceLocation: sourceLocation)
    return result
  }

  /// The picture of `source`; fails the test when the source does not check cleanly.
  static func picture(_ source: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> TimelinePicture {
    let result = check(source, sourceLocation: sourceLocation)
    let timeline = try #require(result.timeline, sourceLocation: sourceLocation)
    return TimelinePicture(timeline: timeline, editor: result.editor)
  }

  /// A sample of the repository, checked with its folder as base directory.
  static func sample(_ name: String) throws -> (result: CheckResult, picture: TimelinePicture) {
    let url = Repository.root.appendingPathComponent("Samples").appendingPathComponent(name)
    let bytes = try [UInt8](Data(contentsOf: url))
    let result = Checker.check(
      SourceFile(path: name, bytes: bytes), options: CheckOptions(baseDirectory: url.deletingLastPathComponent().path))
    let timeline = try #require(result.timeline, "\(name) does not check: \(result.diagnostics.map(\.message))")
    return (result, TimelinePicture(timeline: timeline, editor: result.editor, title: name))
  }
}

/// Locates the repository (the folder holding Package.swift) from this file's path.
enum Repository {
  static let root: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
    }
    return URL(fileURLWithPath: "/")
  }()
}

/// An element of a parsed SVG document: name, attributes, children, text.
final class SVGNode {
  let name: String
  let attributes: [String: String]
  var children: [SVGNode] = []
  var text = ""

  init(name: String, attributes: [String: String]) {
    self.name = name
    self.attributes = attributes
  }

  /// This element and every descendant, in document order.
  var all: [SVGNode] { [self] + children.flatMap(\.all) }

  /// The descendant (or self) with `id`.
  func element(id: String) -> SVGNode? { all.first { $0.attributes["id"] == id } }

  /// A numeric attribute.
  func number(_ name: String) -> Double? { attributes[name].flatMap(Double.init) }

  /// The text of this element and its descendants.
  var allText: String { text + children.map(\.allText).joined() }
}

/// Parses SVG text with Foundation's XMLParser into ``SVGNode``s; throws on malformed XML.
final class SVGTreeBuilder: NSObject, XMLParserDelegate {
  private var stack: [SVGNode] = []
  private var root: SVGNode?

  struct ParseError: Error, CustomStringConvertible {
    var description: String
  }

  static func parse(_ svg: String) throws -> SVGNode {
    let builder = SVGTreeBuilder()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = builder
    guard parser.parse(), let root = builder.root else {
      throw ParseError(
        description:
          "not well-formed XML at line \(parser.lineNumber): \(parser.parserError.map { "\($0)" } ?? "no root")")
    }
    return root
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
    attributes attributeDict: [String: String] = [:]
  ) {
    let node = SVGNode(name: elementName, attributes: attributeDict)
    if let parent = stack.last { parent.children.append(node) } else { root = node }
    stack.append(node)
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
  ) {
    stack.removeLast()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    stack.last?.text += string
  }
}
