import Glibc

/// A pipe a thread polls beside its own socket (the session bus, a second X connection), so
/// other threads can wake it: something changed, or it must stop. (Swift's Glibc module does
/// not show `eventfd`.) Both ends are non-blocking and closed when the object goes.
public final class WakePipe: Sendable {
  /// The end the sleeping thread polls.
  public let fd: Int32
  private let writeEnd: Int32

  /// nil when the system has no file descriptor left (`errno` says why).
  public init?() {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, O_NONBLOCK)
    }
    fd = ends[0]
    writeEnd = ends[1]
  }

  deinit {
    close(fd)
    close(writeEnd)
  }

  /// Any thread: makes the read end readable. A full pipe already is, so a failed write is fine
  /// (an interrupted one is made again, by `SystemCalls`).
  public func signal() {
    let byte: [UInt8] = [1]
    _ = byte.withUnsafeBytes { SystemCalls.write(writeEnd, $0) }
  }

  /// The polling thread: takes the wake-ups that came (until the pipe is empty: `EAGAIN`).
  public func drain() {
    var bytes = [UInt8](repeating: 0, count: 64)
    while true {
      let read = bytes.withUnsafeMutableBytes { SystemCalls.read(fd, into: $0) }
      guard case .success(let count) = read, count > 0 else { return }
    }
  }
}
