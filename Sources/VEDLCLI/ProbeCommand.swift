import VEDLDiagnostics
import VEDLMedia

/// `vedl probe MEDIA [--format json]` — streams, duration, frame rate and frame count.
enum ProbeCommand {
  static let spec = CommandSpec(
    name: "probe",
    synopsis: "probe MEDIA [--format text|json]",
    summary: "Show a media file's streams, duration, frame rate and frame count.",
    options: [.init("format", .value(placeholder: "text|json"), help: "Output format (default: text).")],
    positionals: "MEDIA", minimumPositionals: 1, maximumPositionals: 1)

  static let subcommand = Subcommand(spec: spec) { parsed, io in
    let format: String
    do throws(UsageError) { format = try spec.choice(parsed, "format", ["text", "json"], default: "text") } catch {
      io.err("error: \(error.message)\n")
      return VEDLCommandLine.ExitStatus.usage
    }
    do throws(MediaProbeError) {
      // Count packets so that the frame count is exact and a cut-short file shows.
      let info = try MediaProbe.probe(path: io.resolve(parsed.positionals[0]), options: .countFrames)
      io.out(format == "json" ? JSONOutput(.document).text(of: info.document) + "\n" : info.textDescription)
      return VEDLCommandLine.ExitStatus.success
    } catch {
      io.err("error: \(error.message)\n")
      return VEDLCommandLine.ExitStatus.failure
    }
  }
}
