/// A test's stand-in for the system calls that write files (swift-system's mocking, in-process):
/// while `run(_:)` runs on this task, each call `SystemCalls` makes is first shown to
/// `intercept`, which may fail it with an error number instead of letting it be made. So a full
/// disk, a read-only one or a signal can be played without root or a small disk.
///
/// A task-local value, not a global: tests run in parallel, and each sees only its own stand-in.
public struct SystemCallMock: Sendable {
  /// The calls that can be failed.
  public enum Call: Sendable, Hashable {
    case open, read, write, fsync, fchmod, rename, link, unlink, poll
  }

  /// Called before `call` (with the path it names, if any): an error number fails the call
  /// with it, nil makes the real call.
  public var intercept: @Sendable (_ call: Call, _ path: String?) -> Errno?

  public init(intercept: @escaping @Sendable (_ call: Call, _ path: String?) -> Errno?) {
    self.intercept = intercept
  }

  /// Fails every `call` with `error`.
  public static func failing(_ call: Call, with error: Errno) -> SystemCallMock {
    SystemCallMock { made, _ in made == call ? error : nil }
  }

  @TaskLocal static var current: SystemCallMock?

  /// Runs `body` with `self` standing in for the system calls of this task.
  public func run<Result>(_ body: () throws -> Result) rethrows -> Result {
    try Self.$current.withValue(self, operation: body)
  }
}
