import Foundation
import VEDLDiagnostics
import VEDLLowering
import VEDLSema
import VEDLSource

/// One row that checked cleanly: everything needed to render it, or to describe it as a
/// self-contained job (`--plan`).
public struct BatchJob: Sendable {
  /// The row's 1-based number.
  public var row: Int
  /// The row's `--set` values, in column order.
  public var parameters: [ParameterValue]
  /// The output as shown to the user and written in the plan: `OUT-DIR/NAME.EXT`.
  public var outputName: String
  /// The output, resolved.
  public var target: RenderTarget
  /// The row's checked timeline.
  public var timeline: Timeline
  /// The quality the output is encoded at (`--quality`, else the export's).
  public var quality: String
}

/// A row that will not be rendered, and why.
public struct BatchFailure: Sendable, Hashable {
  /// The row's 1-based number.
  public var row: Int
  /// One line for the summary (`error[E0311]: …`).
  public var reason: String
}

/// The check of every row, done before anything is rendered: each row's cells become
/// `--set` values, the script is checked with them, and the row's output is named.
public struct BatchPreparation: Sendable {
  /// The rows to render, in row order.
  public var jobs: [BatchJob] = []
  /// The rows that will not be rendered.
  public var failures: [BatchFailure] = []
  /// What to print: row problems, the checker's diagnostics (errors per row, with the row
  /// and column named; warnings once).
  public var diagnostics: [Diagnostic] = []

  /// Checks every row of `data` against `script` (with facts about its media from `media`);
  /// a row whose output would write over one of `protected` (the script, the data) or a file
  /// the row reads fails with E0802. `resolve` turns a path as typed (the script's, an
  /// output's under `outputFolder`) into an absolute one.
  public static func prepare(
    script: SourceFile, data: BatchData, pattern: BatchNamePattern, outputFolder: String,
    quality: QualityPreset.Name?, protected: ProtectedFiles, media: (any MediaFactsProvider)?,
    resolve: (String) -> String
  ) -> BatchPreparation {
    // Relative paths in the script resolve against its folder, as every command checks it.
    let folder = (resolve(script.path) as NSString).deletingLastPathComponent
    var result = BatchPreparation()
    var warningsSeen: Set<String> = []
    for row in data.rows {
      if let problem = row.problem {
        result.diagnostics.append(
          Diagnostic(
            .cannotReadFile, "row \(row.number) of `\(data.file.path)` cannot be used: \(problem)", file: data.file,
            span: row.span ?? Span(start: 0, end: 0)))
        result.failures.append(BatchFailure(row: row.number, reason: problem))
        continue
      }
      let overrides = row.cells.map { (name: $0.column, value: $0.value) }
      let checked = Checker.check(
        script, options: CheckOptions(parameterOverrides: overrides, media: media, baseDirectory: folder))
      var firstError: Diagnostic?
      for diagnostic in checked.diagnostics {
        let placed = place(diagnostic, row: row, data: data)
        if placed.severity == .error {
          if firstError == nil { firstError = placed }
          result.diagnostics.append(placed)
        } else if warningsSeen.insert("\(placed.code)|\(placed.message)|\(placed.file.path)|\(placed.span)").inserted {
          result.diagnostics.append(placed)
        }
      }
      if let firstError {
        result.failures.append(
          BatchFailure(row: row.number, reason: "error[\(firstError.code)]: \(firstError.message)"))
        continue
      }
      guard let timeline = checked.timeline else {
        result.failures.append(BatchFailure(row: row.number, reason: "the script has no timeline"))
        continue
      }
      let name = pattern.name(for: row, rowCount: data.rows.count)
      guard !name.isEmpty else {
        result.failures.append(
          BatchFailure(
            row: row.number, reason: "the name pattern leaves nothing of this row's name (use `{row}` in `--name`)"))
        continue
      }
      let format = timeline.exports.first?.format.rawValue ?? "mp4"
      let outputName = (outputFolder as NSString).appendingPathComponent("\(name).\(format)")
      let origin = OutputOrigin.argument(option: "--out-dir", value: outputName)
      switch RenderTarget.override(path: resolve(outputName), timeline: timeline, origin: origin) {
      case .failure(let problem):
        result.failures.append(BatchFailure(row: row.number, reason: problem.description))
      case .success(let target):
        var rowProtected = protected
        rowProtected.insert(contentsOf: ProtectedFiles.inputs(of: timeline, baseDirectory: folder))
        if let refused = rowProtected.refusal(writing: target.outputPaths, origin: origin, script: script) {
          result.diagnostics.append(refused.note("while preparing row \(row.number)"))
          result.failures.append(BatchFailure(row: row.number, reason: "error[\(refused.code)]: \(refused.message)"))
          continue
        }
        let effective = quality?.rawValue ?? timeline.exports.first?.quality ?? QualityPreset.Name.high.rawValue
        result.jobs.append(
          BatchJob(
            row: row.number, parameters: overrides.map { ParameterValue(name: $0.name, value: $0.value) },
            outputName: outputName, target: target, timeline: timeline, quality: effective))
      }
    }
    return result
  }

  /// Names the row (and column) in a diagnostic of the check of `row`. A diagnostic about
  /// a `--set` value (E0310, E0311) came from one cell: its message names the row and the
  /// column, and for a CSV file a label points at the row.
  static func place(_ diagnostic: Diagnostic, row: BatchRow, data: BatchData) -> Diagnostic {
    var d = diagnostic
    guard d.file.path.hasPrefix("--set ") else {
      return d.severity == .error ? d.note("while checking row \(row.number) of `\(data.file.path)`") : d
    }
    let column = String(d.file.path.dropFirst("--set ".count))
    if d.code == .unknownParameter {
      let script = d.message.components(separatedBy: " names no parameter of ").last ?? "the script"
      d.message = "row \(row.number), column `\(column)`: the column names no parameter of \(script)"
    } else {
      d.message = "row \(row.number), column `\(column)`: \(d.message)"
    }
    d.notes.append("row \(row.number), column `\(column)` of `\(data.file.path)`")
    if let span = row.span {
      d.labels.append(Label(span: span, message: "row \(row.number)", file: data.file))
    }
    return d
  }

  /// Every pair of jobs that would write one file, as messages; empty when names are unique.
  public func collisions() -> [String] {
    var byPath: [String: [BatchJob]] = [:]
    for job in jobs { byPath[job.target.path, default: []].append(job) }
    return byPath.values.filter { $0.count > 1 }.sorted { $0[0].row < $1[0].row }.map { group in
      let rows = group.map { String($0.row) }
      let listed =
        rows.count == 2 ? "\(rows[0]) and \(rows[1])" : rows.dropLast().joined(separator: ", ") + " and \(rows.last!)"
      return "rows \(listed) would all write `\(group[0].outputName)`"
    }
  }
}
