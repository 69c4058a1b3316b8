import VEDLSema
import VEDLSource
import VEDLSyntax

/// Completion, driven by the statement schema: the statements valid in the enclosing block,
/// the labelled arguments and switches of the statement being typed, the values its next
/// argument accepts (enumeration cases, colours, sources, `end`), item ids, `let` and `param`
/// names, members after `.`, and file paths inside source and export strings.
public enum CompletionProvider {
  /// The proposals at byte `offset`. `baseDirectory` is where relative paths resolve (file
  /// proposals are left out when it is `nil`).
  public static func complete(at offset: Int, in syntax: SyntaxAnalysis, baseDirectory: String?) -> [CompletionItem] {
    let site = CompletionSite.at(offset, in: syntax.parse)
    var builder = Builder(syntax: syntax, replacing: site.replacing, baseDirectory: baseDirectory)
    builder.animatedProperty = site.animatedProperty
    builder.statementContext = site.context
    // A value right after `label:` gets a space before it.
    let bytes = syntax.file.bytes
    let glued = site.replacing.start > 0 && bytes[site.replacing.start - 1] == UInt8(ascii: ":")
    switch site.kind {
    case .nothing:
      break
    case .statementName(let context):
      builder.statements(in: context)
    case .argument(let schema, let state):
      builder.arguments(of: schema, state: state)
    case .labelValue(_, let argument):
      builder.values(for: argument.type, leadingSpace: glued)
    case .expression(let type):
      builder.values(for: type ?? .duration, leadingSpace: glued, namesOnly: type == nil)
    case .callArgument(let callee, let used, let afterColon):
      builder.callArguments(callee: callee, used: used, afterColon: afterColon, leadingSpace: glued)
    case .member(let base):
      builder.members(of: base)
    case .path(let kind, let typed):
      if let baseDirectory {
        builder.items += PathCompletion.items(
          kind: kind, typed: typed, baseDirectory: baseDirectory, replacing: site.replacing)
      }
    case .parameterType:
      for name in ParameterTypes.table.keys.sorted() {
        builder.add(
          name, .type, detail: "parameter type", documentation: SchemaDocumentation.parameterType(name),
          leadingSpace: glued)
      }
    }
    return builder.items
  }

  private struct Builder {
    let syntax: SyntaxAnalysis
    let replacing: Span
    let baseDirectory: String?
    /// Inside `animate PROPERTY { … }` (``CompletionSite/animatedProperty``).
    var animatedProperty: Animation.Property? = nil
    /// The block the statement being completed is in.
    var statementContext: StatementContext? = nil
    var items: [CompletionItem] = []

    init(syntax: SyntaxAnalysis, replacing: Span, baseDirectory: String?) {
      self.syntax = syntax
      self.replacing = replacing
      self.baseDirectory = baseDirectory
    }

    mutating func add(
      _ label: String, _ kind: CompletionItem.Kind, detail: String? = nil, documentation: String? = nil,
      insert: String? = nil, snippet: String? = nil, leadingSpace: Bool = false
    ) {
      let space = leadingSpace ? " " : ""
      items.append(
        CompletionItem(
          label: label, kind: kind, detail: detail, documentation: documentation, insertText: space + (insert ?? label),
          snippet: snippet.map { space + $0 }, replacing: replacing, sortKey: Self.sortKey(items.count)))
    }

    /// `0007`: proposals keep the order in which they were added.
    static func sortKey(_ index: Int) -> String {
      let digits = String(index)
      return String(repeating: "0", count: max(0, 5 - digits.count)) + digits
    }

    // MARK: Statements

    /// The aspect ratios people crop to, proposed where a ratio is expected (`crop 9:16`).
    static let commonRatios: [(String, String)] = [
      ("9:16", "vertical video (stories, shorts)"), ("16:9", "widescreen"), ("1:1", "square"),
      ("4:5", "portrait feed post"), ("4:3", "classic TV"), ("21:9", "cinema widescreen"),
    ]

    /// Statements whose blocks are containers: their snippet opens the block.
    static let containerStatements: Set<String> = ["clip", "text", "shape", "export"]

    mutating func statements(in context: StatementContext?) {
      let candidates = context.map { Schema.statements(in: $0) } ?? []
      for schema in candidates {
        add(
          schema.name, .statement, detail: SchemaDocumentation.signature(schema),
          documentation: SchemaDocumentation.statement(schema), snippet: Self.snippet(for: schema, in: context))
      }
      if context == .file {
        add(
          "let", .keyword, detail: "let NAME = EXPRESSION",
          documentation: "Binds a name to a value (a source, a time, …).",
          snippet: "let ${1:name} = $0")
        add(
          "param", .keyword, detail: "param NAME: Type = DEFAULT",
          documentation: "A template parameter, set with `--set NAME=VALUE`.", snippet: "param ${1:name}: ${2:String}")
        if syntax.parse.syntax.items.first.map({ if case .version = $0 { false } else { true } }) ?? true {
          add(
            "vedl", .keyword, detail: "vedl 1", documentation: "The language version; first line of the file.",
            insert: "vedl 1")
        }
      }
    }

    /// `track ${1|main,overlay,audio|} {\n\t$0\n}` — required positionals as placeholders
    /// (enumerations as choices), required labels, and the block of container statements.
    static func snippet(for schema: StatementSchema, in context: StatementContext? = nil) -> String {
      var text = schema.name
      var n = 1
      for p in schema.positional where p.isRequired {
        var cases = p.type.enumerationCases
        if schema.name == "animate", let context {
          cases = Animation.Property.animatable(in: context).map(\.rawValue)
        }
        if !cases.isEmpty {
          text += " ${\(n)|\(cases.joined(separator: ","))|}"
        } else if p.type == .string || p.type == .path {
          text += " \"$\(n)\""
        } else {
          text += " ${\(n):\(SchemaDocumentation.placeholder(p).lowercased())}"
        }
        n += 1
      }
      for l in schema.labelled where l.isRequired {
        text += " \(l.label ?? ""): $\(n)"
        n += 1
      }
      if schema.block != nil, !containerStatements.contains(schema.name) {
        text += " {\n\t$0\n}"
      }
      return text
    }

    // MARK: Arguments

    mutating func arguments(of schema: StatementSchema, state: CompletionSite.ArgumentState) {
      if schema.name == "animate", state.positionalCount == 0, let context = statementContext {
        for property in Animation.Property.animatable(in: context) {
          add(property.rawValue, .enumMember, detail: Enumerations.animatedProperty.name)
        }
      } else if state.positionalCount < schema.positional.count {
        values(for: schema.positional[state.positionalCount].type)
      }
      // A key takes `x:`/`y:` only for a point property; the schema has them for all.
      let keyLabelsLeftOut =
        schema.name == "key" ? Set(["x", "y"]).subtracting(animatedProperty?.valueLabels ?? ["x", "y"]) : []
      for l in schema.labelled {
        guard let label = l.label, !state.labels.contains(label), !keyLabelsLeftOut.contains(label) else { continue }
        add(
          label + ":", .label, detail: l.type.description, documentation: SchemaDocumentation.argument(l, of: schema),
          insert: label + ": ")
      }
      for flag in schema.flags where !state.flags.contains(flag) {
        add(flag, .flag, detail: "switch", documentation: schema.labelled(flag).map { $0.documentation })
      }
    }

    mutating func callArguments(callee: String, used: Set<String>, afterColon: String?, leadingSpace: Bool) {
      let shapes = Schema.statements.flatMap { $0.positional + $0.labelled }.flatMap { $0.type.callShapes }
      guard let shape = shapes.first(where: { $0.name == callee }) else { return }
      if let afterColon {
        if let type = shape.arguments.first(where: { $0.label == afterColon })?.type {
          values(for: type, leadingSpace: leadingSpace)
        }
        return
      }
      for a in shape.arguments {
        guard let label = a.label, !used.contains(label) else { continue }
        add(label + ":", .label, detail: a.type.description, documentation: a.documentation, insert: label + ": ")
      }
    }

    // MARK: Values

    /// Proposals for a value of `type`; with `namesOnly`, only the names in scope.
    mutating func values(for type: ValueType, leadingSpace: Bool = false, namesOnly: Bool = false) {
      if !namesOnly {
        for word in type.enumerationCases {
          add(word, .enumMember, detail: type.description, leadingSpace: leadingSpace)
        }
        if type.includes(.bool) {
          add("true", .keyword, leadingSpace: leadingSpace)
          add("false", .keyword, leadingSpace: leadingSpace)
        }
        for shape in type.callShapes {
          let placeholders = shape.arguments.enumerated().map { i, a in (a.label.map { "\($0): " } ?? "") + "$\(i + 1)"
          }
          add(
            shape.name, .function, detail: shape.signature, documentation: shape.documentation,
            insert: shape.name + "(",
            snippet: "\(shape.name)(\(placeholders.joined(separator: ", ")))", leadingSpace: leadingSpace)
        }
        if type.includes(.source) {
          for source in SourceCalls.all {
            // `waveform(audio: $1)`: a source with labelled arguments gets its first label.
            let firstLabel = source.arguments.split(separator: ":", maxSplits: 1).first.map(String.init)
            let snippet =
              source.arguments.isEmpty
              ? "\(source.name)()"
              : source.arguments.hasPrefix("\"")
                ? "\(source.name)(\"$1\")"
                : source.arguments.contains(":") && firstLabel != nil
                  ? "\(source.name)(\(firstLabel!): $1)" : "\(source.name)($1)"
            add(
              source.name, .function, detail: "\(source.name)(\(source.arguments))",
              documentation: source.documentation,
              insert: source.name + "(", snippet: snippet, leadingSpace: leadingSpace)
          }
        }
        if type.includes(.ratio) {
          for (ratio, use) in Self.commonRatios {
            add(ratio, .value, detail: use, leadingSpace: leadingSpace)
          }
        }
        if type.includes(.itemIdentifier) { headerItemIds(leadingSpace: leadingSpace) }
        if type.includes(.path), let baseDirectory {
          for item in PathCompletion.items(kind: nil, typed: "", baseDirectory: baseDirectory, replacing: replacing) {
            let closing = item.kind == .file ? "\"" : ""
            add(
              item.label, item.kind, detail: item.detail, insert: "\"" + item.insertText + closing,
              leadingSpace: leadingSpace)
          }
        }
      }
      let timed = type.includes(.time) || type.includes(.duration) || type.includes(.range)
      if type.includes(.time) {
        add("end", .keyword, detail: "Time", documentation: "The end of the main track.", leadingSpace: leadingSpace)
      }
      if animatedProperty != nil, type.includes(.duration) {
        add(
          "length", .keyword, detail: "Duration",
          documentation: "The item's length: the time of its last instant (`key length - 300ms`).",
          leadingSpace: leadingSpace)
      }
      if timed || namesOnly {
        for d in syntax.symbols.definitions(of: .item) {
          add(
            d.name, .item, detail: "item", documentation: "`\(d.name).start`, `\(d.name).end`, `\(d.name).duration`",
            leadingSpace: leadingSpace)
        }
      }
      for d in syntax.statements.lets where syntax.symbols.definition(named: d.name.name)?.nameSpan == d.name.span {
        let isSource = MediaDescription.sourceCall(d.value, in: syntax) != nil
        if namesOnly || (type.includes(.source) == isSource && !type.isWordsOnlyType) {
          add(
            d.name.name, .variable, detail: HoverProvider.firstLine(syntax.file.text(d.span)),
            leadingSpace: leadingSpace)
        }
      }
      for d in syntax.statements.params {
        guard syntax.symbols.definition(named: d.name.name)?.nameSpan == d.name.span else { continue }
        let declared = ParameterTypes.table[d.type.name]
        if namesOnly || declared.map({ type.includes($0) || (timed && ($0 == .duration || $0 == .time)) }) ?? false {
          add(d.name.name, .parameter, detail: "param \(d.name.name): \(d.type.name)", leadingSpace: leadingSpace)
        }
      }
      if !namesOnly, type.admitsColor {
        for name in ColorNames.table.keys.sorted() {
          add(name, .color, detail: ColorNames.hex(ColorNames.table[name]!), leadingSpace: leadingSpace)
        }
      }
    }

    /// Built-in header items and the custom ids declared in the file (`remove loop`).
    mutating func headerItemIds(leadingSpace: Bool) {
      for schema in Schema.statements(in: .headerItems) where schema.positional.isEmpty && schema.name != "spacer" {
        add(
          schema.name, .enumMember, detail: "header item", documentation: schema.documentation,
          leadingSpace: leadingSpace)
      }
      var seen = Set<String>()
      for entry in syntax.statements.entries
      where entry.statement.name.name == "custom" && entry.context == .headerItems {
        guard let first = entry.statement.positional.first, let id = MediaDescription.literalString(first.value),
          seen.insert(id).inserted
        else { continue }
        add("\"\(id)\"", .value, detail: "custom header item", leadingSpace: leadingSpace)
      }
    }

    // MARK: Members

    mutating func members(of base: String) {
      if let d = syntax.symbols.definition(named: base) {
        switch d.kind {
        case .item:
          add("start", .member, detail: "Time", documentation: "Where `\(base)` starts on the timeline.")
          add("end", .member, detail: "Time", documentation: "Where `\(base)` ends on the timeline.")
          add("duration", .member, detail: "Duration", documentation: "How long `\(base)` lasts.")
        case .let:
          add("duration", .member, detail: "Duration", documentation: "The length of the source file.")
        case .param:
          break
        }
        return
      }
      switch base {
      case "canvas":
        add("width", .member, detail: "Number")
        add("height", .member, detail: "Number")
        add("fps", .member, detail: "Number")
      case "main":
        add("start", .member, detail: "Time")
        add("end", .member, detail: "Time")
        add("duration", .member, detail: "Duration")
      default:
        break
      }
    }
  }
}

extension ValueType {
  /// Whether only bare words (and calls written in place) are accepted, so names in scope
  /// are no use: the checker reads a name there as a word (`easing: easeOutBack`).
  fileprivate var isWordsOnlyType: Bool {
    switch self {
    case .enumeration, .newIdentifier, .itemIdentifier, .bool, .call: true
    case .oneOf(let types): types.allSatisfy { $0.isWordsOnlyType }
    default: false
    }
  }
}
