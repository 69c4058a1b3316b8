import CFFmpeg

/// The severity of a libav* log message, from `quiet` (nothing) to `trace` (everything),
/// matching FFmpeg's `AV_LOG_*` levels. A threshold lets through its own level and every
/// more severe one.
public enum LibavLogLevel: Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
  /// Nothing at all.
  case quiet
  /// Something went so wrong that the process will crash.
  case panic
  /// An unrecoverable failure of the current operation.
  case fatal
  /// A failure the caller will see as an error code.
  case error
  /// Something looks wrong but work continues.
  case warning
  /// Normal progress information (what the `ffmpeg` CLI shows by default).
  case info
  /// More detail than `info`.
  case verbose
  /// Information for FFmpeg developers.
  case debug
  /// Extremely verbose, per-packet detail.
  case trace

  /// FFmpeg's number for the level (`AV_LOG_ERROR` is 16; larger is more verbose).
  public var avLevel: Int32 {
    switch self {
    case .quiet: AV_LOG_QUIET
    case .panic: AV_LOG_PANIC
    case .fatal: AV_LOG_FATAL
    case .error: AV_LOG_ERROR
    case .warning: AV_LOG_WARNING
    case .info: AV_LOG_INFO
    case .verbose: AV_LOG_VERBOSE
    case .debug: AV_LOG_DEBUG
    case .trace: AV_LOG_TRACE
    }
  }

  /// The named level for an FFmpeg number, rounding a number between two levels towards the
  /// more verbose one (FFmpeg contexts may offset levels by a few steps).
  public init(avLevel: Int32) {
    self = LibavLogLevel.allCases.first { avLevel <= $0.avLevel } ?? .trace
  }

  /// Ordered by verbosity: `.error < .warning`.
  public static func < (a: LibavLogLevel, b: LibavLogLevel) -> Bool { a.avLevel < b.avLevel }

  /// The lower-case name FFmpeg's `-loglevel` option uses.
  public var description: String {
    switch self {
    case .quiet: "quiet"
    case .panic: "panic"
    case .fatal: "fatal"
    case .error: "error"
    case .warning: "warning"
    case .info: "info"
    case .verbose: "verbose"
    case .debug: "debug"
    case .trace: "trace"
    }
  }
}
