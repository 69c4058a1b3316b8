import Foundation
import VEDLDiagnostics
import VEDLLowering
import VEDLSema
import VEDLSource

/// One file no command may write over — the script or a file it reads — and what it is to
/// the script, for the E0802 diagnostic.
public struct ProtectedFile: Sendable, Hashable {
  /// What the file is.
  public enum Role: String, Sendable, Hashable {
    /// The `.vedl` script being run.
    case script
    /// A media file of a source (`video(…)`, `image(…)`, `audio(…)`, a watermark).
    case source
    /// A caption file imported by `captions { import … }`.
    case captions
    /// A font file named by `font "…"` (text or caption style).
    case font
    /// A colour table named by `lut "…"`.
    case look
    /// `vedl batch`'s `--data` file.
    case data

    /// `the source`, `the caption file`, … for messages.
    public var noun: String {
      switch self {
      case .script: "the script"
      case .source: "the source"
      case .captions: "the caption file"
      case .font: "the font"
      case .look: "the LUT"
      case .data: "the batch's data"
      }
    }
  }

  /// The file's absolute path.
  public var path: String
  /// What it is.
  public var role: Role
  /// The path as the user wrote it (in the script, or on the command line), to name it and
  /// to point at its string; `nil` when unknown.
  public var writtenPath: String?
  /// Where the script names the file (a source's or an import's string, the `font` or `lut`
  /// statement); `nil` for the script itself and for files named elsewhere.
  public var span: Span?

  /// A protected file; every property is documented above.
  public init(path: String, role: Role, writtenPath: String? = nil, span: Span? = nil) {
    self.path = path
    self.role = role
    self.writtenPath = writtenPath
    self.span = span
  }
}

/// The files a command must never write over: the script, every file its timeline reads
/// (sources, caption files, font files) and any other input of the command (`vedl batch`'s
/// data). Every command that writes asks it about each of its outputs before writing
/// anything (`file(overwrittenBy:)`) and refuses with E0802 (`diagnostic(…)`): one check for
/// `render`, `batch`, `still`, `timeline`, `editor-config` and `graph -o`.
///
/// Files are compared by identity (`FileKey`: device and inode, symbolic links followed),
/// so `./a.mp4`, `media/../a.mp4`, a symbolic link and a hard link to a source are all the
/// source; an output that does not exist yet is compared by its resolved path.
public struct ProtectedFiles: Sendable {
  /// The files, in the order they were added (the script first).
  public private(set) var files: [ProtectedFile] = []
  private var indexByKey: [FileKey: Int] = [:]

  /// The set of `files`.
  public init(_ files: [ProtectedFile] = []) {
    for file in files { insert(file) }
  }

  /// The script at `script` (absolute; `scriptName` as the user typed it) and every file
  /// `timeline` reads, its relative paths resolving against `baseDirectory` (the script's
  /// folder).
  public init(script: String?, scriptName: String? = nil, timeline: Timeline?, baseDirectory: String) {
    if let script { insert(ProtectedFile(path: script, role: .script, writtenPath: scriptName)) }
    if let timeline { insert(contentsOf: Self.inputs(of: timeline, baseDirectory: baseDirectory)) }
  }

  /// Adds `file`, unless it is already protected (the first role named wins).
  public mutating func insert(_ file: ProtectedFile) {
    let key = FileKey(path: file.path)
    guard indexByKey[key] == nil else { return }
    indexByKey[key] = files.count
    files.append(file)
  }

  /// Adds every file of `others`.
  public mutating func insert(contentsOf others: [ProtectedFile]) {
    for file in others { insert(file) }
  }

  /// The protected file `output` would write over, or `nil` when writing it is safe.
  public func file(overwrittenBy output: String) -> ProtectedFile? {
    indexByKey[FileKey(path: output)].map { files[$0] }
  }

  /// Every file `timeline` reads: the sources' media files, the imported caption files, the
  /// font files of `font "…"` (the lowering's rule decides what is a file) and the tables of
  /// `lut "…"`.
  public static func inputs(of timeline: Timeline, baseDirectory: String) -> [ProtectedFile] {
    var found: [ProtectedFile] = []
    for source in timeline.sources {
      if let path = source.path {
        found.append(ProtectedFile(path: path, role: .source, writtenPath: source.writtenPath, span: source.pathSpan))
      }
    }
    for file in timeline.captions.imports {
      found.append(ProtectedFile(path: file.path, role: .captions, writtenPath: file.writtenPath, span: file.pathSpan))
    }
    // Each font and table where the script first names it.
    var fonts: [(written: String, span: Span?)] = [(timeline.captions.style.font, timeline.captions.style.fontSpan)]
    var looks: [(written: String, span: Span?)] = []
    for track in timeline.tracks {
      for item in track.items {
        for modifier in item.modifiers {
          switch modifier.kind {
          case .font(let family, _, _): fonts.append((family, modifier.span))
          case .lut(let written): looks.append((written, modifier.span))
          default: break
          }
        }
      }
    }
    func first(_ named: [(written: String, span: Span?)]) -> [(written: String, span: Span?)] {
      var seen: Set<String> = []
      return named.filter { seen.insert($0.written).inserted }.sorted { $0.written < $1.written }
    }
    for (font, span) in first(fonts) {
      if case .file(let path) = TextFont.resolve(font, baseDirectory: baseDirectory) {
        found.append(ProtectedFile(path: path, role: .font, writtenPath: font, span: span))
      }
    }
    for (look, span) in first(looks) {
      found.append(
        ProtectedFile(
          path: CubeLUT.path(look, baseDirectory: baseDirectory), role: .look, writtenPath: look, span: span))
    }
    return found
  }

  /// The E0802 diagnostic of a command refusing to write `output` over `file`: at the place
  /// the output is named (`origin`), with a label on the script's string naming the protected
  /// file when there is one.
  public static func diagnostic(
    output: String, origin: OutputOrigin?, over file: ProtectedFile, script: SourceFile
  ) -> Diagnostic {
    let shown = origin?.writtenPath ?? output
    let name = file.writtenPath ?? file.path
    let message = "refusing to write \"\(shown)\": it is \(file.role.noun) \"\(name)\""
    // The script is not named inside itself.
    let inputSpan = file.span
    var notes = ["a command never writes over its script or a file it reads"]
    // `./a.mp4`, a link: say why the two names are one file.
    if shown != name { notes.append("\"\(shown)\" is the same file as \"\(name)\"") }
    let help = "write to another path"
    if let (outputFile, outputSpan) = origin?.location(in: script) {
      // Written alike (`sidecar "subs.srt"` over `import "subs.srt"`), the two strings cannot
      // be told apart by their text: no label then.
      let labels =
        inputSpan.flatMap { span in
          outputFile.path == script.path && span == outputSpan
            ? nil : [Label(span: span, message: "\(file.role.noun) is named here", file: script)]
        } ?? []
      return Diagnostic(
        .exportOverwritesSource, message, file: outputFile, span: outputSpan, labels: labels, notes: notes, help: help)
    }
    if let inputSpan {
      return Diagnostic(.exportOverwritesSource, message, file: script, span: inputSpan, notes: notes, help: help)
    }
    return Diagnostic(
      .exportOverwritesSource, message, file: SourceFile(path: output, bytes: []), span: .point(0), notes: notes,
      help: help)
  }
}

/// Where the user named an output: a string in the script (an export, thumbnail or
/// sidecar) or a command-line argument (`-o OUT`). Diagnostics about the output point there.
public enum OutputOrigin: Sendable, Hashable {
  /// The string literal `"writtenPath"` in the script, at `span` (the checker's).
  case script(writtenPath: String, span: Span?)
  /// The value of a command-line option, e.g. `-o out.mp4` or a batch row's name in
  /// `--out-dir`.
  case argument(option: String, value: String)

  /// The path as the user wrote it.
  public var writtenPath: String {
    switch self {
    case .script(let written, _): written
    case .argument(_, let value): value
    }
  }

  /// The diagnostic location: the string in `script`, or the argument shown as a one-line
  /// file named after its option (as `--set` and `--at` values are); `nil` when the checker
  /// gave no span (a target made by a program).
  public func location(in script: SourceFile) -> (SourceFile, Span)? {
    switch self {
    case .script(_, let span):
      return span.map { (script, $0) }
    case .argument(let option, let value):
      let file = SourceFile(path: option, text: value)
      return (file, Span(start: 0, end: file.bytes.count))
    }
  }
}
