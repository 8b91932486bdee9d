import Glibc

/// A pipe the MPRIS bus thread polls beside the bus socket, so other threads can wake it (the
/// player's state changed, or it must stop). (Swift's Glibc module does not show `eventfd`.)
/// Both ends are closed when the object goes.
final class WakeEvent: Sendable {
  /// The end the bus thread polls.
  let fd: Int32
  private let writeEnd: Int32

  init() throws(DesktopBusError) {
    var ends: [Int32] = [-1, -1]
    if pipe(&ends) != 0 { throw SDBus.failure(-errno, "pipe") }
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

  /// Any thread: makes the read end readable. A full pipe already is, so a failed write is fine.
  func signal() {
    var byte: UInt8 = 1
    _ = write(writeEnd, &byte, 1)
  }

  /// The bus thread: takes the wake-ups that came.
  func drain() {
    var bytes = [UInt8](repeating: 0, count: 64)
    while read(fd, &bytes, bytes.count) > 0 {}
  }
}
