import VEDLTestSupport

/// Generates random valid VEDL programs with untidy layout: odd spacing and tabs, `;` and
/// blank lines, one-line and multi-line blocks, calls and parentheses broken over lines,
/// comments in every place a comment may go, and CRLF line endings — the input the formatter
/// must handle without changing meaning.
struct FormatterProgramGenerator {
  private var rng: SplitMix64
  private var depth = 0
  /// While set, nothing that breaks a line is produced (inside one-line blocks).
  private var oneLine = false
  private var commentCounter = 0

  init(seed: UInt64) { rng = SplitMix64(seed: seed) }

  // MARK: Randomness

  private mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }

  private mutating func pick<T>(_ options: [T]) -> T { options[Int.random(in: 0..<options.count, using: &rng)] }

  private mutating func count(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }

  private mutating func blockComment() -> String {
    commentCounter += 1
    if !oneLine && chance(0.15) { return "/* multi \(commentCounter)\n   line   \n */" }
    return pick(["/* c\(commentCounter) */", "/**/", "/* nested /* \(commentCounter) */ */"])
  }

  private mutating func lineComment() -> String {
    commentCounter += 1
    return pick(["// note \(commentCounter)", "//x\(commentCounter)   ", "// \(commentCounter) — ünï"])
  }

  // MARK: Trivia

  /// Space between two tokens on one line (never empty).
  private mutating func gap() -> String {
    if chance(0.08) { return " " + blockComment() + pick([" ", "  "]) }
    return pick([" ", " ", " ", "  ", "\t", " \t "])
  }

  /// Space where the tokens may also touch.
  private mutating func tight() -> String { chance(0.6) ? "" : gap() }

  /// Space inside parentheses where a line break is allowed.
  private mutating func parenGap() -> String {
    if oneLine { return tight() }
    switch count(0...9) {
    case 0: return "\n    "
    case 1: return "\n\n"
    case 2: return " " + lineComment() + "\n  "
    case 3: return "\n  " + blockComment() + "\n"
    case 4: return " " + blockComment() + "\n"
    default: return tight()
    }
  }

  /// What separates two items of a multi-line list.
  private mutating func separator() -> String {
    switch count(0...15) {
    case 14: return " " + blockComment() + "; "
    case 15: return "\n" + blockComment() + ";"
    case 0: return ";"
    case 1: return "; "
    case 2: return " ;\n"
    case 3: return "\n\n"
    case 4: return "\n\n\n  "
    case 5: return " " + lineComment() + "\n"
    case 6: return "; " + blockComment() + " "
    case 7: return "\n" + lineComment() + "\n"
    case 8: return "\n\n" + blockComment() + "\n\n"
    case 9: return ";;\n\t"
    case 10: return "\n" + blockComment() + " "
    case 11: return " " + blockComment() + "\n"
    default: return pick(["\n", "\n  ", "\n\t\t"])
    }
  }

  // MARK: Programs

  /// One whole program.
  mutating func program() -> String {
    var text = pick(["", "\n\n", "// header\n", "/* header */\n\n", "  "])
    var items: [String] = []
    if chance(0.5) { items.append("vedl" + gap() + "1") }
    for _ in 0..<count(0...10) { items.append(item()) }
    for (n, item) in items.enumerated() {
      if n > 0 { text += separator() }
      text += item
    }
    text += pick(["", "\n", "\n\n", " // end\n", "\n/* end */", ";\n", "\n// last"])
    if chance(0.2) { text = text.replacingCRLF() }
    return text
  }

  private mutating func item() -> String {
    switch count(0...9) {
    case 0: return param()
    case 1: return "let" + gap() + name() + gap() + "=" + tight() + expression()
    default: return statement()
    }
  }

  private mutating func param() -> String {
    var text = "param" + gap() + name() + tight() + ":" + tight() + pick(["String", "Color", "Duration", "Number"])
    if chance(0.6) { text += tight() + "=" + tight() + expression() }
    return text
  }

  private mutating func statement() -> String {
    var text = pick(["clip", "track", "text", "crop", "fade", "position", "header", "leading", "cue", "style"])
    for n in 0..<count(0...4) {
      text += gap()
      var labelled = false
      if chance(0.4) {
        text += pick(["at", "trim", "duration", "volume", "let", "true", "id"]) + tight() + ":" + tight()
        labelled = true
      }
      let value = expression()
      // A later unlabelled argument that starts with `-` would continue the previous one as a
      // subtraction (grammar note S5), which can make an invalid `a..b - c..d`.
      text += n > 0 && !labelled && value.hasPrefix("-") ? "(" + value + ")" : value
    }
    if depth < 4 && chance(0.35) { text += gap() + block() }
    return text
  }

  private mutating func block() -> String {
    depth += 1
    defer { depth -= 1 }
    let n = count(0...4)
    if oneLine || chance(0.4) {
      let wasOneLine = oneLine
      oneLine = true
      defer { oneLine = wasOneLine }
      var text = "{" + pick(["", " ", "  "])
      for i in 0..<n {
        if i > 0 { text += pick(["; ", ";", " ; ", ";; "]) }
        text += chance(0.1) ? "let x = 1" : statement()
      }
      return text + pick(["", " ", "; "]) + "}"
    }
    var text =
      "{"
      + pick(["\n", "\n\n", " " + lineComment() + "\n", "\n" + blockComment() + "\n", " ", " " + blockComment() + " "])
    for i in 0..<n {
      if i > 0 { text += separator() }
      text += statement()
    }
    let end = pick([
      "\n", "\n\n", " ", "\n" + lineComment() + "\n", ";\n", "\n" + blockComment() + " ", "; " + blockComment() + " ",
    ])
    return text + end + "}"
  }

  // MARK: Expressions

  private mutating func expression() -> String {
    depth += 1
    defer { depth -= 1 }
    let lhs = additive()
    guard chance(0.15) else { return lhs }
    // A size literal glued to `..` is malformed (`1x2..`): keep a space after any digit.
    let before = lhs.last?.isNumber == true ? gap() : tight()
    return lhs + before + ".." + tight() + additive()
  }

  private mutating func additive() -> String {
    var text = unary()
    while depth < 6 && chance(0.25) {
      text += tight() + pick(["+", "-", "*", "/"]) + tight() + unary()
    }
    return text
  }

  private mutating func unary() -> String {
    if chance(0.15) { return "-" + tight() + unary() }
    return postfix()
  }

  private mutating func postfix() -> String {
    guard depth < 6 else { return literal() }
    switch count(0...11) {
    case 0, 1: return literal()
    case 2: return string()
    case 3, 4: return name()
    case 5: return name() + tight() + "." + tight() + pick(["end", "start", "let", "duration"])
    case 6, 7: return call()
    case 8: return "(" + parenGap() + expression() + parenGap() + ")"
    case 9: return pick(["true", "false"])
    default: return literal()
    }
  }

  private mutating func call() -> String {
    var text = pick(["video", "dynamic", "f", "color", "testpattern"]) + "(" + parenGap()
    let n = count(0...3)
    for i in 0..<n {
      if i > 0 { text += parenGap() + "," + parenGap() }
      if chance(0.4) { text += pick(["maximumTracks", "a", "let"]) + tight() + ":" + tight() }
      text += expression()
    }
    if n > 0 && chance(0.15) { text += parenGap() + "," }
    return text + parenGap() + ")"
  }

  private mutating func literal() -> String {
    pick([
      "3", "0.5", "2s", "1.5s", "250ms", "48f", "1m30s", "1h2m3s", "00:00:04:15", "00:01:02.500", "9:16",
      "1080x1920", "80%", "12dB", "2x", "0.5x", "90deg", "#FF6600", "#fff", "#FFFFFF80", "2s500ms",
    ])
  }

  private mutating func string() -> String {
    if chance(0.05) { return "\"" + String(repeating: "long text ", count: count(5...12)) + "\"" }
    return pick([
      "\"plain\"", "\"\"", "\"esc \\\" \\\\ \\n \\t \\u{1F600}\"", "\"\\(title) — \\(n + 1)\"",
      "\"a\\(f(\"x\"))b\"", "\"tab\there\"", "\"ünïcödé 🎬\"", "\"\\(  a+b  )\"", "\"media/a.mp4\"",
    ])
  }

  private mutating func name() -> String {
    pick(["a", "intro", "end", "opening", "_x1", "title", "horizontal", "n"])
  }
}

extension String {
  /// The text with every `\n` written as `\r\n`.
  func replacingCRLF() -> String {
    var result = ""
    result.reserveCapacity(utf8.count + utf8.count / 16)
    for character in unicodeScalars {
      if character == "\n" { result.unicodeScalars.append("\r") }
      result.unicodeScalars.append(character)
    }
    return result
  }
}
