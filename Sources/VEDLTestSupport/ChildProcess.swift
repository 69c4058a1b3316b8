import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program as a child process and reports how it ended and how much memory it took at
/// its peak (`ru_maxrss` from `wait4`, so each child is measured alone even when tests run in
/// parallel). A crash or a hang of the program ends only that child: a campaign goes on and
/// records it.
public enum ChildProcess {
  /// What a failed run of a helper says.
  public struct Failure: Error, CustomStringConvertible {
    /// The message.
    public var description: String

    /// A failure saying `description`.
    public init(description: String) { self.description = description }
  }

  /// How one run ended.
  public struct Result: Sendable {
    /// The exit status, or the signal that ended the child.
    public var status: Int32
    /// Whether the child exited (rather than being killed by a signal).
    public var exitedNormally: Bool
    /// Whether the run was stopped for taking longer than its time limit.
    public var timedOut: Bool
    /// The child's peak resident memory in bytes.
    public var peakMemory: Int64
    /// Wall-clock seconds.
    public var seconds: Double
    /// What the child wrote to standard output.
    public var standardOutput: Data
    /// What the child wrote to standard error, as text.
    public var standardError: String

    /// `exit 0`, `exit 1`, `signal 11`, `timed out`.
    public var outcome: String {
      if timedOut { return "timed out" }
      return exitedNormally ? "exit \(status)" : "signal \(status)"
    }

    /// Whether the child exited with status 0.
    public var succeeded: Bool { exitedNormally && status == 0 && !timedOut }
  }

  /// `/usr/bin/ffmpeg`, or `ffmpeg` as found on `PATH`.
  public static let ffmpeg: String = locate("ffmpeg")
  /// `/usr/bin/ffprobe`, or `ffprobe` as found on `PATH`.
  public static let ffprobe: String = locate("ffprobe")

  static func locate(_ name: String) -> String {
    let folders =
      ["/usr/bin", "/usr/local/bin"]
      + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(
        separator: ":"
      ).map(String.init)
    return folders.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) } ?? name
  }

  /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29, macOS 10.15), which the C library
  /// has but Swift's module of it does not declare: looked up once by name.
  private static let addChdir:
    (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32)? = {
      #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
      #else
        let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
      #endif
      guard let symbol = dlsym(everywhere, "posix_spawn_file_actions_addchdir_np") else { return nil }
      return unsafeBitCast(
        symbol,
        to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self)
    }()

  /// Runs `executable ARGUMENTS…` with the current environment plus `environment`, its
  /// standard input empty, in `directory` (the test's own when `nil`), and waits for it
  /// (killing it after `timeLimit` seconds).
  public static func run(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:], directory: String? = nil,
    timeLimit: Double = 600
  ) throws -> Result {
    let scratch = NSTemporaryDirectory() + "vedl-child-\(UUID().uuidString)"
    let outPath = scratch + ".out"
    let errPath = scratch + ".err"
    defer {
      unlink(outPath)
      unlink(errPath)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    if let directory {
      guard let addChdir = Self.addChdir, addChdir(&actions, directory) == 0 else {
        throw Failure(description: "cannot run \(executable) in \(directory)")
      }
    }

    var merged = ProcessInfo.processInfo.environment
    for (key, value) in environment { merged[key] = value }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for p in argv { free(p) }
      for p in envp { free(p) }
    }
    let start = Date()
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
    guard spawned == 0 else {
      throw Failure(description: "cannot run \(executable): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    var usage = rusage()
    var timedOut = false
    while true {
      let waited = wait4(pid, &status, WNOHANG, &usage)
      if waited == pid { break }
      if waited == -1 && errno != EINTR { throw Failure(description: "wait4 failed for \(executable)") }
      if Date().timeIntervalSince(start) > timeLimit, !timedOut {
        timedOut = true
        kill(pid, SIGKILL)
      }
      usleep(timedOut ? 1_000 : 5_000)
    }
    let seconds = Date().timeIntervalSince(start)
    // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
    let exited = (status & 0x7F) == 0
    let code = exited ? (status >> 8) & 0xFF : status & 0x7F
    let output = (try? Data(contentsOf: URL(fileURLWithPath: outPath))) ?? Data()
    let errors = (try? Data(contentsOf: URL(fileURLWithPath: errPath))) ?? Data()
    return Result(
      status: code, exitedNormally: exited, timedOut: timedOut, peakMemory: Int64(usage.ru_maxrss) * 1024,
      seconds: seconds, standardOutput: output, standardError: String(decoding: errors, as: UTF8.self))
  }
}
