import VEDLSource

/// The text of one open document as the client last sent it, with its version. Edits from
/// `textDocument/didChange` are applied in order, each against the text the previous one
/// produced (incremental sync); a change without a range replaces the whole text.
public struct TextDocument: Sendable {
  public let uri: String
  /// The file path of a `file:` URI, else `nil`.
  public let path: String?
  public private(set) var version: Int
  public private(set) var lines: LineIndex

  public init(uri: String, version: Int, text: String) {
    self.uri = uri
    self.path = DocumentURI.path(of: uri)
    self.version = version
    self.lines = LineIndex(bytes: Array(text.utf8))
  }

  public var bytes: [UInt8] { lines.bytes }

  /// One content change: `range` (protocol positions) replaced by `text`, or the whole text.
  public struct Change: Sendable, Hashable {
    public var range: TextRange?
    public var text: String

    public init(range: TextRange?, text: String) {
      self.range = range
      self.text = text
    }
  }

  /// Applies changes in order and sets the version.
  public mutating func apply(_ changes: [Change], version: Int) {
    var bytes = lines.bytes
    var index = lines
    for (n, change) in changes.enumerated() {
      if n > 0 { index = LineIndex(bytes: bytes) }
      guard let range = change.range else {
        bytes = Array(change.text.utf8)
        continue
      }
      let (start, end) = index.offsets(of: range)
      bytes.replaceSubrange(start..<end, with: change.text.utf8)
    }
    self.lines = LineIndex(bytes: bytes)
    self.version = version
  }

  /// A source file of the current text, named by the document's path (or its URI).
  public func sourceFile() -> SourceFile {
    SourceFile(path: path ?? uri, bytes: lines.bytes)
  }
}
