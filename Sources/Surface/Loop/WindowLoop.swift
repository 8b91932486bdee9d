/// The thread that runs `SDLEventLoop.run()`, as a global actor: the windows, the model and the
/// wiring around them are `@WindowLoop`, so the compiler rejects a call from any other thread.
///
/// Its executor runs jobs on that thread, between the loop's turns: a job is queued in the
/// loop's `SurfaceMailbox` and the loop is woken with an SDL user event, as for `post`. The
/// loop runs on the thread that created it (the main thread in the app; in the tests, one
/// thread of their own for the whole process). Code already on that thread that the compiler
/// cannot see as isolated (the thread that made the loop, before it calls `run()`) enters with
/// `WindowLoop.assumeIsolated`, which checks the thread and stops the process when it is wrong.
@globalActor public actor WindowLoop {
  public static let shared = WindowLoop()

  static let executor = WindowLoopExecutor()

  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    Self.executor.asUnownedSerialExecutor()
  }

  /// Runs `operation` as `@WindowLoop` code when the caller is on the loop's thread; stops the
  /// process otherwise (as `MainActor.assumeIsolated` does for the main thread).
  public static func assumeIsolated<T: Sendable>(
    _ operation: @WindowLoop () throws -> T, file: StaticString = #fileID, line: UInt = #line
  ) rethrows -> T {
    typealias Unchecked = () throws -> T
    shared.preconditionIsolated("not on the window loop's thread", file: file, line: line)
    // The thread was checked just above; the cast only drops the isolation from the type, which
    // is how the standard library implements `MainActor.assumeIsolated`.
    return try withoutActuallyEscaping(operation) { isolated in
      try unsafeBitCast(isolated, to: Unchecked.self)()
    }
  }
}
