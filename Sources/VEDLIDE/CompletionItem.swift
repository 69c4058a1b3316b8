import VEDLSource

/// One completion proposal, independent of the editor protocol.
public struct CompletionItem: Sendable, Hashable {
  /// What the proposal is, so that editors can pick an icon.
  public enum Kind: String, Sendable, Hashable {
    /// A statement name valid at the cursor (`clip`, `crop`).
    case statement
    /// A keyword: `let`, `param`, `vedl`, `true`, `false`, `end`.
    case keyword
    /// A labelled argument (`trim:`).
    case label
    /// A switch word (`muted`).
    case flag
    /// An enumeration case (`bottomTrailing`, `high`).
    case enumMember
    /// A colour name (`white`).
    case color
    /// A `let` name.
    case variable
    /// A `param` name.
    case parameter
    /// An item id (`opening`).
    case item
    /// A member after `.` (`start`, `end`, `duration`).
    case member
    /// A call: a source constructor or a call shape (`video("…")`, `dynamic(…)`).
    case function
    /// A type name after `param NAME:`.
    case type
    case file
    case folder
    /// A string value (a custom header item's id).
    case value
  }

  public var label: String
  public var kind: Kind
  /// One line shown beside the label (a signature, a type, a hex colour).
  public var detail: String?
  /// Markdown documentation.
  public var documentation: String?
  /// The text that replaces ``replacing``.
  public var insertText: String
  /// The same with snippet placeholders (`$1`, `${1|a,b|}`, `$0`), for editors that take them.
  public var snippet: String?
  /// The span the insertion replaces: the part of the word already typed.
  public var replacing: Span
  /// Orders proposals the way they should be listed.
  public var sortKey: String

  public init(
    label: String, kind: Kind, detail: String? = nil, documentation: String? = nil, insertText: String? = nil,
    snippet: String? = nil, replacing: Span, sortKey: String
  ) {
    self.label = label
    self.kind = kind
    self.detail = detail
    self.documentation = documentation
    self.insertText = insertText ?? label
    self.snippet = snippet
    self.replacing = replacing
    self.sortKey = sortKey
  }
}
