import Glibc

/// The process itself: its id, its environment, its end.
public enum SystemProcess {
  /// `getpid()`.
  public static var id: Int32 { getpid() }

  /// The environment variable `name`, as the process got it or set it since.
  public static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// Sets the environment variable `name` to `value` unless it is set already. Only while the
  /// process has one thread: `setenv` beside threads that read the environment is not safe.
  public static func setEnvironmentIfUnset(_ name: String, to value: String) {
    setenv(name, value, 0)
  }

  /// Ends the process with `status`, running the exit handlers and flushing C's buffers.
  public static func exit(_ status: Int32) -> Never {
    Glibc.exit(status)
  }

  /// Ends the process with `status` at once (`_exit`): no exit handler runs, so none can race
  /// threads that still run or touch what a dying thread holds.
  public static func exitNow(_ status: Int32) -> Never {
    Glibc._exit(status)
  }

  /// Writes `message` to the standard error and ends the process at once with `status`, using
  /// only calls that are safe where nothing else is (an Xlib IO error handler, a dying thread).
  public static func failNow(_ message: String, status: Int32) -> Never {
    var bytes = Array(message.utf8)
    _ = bytes.withUnsafeMutableBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    Glibc._exit(status)
  }

  /// Sleeps this thread until a signal ends the process (a thread that must not go on).
  public static func sleepForever() -> Never {
    while true { pause() }
  }
}
