#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether rendered text carries ANSI colour escapes. This is the *decision* handed to the
/// renderers, which stay pure functions of their inputs; ``ColorMode`` is the user's policy
/// that produces it.
public enum TextColoring: Sendable, Hashable {
  /// Plain text, no escape sequences (files, pipes, `NO_COLOR`).
  case plain
  /// ANSI SGR escapes: bold red errors, yellow warnings, cyan notes, blue gutter.
  case ansi
}

/// The user's colour policy (`--color always|never|auto`), resolved to a ``TextColoring``
/// once per output stream.
public enum ColorMode: String, Sendable, Hashable, CaseIterable {
  /// Colour even when the output is not a terminal (explicit request; beats `NO_COLOR`).
  case always
  /// Never colour.
  case never
  /// Colour only when the stream is a terminal, `NO_COLOR` is unset or empty, and `TERM`
  /// is not `dumb` (the common CLI convention, see no-color.org).
  case auto

  /// Resolves the policy from explicit facts; a pure function so that it can be tested.
  /// - Parameters:
  ///   - isTerminal: whether the output stream is a terminal (`isatty`).
  ///   - environment: the process environment (only `NO_COLOR` and `TERM` are read).
  public func coloring(isTerminal: Bool, environment: [String: String]) -> TextColoring {
    switch self {
    case .always:
      return .ansi
    case .never:
      return .plain
    case .auto:
      guard isTerminal else { return .plain }
      if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .plain }
      if environment["TERM"] == "dumb" { return .plain }
      return .ansi
    }
  }

  /// Resolves the policy for an open file descriptor (e.g. `STDERR_FILENO`) by asking
  /// `isatty` and reading `NO_COLOR` and `TERM` from the real environment. This is the only
  /// place in the diagnostics layer that looks at the process state.
  public func coloring(forFileDescriptor descriptor: Int32) -> TextColoring {
    if self != .auto { return coloring(isTerminal: false, environment: [:]) }
    var environment: [String: String] = [:]
    for name in ["NO_COLOR", "TERM"] {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    return coloring(isTerminal: isatty(descriptor) != 0, environment: environment)
  }
}
