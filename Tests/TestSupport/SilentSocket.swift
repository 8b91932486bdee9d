import Glibc

/// A Unix socket that listens and takes connections but never says a word: a server (a session
/// bus) that accepted a client and then hangs, for the tests of bounded waits.
public final class SilentSocket {
  public let path: String
  private let listener: Int32
  private var accepted: [Int32] = []

  public struct Failed: Error, CustomStringConvertible {
    public var description: String
  }

  /// Listens at `path` (a file left there is replaced).
  public init(path: String) throws {
    self.path = path
    unlink(path)
    listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard listener >= 0 else { throw Failed(description: "socket: errno \(errno)") }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      close(listener)
      throw Failed(description: "path too long: \(path)")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0, listen(listener, 16) == 0 else {
      close(listener)
      throw Failed(description: "bind/listen \(path): errno \(errno)")
    }
  }

  /// The D-Bus address of the socket.
  public var address: String { "unix:path=\(path)" }

  /// Waits (at most `seconds`) for a client to connect, and keeps its connection open, unread.
  public func acceptClient(within seconds: Double) -> Bool {
    var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
    guard Glibc.poll(&fds, 1, Int32(seconds * 1_000)) > 0 else { return false }
    let client = accept(listener, nil, nil)
    guard client >= 0 else { return false }
    accepted.append(client)
    return true
  }

  deinit {
    for client in accepted { close(client) }
    close(listener)
    unlink(path)
  }
}
