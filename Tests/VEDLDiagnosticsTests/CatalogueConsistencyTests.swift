import Foundation
import Testing

@testable import VEDLDiagnostics

/// Keeps the catalogue, its documentation and the test suite in step. Each check fails,
/// listing what is wrong, when
/// - a catalogue code has no `docs/diagnostics/CODE.md`, or the page differs from the
///   generated one (also the `README.md` index);
/// - `docs/diagnostics/` holds a page for a code the catalogue does not have;
/// - a code is duplicated, malformed (not `E`/`W` + four digits), or its severity does not
///   match its prefix;
/// - no test anywhere under `Tests/` mentions the code.
///
/// `VEDL_UPDATE_DOCS=1 swift test --filter CatalogueConsistencyTests` (what
/// `scripts/gen-diagnostic-docs.sh` runs) rewrites the generated pages and removes pages of
/// unknown codes before checking.
@Suite(.serialized) struct CatalogueConsistencyTests {
  /// The repository root: this file is `<root>/Tests/VEDLDiagnosticsTests/<file>.swift`.
  /// Symbolic links are resolved so that the walk over `Tests/` sees real directories.
  static let repositoryRoot = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `docs/diagnostics/` in the repository.
  static let docsDirectory = repositoryRoot.appendingPathComponent(DiagnosticDocs.directory)

  /// Whether this run should rewrite the generated docs instead of only comparing them.
  static var updatingDocs: Bool { ProcessInfo.processInfo.environment["VEDL_UPDATE_DOCS"] == "1" }

  static let rerunHint =
    "rerun with VEDL_UPDATE_DOCS=1 swift test --filter CatalogueConsistencyTests (or scripts/gen-diagnostic-docs.sh)"

  @Test func everyCodeHasItsGeneratedDocsPage() throws {
    let expected = DiagnosticDocs.files()
    let manager = FileManager.default
    if Self.updatingDocs {
      try manager.createDirectory(at: Self.docsDirectory, withIntermediateDirectories: true)
      for (name, contents) in expected {
        let url = Self.docsDirectory.appendingPathComponent(name)
        if (try? String(contentsOf: url, encoding: .utf8)) != contents {
          try contents.write(to: url, atomically: true, encoding: .utf8)
        }
      }
    }
    var missing: [String] = []
    var outdated: [String] = []
    for name in expected.keys.sorted() {
      let url = Self.docsDirectory.appendingPathComponent(name)
      guard let data = manager.contents(atPath: url.path) else {
        missing.append(name)
        continue
      }
      if String(decoding: data, as: UTF8.self) != expected[name] { outdated.append(name) }
    }
    #expect(
      missing.isEmpty,
      "\(DiagnosticDocs.directory) lacks \(missing.joined(separator: ", ")); \(Self.rerunHint)")
    #expect(
      outdated.isEmpty,
      "\(DiagnosticDocs.directory) differs from the catalogue in \(outdated.joined(separator: ", ")); \(Self.rerunHint)"
    )
  }

  @Test func noPageForAnUnknownCode() throws {
    let manager = FileManager.default
    let expected = Set(DiagnosticDocs.files().keys)
    let present = (try? manager.contentsOfDirectory(atPath: Self.docsDirectory.path)) ?? []
    var stray = present.filter { !expected.contains($0) && !$0.hasPrefix(".") }.sorted()
    if Self.updatingDocs {
      // Only pages named like a code are generated, so only those are removed.
      for name in stray
      where name.hasSuffix(".md") && DiagnosticCode(String(name.dropLast(3))).isWellFormed {
        try manager.removeItem(at: Self.docsDirectory.appendingPathComponent(name))
      }
      stray = ((try? manager.contentsOfDirectory(atPath: Self.docsDirectory.path)) ?? [])
        .filter { !expected.contains($0) && !$0.hasPrefix(".") }.sorted()
    }
    #expect(
      stray.isEmpty,
      "\(DiagnosticDocs.directory) holds files for no catalogue code: \(stray.joined(separator: ", ")); \(Self.rerunHint)"
    )
  }

  @Test func codesAreUniqueWellFormedAndMatchTheirSeverity() {
    var seen: [DiagnosticCode: Int] = [:]
    for entry in DiagnosticCatalogue.all { seen[entry.code, default: 0] += 1 }
    let duplicated = seen.filter { $0.value > 1 }.keys.sorted().map(\.id)
    #expect(
      duplicated.isEmpty,
      "codes with more than one catalogue entry: \(duplicated.joined(separator: ", "))")

    for entry in DiagnosticCatalogue.all {
      let id = entry.code.id
      #expect(entry.code.isWellFormed, "\(id) is not E or W followed by four digits")
      #expect(
        entry.severity == entry.code.prefixSeverity,
        "\(id) has severity \(entry.severity.rawValue) but its prefix says \(entry.code.prefixSeverity?.rawValue ?? "nothing")"
      )
      #expect(
        DiagnosticCatalogue.entry(for: entry.code) == entry || seen[entry.code, default: 0] > 1)
      #expect(
        entry.code.defaultSeverity == entry.severity,
        "\(id): default severity disagrees with the catalogue")
      #expect(!entry.title.isEmpty, "\(id) has an empty title")
      #expect(!entry.title.contains("\n"), "\(id): title spans lines")
      #expect(!entry.title.hasSuffix("."), "\(id): title ends with a period")
      #expect(
        !Self.startsWithCapitalisedWord(entry.title), "\(id): title starts with a capital letter")
      let hasExplanation = entry.explanation.contains { !$0.isWhitespace }
      #expect(hasExplanation, "\(id) has an empty explanation")
      let fences = entry.explanation.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { $0.drop(while: { $0 == " " }).hasPrefix("```") }.count
      #expect(fences % 2 == 0, "\(id): explanation has an unclosed code block")
    }
    #expect(DiagnosticCatalogue.all.map(\.code) == DiagnosticCatalogue.all.map(\.code).sorted())
  }

  /// Every code must be triggered by some test. A test shows that by naming the code
  /// literally — a fixture's `// expected-error[E0101] {{…}}`, an `#expect(… == "E0101")` —
  /// anywhere under `Tests/` except this target's own directory: the renderer and docs tests
  /// here use real codes as sample data without making the compiler emit them.
  @Test func everyCodeIsMentionedByATestOutsideThisTarget() throws {
    let testsDirectory = Self.repositoryRoot.appendingPathComponent("Tests")
    let ownDirectory = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
      .deletingLastPathComponent()
      .standardizedFileURL.path
    let mentioned = try Self.codesMentioned(under: testsDirectory, excluding: ownDirectory)
    let untested = DiagnosticCatalogue.all.map(\.code.id).filter { !mentioned.contains($0) }
    #expect(
      untested.isEmpty,
      "no test under Tests/ (outside \(ownDirectory.split(separator: "/").last ?? "")) mentions \(untested.count) code(s): \(untested.joined(separator: ", "))"
    )
  }

  /// Whether `title` starts like a sentence (`Unknown unit`) rather than lowercase; a first
  /// word that is an acronym or a name with more capitals (`SRT`, `WebVTT`) is fine.
  static func startsWithCapitalisedWord(_ title: String) -> Bool {
    let firstWord = title.prefix { $0.isLetter }
    guard let first = firstWord.first, first.isUppercase else { return false }
    return firstWord.dropFirst().allSatisfy(\.isLowercase)
  }

  @Test func titleCapitalisationRule() {
    #expect(Self.startsWithCapitalisedWord("Unknown unit"))
    #expect(Self.startsWithCapitalisedWord("A clip"))
    #expect(!Self.startsWithCapitalisedWord("SRT cue number missing"))
    #expect(!Self.startsWithCapitalisedWord("WebVTT header"))
    #expect(!Self.startsWithCapitalisedWord("`vedl` declaration"))
    #expect(!Self.startsWithCapitalisedWord("invalid UTF-8"))
  }

  /// The scanner finds codes by their shape and ignores longer alphanumeric runs.
  @Test func codeScannerMatchesWholeCodesOnly() {
    let text = "expected-error[E0101] W0601, xE0102 E01033 E0104a E0105\n(E0106)"
    #expect(Self.codes(in: Array(text.utf8)) == ["E0101", "W0601", "E0105", "E0106"])
  }

  /// Codes (`E`/`W` + four digits, not part of a longer word) in every regular file under
  /// `directory`, skipping `excluded` and hidden entries.
  static func codesMentioned(under directory: URL, excluding excluded: String) throws -> Set<String> {
    let manager = FileManager.default
    var found: Set<String> = []
    guard
      let walker = manager.enumerator(
        at: directory,
        includingPropertiesForKeys: [.isRegularFileKey, .isDirectoryKey, .fileSizeKey],
        options: [.skipsHiddenFiles])
    else { return found }
    for case let url as URL in walker {
      let values = try url.resourceValues(forKeys: [
        .isRegularFileKey, .isDirectoryKey, .fileSizeKey,
      ])
      let path = url.standardizedFileURL.path
      if values.isDirectory == true {
        if path == excluded { walker.skipDescendants() }
        continue
      }
      guard values.isRegularFile == true, (values.fileSize ?? 0) < 4_000_000,
        let data = manager.contents(atPath: url.path)
      else { continue }
      found.formUnion(codes(in: [UInt8](data)))
    }
    return found
  }

  /// Every well-formed code in `bytes` that is not glued to other letters or digits.
  static func codes(in bytes: [UInt8]) -> [String] {
    func isWordByte(_ b: UInt8) -> Bool {
      (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
    }
    var codes: [String] = []
    var i = 0
    while i + 5 <= bytes.count {
      let b = bytes[i]
      if (b == UInt8(ascii: "E") || b == UInt8(ascii: "W")) && (i == 0 || !isWordByte(bytes[i - 1]))
        && bytes[(i + 1)..<(i + 5)].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
        && (i + 5 == bytes.count || !isWordByte(bytes[i + 5]))
      {
        codes.append(String(decoding: bytes[i..<(i + 5)], as: UTF8.self))
        i += 5
      } else {
        i += 1
      }
    }
    return codes
  }
}
