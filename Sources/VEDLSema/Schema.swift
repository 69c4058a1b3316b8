import VEDLSyntax

/// The statement schema: every statement of the language described once — where it may
/// appear, its arguments and their types, its block, and its documentation. The checker
/// validates against it; the formatter, completion and hover read the same entries. A new
/// statement is one entry here (plus its meaning in the checker), not five edits.

/// Where a statement appears: the file's top level or the block of another statement.
public enum StatementContext: String, Sendable, Hashable, CaseIterable {
  case file
  /// `track main { … }`
  case mainTrack
  /// `track overlay NAME? { … }`
  case overlayTrack
  /// `track audio NAME? { … }`
  case audioTrack
  /// The block of a `clip` (modifiers).
  case clip
  /// The block of a `text` item.
  case text
  /// The block of a `shape` item.
  case shape
  /// `captions { … }`
  case captions
  /// `editor { … }`
  case editor
  /// `header { … }` — placement groups.
  case header
  /// `leading { … }`, `center { … }`, `trailing { … }` and the blocks of `modifyHeader`'s
  /// insertion operations — header items.
  case headerItems
  /// `modifyHeader { … }`
  case modifyHeader
  /// `addClip { … }`
  case addClip
  /// `addAudio { … }`
  case addAudio
  /// `export PATH { … }`
  case export
  /// `animate PROPERTY { … }` — keys.
  case animation
}

/// A named set of identifiers accepted as a value (`horizontal`, `bottomTrailing`, `high`).
public struct EnumerationType: Sendable, Hashable {
  public let name: String
  public let cases: [String]

  public init(_ name: String, _ cases: [String]) {
    self.name = name
    self.cases = cases
  }
}

/// The type an argument expects, as the checker and completion understand it.
public indirect enum ValueType: Sendable, Hashable, CustomStringConvertible {
  case number
  /// A whole number.
  case integer
  /// A length of time (`2s`, `48f`, `00:00:01:15`, `a.end - a.start`).
  case duration
  /// An instant on the timeline: a duration from 0, or `end`.
  case time
  /// `start..end`, both durations.
  case range
  case ratio
  case size
  /// A fraction, written `80%` or `0.8`.
  case fraction
  case gain
  case speed
  case angle
  case color
  case string
  /// A file path written as a string, resolved against the script's folder.
  case path
  case bool
  /// A new name introduced by this argument (`id: opening`).
  case newIdentifier
  /// An existing name, or the text of a custom id (`remove loop`, `custom "my.id"`).
  case itemIdentifier
  /// A media source: `video(…)`, `image(…)`, `audio(…)`, `color(…)`, `testpattern()`,
  /// `tone(…)`, or the name of a `let` bound to one.
  case source
  case enumeration(EnumerationType)
  /// A call of one of the given shapes, e.g. `dynamic(maximumTracks: 2)`.
  case call([CallShape])
  /// Any one of several types (`background: blur` or `background: #000`).
  case oneOf([ValueType])

  public var description: String {
    switch self {
    case .number: "Number"
    case .integer: "Int"
    case .duration: "Duration"
    case .time: "Time"
    case .range: "Range"
    case .ratio: "Ratio"
    case .size: "Size"
    case .fraction: "Fraction"
    case .gain: "Gain"
    case .speed: "Speed"
    case .angle: "Angle"
    case .color: "Color"
    case .string: "String"
    case .path: "Path"
    case .bool: "Bool"
    case .newIdentifier: "Identifier"
    case .itemIdentifier: "Identifier"
    case .source: "Source"
    case .enumeration(let e): e.name
    case .call(let shapes): shapes.map(\.signature).joined(separator: " | ")
    case .oneOf(let types): types.map(\.description).joined(separator: " | ")
    }
  }
}

/// One accepted call form, e.g. `dynamic(maximumTracks: Int)`.
public struct CallShape: Sendable, Hashable {
  public let name: String
  public let arguments: [ArgumentSchema]
  public let documentation: String

  public init(_ name: String, _ arguments: [ArgumentSchema], documentation: String) {
    self.name = name
    self.arguments = arguments
    self.documentation = documentation
  }

  /// Where a call's value keeps argument `i`: its label, or its position for an unlabelled
  /// one (`cubicBezier(0.4, 0, 0.2, 1)` keeps `"0"` … `"3"`).
  public func key(_ i: Int) -> String { arguments[i].label ?? String(i) }

  /// `dynamic(maximumTracks: Int)`.
  public var signature: String {
    "\(name)(" + arguments.map { ($0.label.map { "\($0): " } ?? "") + $0.type.description }.joined(separator: ", ")
      + ")"
  }
}

/// One argument of a statement or call.
public struct ArgumentSchema: Sendable, Hashable {
  /// `nil` for a positional argument.
  public let label: String?
  public let type: ValueType
  public let isRequired: Bool
  /// The default, as source text shown in hover and docs (`"30"`, `"black"`), if any.
  public let defaultValue: String?
  public let documentation: String

  public init(
    _ label: String?, _ type: ValueType, required: Bool = false, default defaultValue: String? = nil,
    _ documentation: String
  ) {
    self.label = label
    self.type = type
    self.isRequired = required
    self.defaultValue = defaultValue
    self.documentation = documentation
  }
}

/// One statement: name, where it may appear, arguments, block and documentation.
public struct StatementSchema: Sendable, Hashable {
  public let name: String
  /// Contexts the statement may appear in.
  public let contexts: Set<StatementContext>
  /// Positional arguments in order; trailing optional ones may be left out.
  public let positional: [ArgumentSchema]
  /// Labelled arguments, in canonical order.
  public let labelled: [ArgumentSchema]
  /// Bare words accepted among the positionals as switches (`muted`).
  public let flags: [String]
  /// The context its block opens, or `nil` when it takes no block.
  public let block: StatementContext?
  /// Whether the statement may appear more than once in one context.
  public let isRepeatable: Bool
  /// Markdown shown in hover and in the language reference.
  public let documentation: String

  public init(
    _ name: String, in contexts: Set<StatementContext>, positional: [ArgumentSchema] = [],
    labelled: [ArgumentSchema] = [],
    flags: [String] = [], block: StatementContext? = nil, repeatable: Bool = true, _ documentation: String
  ) {
    self.name = name
    self.contexts = contexts
    self.positional = positional
    self.labelled = labelled
    self.flags = flags
    self.block = block
    self.isRepeatable = repeatable
    self.documentation = documentation
  }

  /// The labelled argument called `label`.
  public func labelled(_ label: String) -> ArgumentSchema? { labelled.first { $0.label == label } }
}

/// The whole schema: the union of every area's entries (`Schema+Timeline.swift`,
/// `Schema+Editor.swift`, …), indexed by context and name.
public enum Schema {
  /// Every statement entry.
  public static let statements: [StatementSchema] = timelineStatements + audioStatements + editorStatements

  /// For each context (by ``StatementContext/ordinal``), its statements by name.
  private static let index: [NameTable<SchemaEntry>] = {
    let entries = statements.enumerated().map { SchemaEntry($1, id: $0) }
    return StatementContext.allCases.map { context in
      NameTable(entries.filter { $0.schema.contexts.contains(context) }.map { ($0.schema.name, $0) })
    }
  }()

  /// The statement called `name` in `context`, or `nil` if it is not allowed there.
  public static func statement(_ name: String, in context: StatementContext) -> StatementSchema? {
    entry(name, in: context)?.schema
  }

  /// The checker's view of the statement called `name` in `context` (its schema with the
  /// labels indexed), or `nil` if it is not allowed there.
  static func entry(_ name: String, in context: StatementContext) -> SchemaEntry? {
    index[context.ordinal][name]
  }

  /// The checker's view of the statement named `name`, as written in `source`, in `context`.
  static func entry(_ name: Identifier, in context: StatementContext, source: [UInt8]) -> SchemaEntry? {
    index[context.ordinal].value(of: name.name, at: name.span, in: source)
  }

  /// Every statement allowed in `context`, sorted by name (completion).
  public static func statements(in context: StatementContext) -> [StatementSchema] {
    statements.filter { $0.contexts.contains(context) }.sorted { $0.name < $1.name }
  }

  /// Contexts in which some statement called `name` exists (for "not allowed here" messages).
  public static func contexts(of name: String) -> [StatementContext] {
    StatementContext.allCases.filter { entry(name, in: $0) != nil }
  }
}

/// One statement's schema as the checker uses it on every statement of a file: shared by
/// reference (copying a ``StatementSchema`` retains each of its arrays) and with its labels in
/// a ``NameTable``.
final class SchemaEntry: Sendable {
  let schema: StatementSchema
  /// The statement's index in ``Schema/statements``.
  let id: Int
  /// Index in ``StatementSchema/labelled`` of each label.
  let labels: NameTable<Int>
  /// Indices in ``StatementSchema/positional`` of the required positional arguments.
  let requiredPositional: [Int]
  /// Indices in ``StatementSchema/labelled`` of the required labelled arguments.
  let requiredLabels: [Int]
  /// What the checker does with the statement as a modifier, decided here once rather than
  /// by comparing names for every statement.
  let role: ModifierRole
  /// The modifier the statement is when an item's block keeps it, looked up once.
  let modifier: Modifier.Name?

  init(_ schema: StatementSchema, id: Int) {
    self.schema = schema
    self.id = id
    self.role = ModifierRole(name: schema.name)
    self.modifier = Modifier.Name(rawValue: schema.name)
    self.requiredPositional = schema.positional.indices.filter { schema.positional[$0].isRequired }
    self.requiredLabels = schema.labelled.indices.filter { schema.labelled[$0].isRequired }
    self.labels = NameTable(schema.labelled.enumerated().compactMap { i, a in a.label.map { ($0, i) } })
  }

  /// The labelled argument called `label`.
  func labelled(_ label: String) -> ArgumentSchema? {
    labels[label].map { schema.labelled[$0] }
  }

  /// The index in ``StatementSchema/labelled`` of the label `label`, as written in `source`.
  func labelIndex(_ label: Identifier, source: [UInt8]) -> Int? {
    labels.value(of: label.name, at: label.span, in: source)
  }
}

extension StatementContext {
  /// Position in `allCases`, for tables indexed by context.
  var ordinal: Int {
    switch self {
    case .file: 0
    case .mainTrack: 1
    case .overlayTrack: 2
    case .audioTrack: 3
    case .clip: 4
    case .text: 5
    case .shape: 6
    case .captions: 7
    case .editor: 8
    case .header: 9
    case .headerItems: 10
    case .modifyHeader: 11
    case .addClip: 12
    case .addAudio: 13
    case .export: 14
    case .animation: 15
    }
  }
}

/// How ``CheckRun/evaluateModifiers(_:)`` treats a modifier before reading its values.
enum ModifierRole: Sendable {
  /// `animate`: read as an animation.
  case animate
  /// `freeze`: read with the clip's length.
  case freeze
  /// `enter`, `exit`: read as a preset.
  case preset
  /// `duck`: needs every item's timing.
  case duck
  /// `fade`: the one modifier a clip of sound takes.
  case fade
  /// `position`, `offset`, `size`, `scale`: overlay items only (a main-track clip fills the
  /// canvas).
  case placement
  /// `chromakey`, `colorkey`: overlay clips only, one per clip.
  case key
  case other

  init(name: String) {
    switch name {
    case "animate": self = .animate
    case "freeze": self = .freeze
    case "enter", "exit": self = .preset
    case "duck": self = .duck
    case "fade": self = .fade
    case "position", "offset", "size", "scale": self = .placement
    case "chromakey", "colorkey": self = .key
    default: self = .other
    }
  }
}
