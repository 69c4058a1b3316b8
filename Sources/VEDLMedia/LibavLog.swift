/// Where libav* log messages go. FFmpeg writes warnings and statistics to stderr by
/// default, which would interleave with VEDL's own diagnostics, so VEDLMedia silences it the
/// first time it touches FFmpeg unless a program chose otherwise.
public enum LibavLogConfiguration: Sendable {
  /// Nothing is printed (the default). Errors still reach `FFmpegError.libraryMessages`.
  case silent
  /// Messages at `level` or more severe are printed to stderr as `[component] text`.
  case standardError(level: LibavLogLevel)
  /// Messages at `level` or more severe are passed to `handler`, on whichever thread logged
  /// them — the way to capture libav output for a log file or a test.
  case handler(level: LibavLogLevel, handler: @Sendable (LibavLogMessage) -> Void)

  /// The most verbose level this configuration lets through.
  var threshold: LibavLogLevel {
    switch self {
    case .silent: .quiet
    case .standardError(let level), .handler(let level, _): level
    }
  }
}

/// Process-wide control of libav* logging. libav has one log callback and one level for the
/// whole process, so this is a namespace over that single shared setting.
public enum LibavLog {
  /// Routes libav messages as `configuration` says, replacing the previous configuration.
  /// Safe to call from any thread at any time.
  public static func configure(_ configuration: LibavLogConfiguration) {
    LibavLogRouter.shared.configure(configuration)
  }

  /// The configuration in force now (`.silent` until something is configured).
  public static var configuration: LibavLogConfiguration {
    LibavLogRouter.shared.currentConfiguration
  }

  /// Installs the default (`.silent`) unless a configuration was already chosen. Every
  /// VEDLMedia entry point calls it before its first libav call.
  static func ensureConfigured() {
    LibavLogRouter.shared.installDefaultIfNeeded()
  }
}
