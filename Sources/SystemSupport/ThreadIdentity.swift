import Glibc

/// Which thread this is (`pthread_self`), to check that code runs on the thread it belongs to.
public struct ThreadIdentity: @unchecked Sendable {
  // @unchecked: a pthread_t is an opaque number, only compared, never dereferenced.
  private let thread: pthread_t

  /// The calling thread.
  public static var current: ThreadIdentity { ThreadIdentity(thread: pthread_self()) }

  /// Whether the calling thread is this one.
  public var isCurrent: Bool { pthread_equal(pthread_self(), thread) != 0 }
}
