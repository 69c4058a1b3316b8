/// What a command accepts: flags, options with values, and positional arguments.
/// Small on purpose — SwiftPM cannot fetch swift-argument-parser here.
public struct CommandSpec: Sendable {
  /// One `--name` option.
  public struct Option: Sendable {
    public enum Kind: Sendable {
      /// `--check`: present or not.
      case flag
      /// `--format json` or `--format=json`; the last one wins unless repeatable.
      case value(placeholder: String)
    }

    public var name: String
    public var short: Character?
    public var kind: Kind
    public var repeatable: Bool
    public var help: String

    public init(_ name: String, short: Character? = nil, _ kind: Kind, repeatable: Bool = false, help: String) {
      self.name = name
      self.short = short
      self.kind = kind
      self.repeatable = repeatable
      self.help = help
    }
  }

  public var name: String
  public var synopsis: String
  public var summary: String
  public var options: [Option]
  /// Placeholder for positionals, e.g. "FILE…", shown in usage.
  public var positionals: String
  public var minimumPositionals: Int
  public var maximumPositionals: Int?

  public init(
    name: String, synopsis: String, summary: String, options: [Option], positionals: String,
    minimumPositionals: Int, maximumPositionals: Int?
  ) {
    self.name = name
    self.synopsis = synopsis
    self.summary = summary
    self.options = options
    self.positionals = positionals
    self.minimumPositionals = minimumPositionals
    self.maximumPositionals = maximumPositionals
  }

  /// The `--help` text.
  public var helpText: String {
    var s = "USAGE: vedl \(synopsis)\n\n\(summary)\n"
    let all = options + [Option("help", short: "h", .flag, help: "Show this help.")]
    s += "\nOPTIONS:\n"
    for o in all {
      var left = "  "
      if let c = o.short { left += "-\(c), " }
      left += "--\(o.name)"
      if case .value(let placeholder) = o.kind { left += " \(placeholder)" }
      let pad = max(2, 28 - left.count)
      s += left + String(repeating: " ", count: pad) + o.help + "\n"
    }
    return s
  }
}

/// The result of parsing a command line against a ``CommandSpec``.
public struct ParsedArguments: Sendable {
  public var flags: Set<String> = []
  public var values: [String: [String]] = [:]
  public var positionals: [String] = []
  public var wantsHelp = false

  public func flag(_ name: String) -> Bool { flags.contains(name) }
  /// The last value given for `name`.
  public func value(_ name: String) -> String? { values[name]?.last }
  /// Every value given for a repeatable option.
  public func all(_ name: String) -> [String] { values[name] ?? [] }
}

/// A usage error: printed with the command's usage line, exit status 2.
public struct UsageError: Error, Sendable {
  public var message: String
  public init(_ message: String) { self.message = message }
}

extension CommandSpec {
  /// Parses `arguments` (after the command name). `--` ends options.
  public func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    var result = ParsedArguments()
    var i = 0
    var onlyPositionals = false
    while i < arguments.count {
      let arg = arguments[i]
      i += 1
      if onlyPositionals || !arg.hasPrefix("-") || arg == "-" {
        result.positionals.append(arg)
        continue
      }
      if arg == "--" {
        onlyPositionals = true
        continue
      }
      if arg == "--help" || arg == "-h" {
        result.wantsHelp = true
        continue
      }
      var name: String
      var inlineValue: String? = nil
      if arg.hasPrefix("--") {
        name = String(arg.dropFirst(2))
        if let eq = name.firstIndex(of: "=") {
          inlineValue = String(name[name.index(after: eq)...])
          name = String(name[..<eq])
        }
      } else {
        guard arg.count == 2, let option = options.first(where: { $0.short == arg.last }) else {
          throw UsageError("unknown option `\(arg)`")
        }
        name = option.name
      }
      guard let option = options.first(where: { $0.name == name }) else {
        throw UsageError("unknown option `--\(name)`")
      }
      switch option.kind {
      case .flag:
        if inlineValue != nil { throw UsageError("option `--\(name)` takes no value") }
        result.flags.insert(name)
      case .value(let placeholder):
        let value: String
        if let inlineValue {
          value = inlineValue
        } else {
          guard i < arguments.count else { throw UsageError("option `--\(name)` needs a value (\(placeholder))") }
          value = arguments[i]
          i += 1
        }
        if !option.repeatable, result.values[name] != nil {
          throw UsageError("option `--\(name)` given more than once")
        }
        result.values[name, default: []].append(value)
      }
    }
    if result.wantsHelp { return result }
    if result.positionals.count < minimumPositionals {
      throw UsageError("missing \(positionals)")
    }
    if let maximum = maximumPositionals, result.positionals.count > maximum {
      throw UsageError("unexpected argument `\(result.positionals[maximum])`")
    }
    return result
  }

  /// Requires the value of `name` to be one of `choices`.
  public func choice(_ parsed: ParsedArguments, _ name: String, _ choices: [String], default fallback: String)
    throws(UsageError) -> String
  {
    guard let value = parsed.value(name) else { return fallback }
    guard choices.contains(value) else {
      throw UsageError("invalid value `\(value)` for `--\(name)` (expected \(choices.joined(separator: ", ")))")
    }
    return value
  }
}
