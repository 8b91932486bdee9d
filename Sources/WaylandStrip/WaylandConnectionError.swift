/// Why the compositor's globals could not be read, in words a log line or a test shows.
public enum WaylandConnectionError: Error, Equatable, Sendable, CustomStringConvertible {
  /// `WAYLAND_DISPLAY` is not set (or empty): no Wayland session, or one we were not told of.
  case noDisplay
  /// `WAYLAND_DISPLAY` names a socket relative to `XDG_RUNTIME_DIR`, which is not set.
  case noRuntimeDirectory(display: String)
  /// Nothing accepted a connection at the socket (gone, refused, not allowed).
  case cannotConnect(socket: String, reason: String)
  /// Connected, but the compositor did not answer within the time given.
  case noAnswer(socket: String, milliseconds: Int32)
  /// The connection failed while we waited (the compositor went away, or a protocol error).
  case connectionFailed(socket: String, reason: String)

  public var description: String {
    switch self {
    case .noDisplay:
      "no Wayland display: WAYLAND_DISPLAY is not set"
    case .noRuntimeDirectory(let display):
      "no Wayland display: WAYLAND_DISPLAY=\(display) is relative and XDG_RUNTIME_DIR is not set"
    case .cannotConnect(let socket, let reason):
      "cannot connect to the Wayland display at \(socket): \(reason)"
    case .noAnswer(let socket, let milliseconds):
      "the Wayland display at \(socket) did not answer within \(milliseconds) ms"
    case .connectionFailed(let socket, let reason):
      "the connection to the Wayland display at \(socket) failed: \(reason)"
    }
  }
}
