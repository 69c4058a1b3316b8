import VEDLTime

/// Prints a ``FilterGraph`` as FFmpeg reads it: the `-filter_complex` text, the argument
/// vector of a complete `ffmpeg` command, and that command as one shell line.
public enum FilterGraphPrinter {
  /// The `-filter_complex` text: one chain per line, `;` between chains, every option value
  /// escaped for the option and graph levels (see ``FilterEscaping``).
  public static func filterComplex(_ graph: FilterGraph) -> String {
    graph.chains.map(chainText).joined(separator: ";\n")
  }

  /// One chain: `[in1][in2]filter1=…,filter2[out]`.
  static func chainText(_ chain: FilterChain) -> String {
    chain.inputs.map { "[\($0)]" }.joined()
      + chain.filters.map(filterText).joined(separator: ",")
      + chain.outputs.map { "[\($0)]" }.joined()
  }

  /// One filter: `name` or `name=key=value:…`.
  static func filterText(_ filter: Filter) -> String {
    guard !filter.options.isEmpty else { return filter.name }
    let options = filter.options.map { option -> String in
      let value = FilterEscaping.filterOption(option.value)
      return option.key.map { "\($0)=\(value)" } ?? value
    }
    return filter.name + "=" + options.joined(separator: ":")
  }

  /// The arguments of an `ffmpeg` command (without the program name) that renders `graph`
  /// to `output`: inputs with their seeks before `-i`, the graph, the mapped outputs, the
  /// encoders and their options, the rate and the output path.
  ///
  /// `-copyts -start_at_zero` keeps each frame's source time as its timestamp (counted from
  /// the file's start) for graphs that expect it (``FilterGraph/inputTimestamps``), as the
  /// exact `setpts` expressions of ``Lowering`` do; see docs/graph.md.
  public static func command(_ graph: FilterGraph, output: String, encoding: EncodingSettings) -> [String] {
    var args = ["-y", "-hide_banner", "-loglevel", "error", "-nostdin"]
    if graph.inputTimestamps == .sourceTime { args += ["-copyts", "-start_at_zero"] }
    for input in graph.inputs {
      if let seek = input.seek { args += ["-ss", OptionText.seconds(seek)] }
      if let duration = input.duration { args += ["-t", OptionText.seconds(duration)] }
      if input.loopStill { args += ["-loop", "1"] }
      if !input.autorotate { args.append("-noautorotate") }
      if let decoder = input.videoDecoder { args += ["-c:v", decoder] }
      if let demuxer = input.demuxer { args += ["-f", demuxer] }
      args += ["-i", input.path]
    }
    args += ["-filter_complex", filterComplex(graph)]
    if let video = graph.videoOutput {
      args += ["-map", "[\(video)]", "-c:v", encoding.videoCodec]
      for option in encoding.videoOptions + encoding.colorOptions(height: graph.height) {
        args += ["-\(option.name):v", option.value]
      }
      args += ["-pix_fmt", encoding.pixelFormat]
      if encoding.isStill {
        args += ["-frames:v", "1"]
      } else {
        args += ["-r", graph.frameRate.description]
      }
    }
    if let audio = graph.audioOutput, let codec = encoding.audioCodec {
      args += ["-map", "[\(audio)]", "-c:a", codec]
      for option in encoding.audioOptions { args += ["-\(option.name):a", option.value] }
    }
    for option in encoding.muxerOptions { args += ["-\(option.name)", option.value] }
    args.append(output)
    return args
  }

  /// The longest `-filter_complex` written as an argument: Linux refuses a single argument
  /// over 128 KiB (`MAX_ARG_STRLEN`), so a longer graph — thousands of caption lines — is
  /// given as a here-document instead.
  static let longestArgument = 100_000

  /// ``command(_:output:encoding:)`` as a POSIX shell command starting with `ffmpeg`, every
  /// argument quoted where needed, runnable as is: one line, or, for a graph too long for
  /// one argument, `-filter_complex_script /dev/stdin` followed by the graph in a quoted
  /// here-document.
  public static func shellCommand(_ graph: FilterGraph, output: String, encoding: EncodingSettings) -> String {
    var arguments = ["ffmpeg"] + command(graph, output: output, encoding: encoding)
    guard let index = arguments.firstIndex(of: "-filter_complex"), arguments[index + 1].utf8.count > longestArgument
    else { return arguments.map(FilterEscaping.shellQuoted).joined(separator: " ") }
    let text = arguments[index + 1]
    arguments[index] = "-filter_complex_script"
    arguments[index + 1] = "/dev/stdin"
    let lines = Set(text.split(separator: "\n", omittingEmptySubsequences: false))
    var delimiter = "VEDL_FILTER_GRAPH"
    while lines.contains(Substring(delimiter)) { delimiter += "_" }
    return arguments.map(FilterEscaping.shellQuoted).joined(separator: " ") + " <<'\(delimiter)'\n" + text + "\n"
      + delimiter
  }
}
