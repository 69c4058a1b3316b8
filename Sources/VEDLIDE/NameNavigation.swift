import VEDLSema
import VEDLSource
import VEDLSyntax

/// Go to definition, find references, highlight and rename for `let`, `param` and item ids.
public enum NameNavigation {
  /// The definition of the name under `offset`.
  public static func definition(at offset: Int, in syntax: SyntaxAnalysis) -> SymbolIndex.Definition? {
    guard let occurrence = syntax.symbols.occurrence(at: offset) else { return nil }
    return syntax.symbols.definition(named: occurrence.name)
  }

  /// Every place the name under `offset` is written, in source order; the definitions only
  /// when `includeDeclaration` is set.
  public static func references(at offset: Int, in syntax: SyntaxAnalysis, includeDeclaration: Bool) -> [SymbolIndex
    .Occurrence]
  {
    guard let occurrence = syntax.symbols.occurrence(at: offset) else { return [] }
    return syntax.symbols.occurrences(of: occurrence.name).filter { includeDeclaration || !$0.isDefinition }
  }

  /// The name that a rename at `offset` would change, with its span; `nil` when the cursor is
  /// not on a renameable name.
  public static func renameTarget(at offset: Int, in syntax: SyntaxAnalysis) -> SymbolIndex.Occurrence? {
    syntax.symbols.occurrence(at: offset)
  }

  /// Why a rename cannot be done.
  public struct RenameError: Error, Sendable, Hashable {
    public let message: String
  }

  /// Names that already mean something where a value is expected, so a `let` or `param`
  /// called so would change the meaning of other parts of the file.
  static let reservedNames: Set<String> = Set(["end", "canvas", "main"]).union(ColorNames.table.keys)

  /// The edits that rename the name under `offset` to `newName` everywhere in the file.
  public static func rename(at offset: Int, to newName: String, in syntax: SyntaxAnalysis) -> Result<
    [TextEdit], RenameError
  > {
    guard let target = renameTarget(at: offset, in: syntax) else {
      return .failure(RenameError(message: "there is no `let`, `param` or id here to rename"))
    }
    guard isIdentifier(newName) else {
      return .failure(RenameError(message: "`\(newName)` is not a valid name"))
    }
    if newName == target.name { return .success([]) }
    if Keyword(rawValue: newName) != nil {
      return .failure(RenameError(message: "`\(newName)` is a keyword"))
    }
    if reservedNames.contains(newName) {
      return .failure(RenameError(message: "`\(newName)` already means something in VEDL"))
    }
    if syntax.symbols.definition(named: newName) != nil {
      return .failure(RenameError(message: "`\(newName)` is already defined in this file"))
    }
    let edits = syntax.symbols.occurrences(of: target.name).map { TextEdit(span: $0.span, newText: newName) }
    return .success(edits)
  }

  /// Whether `text` is an identifier: `[A-Za-z_][A-Za-z0-9_]*`.
  static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.utf8.first else { return false }
    func letter(_ b: UInt8) -> Bool {
      (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
        || b == UInt8(ascii: "_")
    }
    return letter(first)
      && text.utf8.allSatisfy { letter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }
  }
}
