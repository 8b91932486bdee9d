import Glibc

/// One descriptor to wait on with `Poll.wait`, and what it turned out to be ready for.
public struct PollDescriptor: Sendable {
  public var fd: Int32
  /// What to wait for (`Poll.readable`, or what a library asks for).
  public var events: Int16
  /// What happened, after the wait.
  public var returned: Int16 = 0

  public init(fd: Int32, events: Int16) {
    self.fd = fd
    self.events = events
  }
}

/// `poll(2)` for the threads that sleep on a socket and a wake pipe (the bus, the X watches, the file watch).
public enum Poll {
  public static let readable = Int16(POLLIN)
  /// The other end went away, or the descriptor failed.
  public static let hungUpOrFailed = Int16(POLLHUP | POLLERR)

  /// Waits until one of `descriptors` is ready or `timeoutMs` passes (-1: no limit); the count
  /// of ready ones. A signal ends the wait early as if nothing were ready (0): every caller
  /// loops and works out what is left of its own deadline (`SystemCalls.poll`).
  public static func wait(_ descriptors: inout [PollDescriptor], timeoutMs: Int32) -> Result<
    Int32, Errno
  > {
    var polled = descriptors.map { pollfd(fd: $0.fd, events: $0.events, revents: 0) }
    let result = SystemCalls.poll(&polled, timeoutMs: timeoutMs)
    for index in descriptors.indices { descriptors[index].returned = polled[index].revents }
    return result
  }
}
