/// A failure of the session bus: the sd-bus call that failed and sd-bus's own message
/// (`strerror` of its negative errno), or the D-Bus error a remote call answered with.
public struct DesktopBusError: Error, Equatable, CustomStringConvertible {
  public var operation: String
  public var message: String
  /// The D-Bus error name when a remote call failed (`org.freedesktop.DBus.Error.…`).
  public var name: String?

  public var description: String {
    if let name { return "\(operation): \(message) (\(name))" }
    return "\(operation): \(message)"
  }
}
