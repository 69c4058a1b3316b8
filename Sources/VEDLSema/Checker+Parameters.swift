import VEDLDiagnostics
import VEDLSource
import VEDLSyntax
import VEDLTime

/// The types a `param` may declare.
public enum ParameterTypes {
  public static let table: [String: ValueType] = [
    "String": .string, "Number": .number, "Int": .integer, "Bool": .bool, "Duration": .duration, "Time": .time,
    "Color": .color, "Size": .size, "Ratio": .ratio, "Gain": .gain, "Speed": .speed, "Angle": .angle, "Path": .path,
    "Fraction": .fraction,
  ]
}

/// Why a `--set` value does not convert to its parameter's type.
public struct ParameterConversionError: Error, Sendable {
  public var message: String
}

extension CheckRun {
  /// Evaluates every `param`'s default, then applies `--set` overrides.
  func bindParameters() {
    var declared: [String: (ParamDecl, ValueType)] = [:]
    for item in parse.syntax.items {
      guard case .param(let d) = item else { continue }
      guard let type = ParameterTypes.table[d.type.name] else {
        let suggestion = Suggestion.closest(to: d.type.name, in: ParameterTypes.table.keys)
        report(
          .unknownType, "unknown type `\(d.type.name)`", d.type.span,
          notes: ["the types are \(ParameterTypes.table.keys.sorted().map { "`\($0)`" }.joined(separator: ", "))"],
          help: suggestion.map { "did you mean `\($0)`?" },
          fixIts: suggestion.map { [FixIt(span: d.type.span, replacement: $0, message: "replace with `\($0)`")] } ?? [])
        continue
      }
      declared[d.name.name] = (d, type)
      if let e = d.defaultValue, let v = evaluate(e, expected: type) {
        parameterValues[d.name.name] = v
      }
    }
    for (name, text) in options.parameterOverrides {
      let setFile = SourceFile(path: "--set \(name)", text: text)
      guard let (decl, type) = declared[name] else {
        let suggestion = Suggestion.closest(to: name, in: declared.keys)
        diagnostics.append(
          Diagnostic(
            .unknownParameter, "`--set \(name)=…` names no parameter of \(file.path)", file: setFile,
            span: Span(start: 0, end: 0),
            notes: [
              declared.isEmpty
                ? "the file declares no parameters"
                : "declared parameters: \(declared.keys.sorted().map { "`\($0)`" }.joined(separator: ", "))"
            ],
            help: suggestion.map { "did you mean `\($0)`?" } ?? "declare it with `param \(name): String`"))
        continue
      }
      switch Self.convertParameter(text, type: type, file: setFile) {
      case .success(let v):
        parameterValues[name] = v
      case .failure(let error):
        let message = error.message
        diagnostics.append(
          Diagnostic(
            .invalidParameterValue, "invalid value for parameter `\(name)`: \(message)", file: setFile,
            span: Span(start: 0, end: setFile.bytes.count),
            labels: [Label(span: decl.span, message: "declared as \(decl.type.name) here", file: file)],
            help: "give a \(decl.type.name) value, written as in a script (e.g. \(Self.example(type)))"))
      }
    }
  }

  func parameterValue(_ d: ParamDecl) -> Value? {
    if let v = parameterValues[d.name.name] { return v }
    if d.defaultValue == nil, ParameterTypes.table[d.type.name] != nil, reportedParameters.insert(d.name.name).inserted
    {
      report(
        .missingArgument, "parameter `\(d.name.name)` has no value", d.name.span,
        help: "give it a default (`param \(d.name.name): \(d.type.name) = …`) or pass `--set \(d.name.name)=…`")
    }
    return nil
  }

  static func example(_ type: ValueType) -> String {
    switch type {
    case .duration, .time: "`2s`"
    case .color: "`#FF6600`"
    case .number, .fraction: "`0.5`"
    case .integer: "`3`"
    case .bool: "`true`"
    case .size: "`1080x1920`"
    case .ratio: "`9:16`"
    case .gain: "`-6dB`"
    case .speed: "`2x`"
    case .angle: "`90deg`"
    default: "`text`"
    }
  }

  /// Converts command-line text to a value of `type`. Strings and paths take the text as
  /// it is; other types accept one literal (optionally negated), `true`/`false`, or a colour
  /// name. Data is never evaluated as an expression with names.
  static func convertParameter(_ text: String, type: ValueType, file: SourceFile) -> Result<
    Value, ParameterConversionError
  > {
    switch type {
    case .string, .path:
      // As in a script's strings (E0104): C libraries would end the text at a NUL.
      if text.utf8.contains(0) {
        return .failure(ParameterConversionError(message: "a NUL character (U+0000) cannot appear in a string"))
      }
      return .success(.string(text))
    default: break
    }
    let parsed = Parser.parseExpression(file, range: Span(start: 0, end: file.bytes.count))
    if !parsed.1.isEmpty {
      return .failure(ParameterConversionError(message: "`\(text)` is not a \(type) (\(parsed.1[0].message))"))
    }
    var expr = parsed.0
    var negative = false
    if case .negate(let inner) = expr.kind {
      negative = true
      expr = inner
    }
    var value: Value?
    switch expr.kind {
    case .literal(.number(let r)): value = .number(r)
    case .literal(.duration(.seconds(let r))): value = .duration(r)
    case .literal(.percent(let r)): value = .number(r)
    case .literal(.gain(let r)): value = .gain(r)
    case .literal(.speed(let r)): value = .speed(r)
    case .literal(.angle(let r)): value = .angle(r)
    case .literal(.color(let c)): value = .color(c)
    case .literal(.size(let w, let h)): value = .size(w, h)
    case .literal(.ratio(let a, let b)): value = .ratio(a, b)
    case .bool(let b): value = .bool(b)
    case .name(let id): value = ColorNames.table[id.name].map(Value.color)
    default: value = nil
    }
    if negative {
      switch value {
      case .number(let r)?: value = r.checkedNegated().map(Value.number)
      case .duration(let r)?: value = r.checkedNegated().map(Value.duration)
      case .gain(let r)?: value = r.checkedNegated().map(Value.gain)
      case .angle(let r)?: value = r.checkedNegated().map(Value.angle)
      default: value = nil
      }
    }
    guard let value else { return .failure(ParameterConversionError(message: "`\(text)` is not a \(type)")) }
    guard let converted = conformStatic(value, type) else {
      return .failure(ParameterConversionError(message: "expected \(type), found \(value.typeName)"))
    }
    return .success(converted)
  }

  /// ``conform`` for the value forms a parameter can take (no sources, calls or words).
  private static func conformStatic(_ value: Value, _ type: ValueType) -> Value? {
    switch (type, value) {
    case (.number, .number), (.fraction, .number), (.duration, .duration), (.time, .duration), (.gain, .gain),
      (.speed, .speed), (.angle, .angle), (.color, .color), (.bool, .bool), (.size, .size), (.ratio, .ratio):
      return value
    case (.integer, .number(let r)):
      return r.isInteger ? value : nil
    default:
      return nil
    }
  }
}
