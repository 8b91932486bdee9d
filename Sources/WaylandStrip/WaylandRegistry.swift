/// What a Wayland compositor offers, asked on a connection of our own that is closed again at
/// once: the basis of the strip's choice between layer shell and X11 (`StripBackendChoice`).
public enum WaylandRegistry {
  /// How long a compositor may take to list its globals: one round trip on a local socket,
  /// milliseconds even under load; a compositor that takes longer is hung, and the strip had
  /// better fall back than wait.
  public static let defaultTimeoutMs: Int32 = 2_000

  /// The globals offered by the display `environment` names (`WAYLAND_DISPLAY`,
  /// `XDG_RUNTIME_DIR`).
  public static func globals(
    environment: [String: String], timeoutMs: Int32 = defaultTimeoutMs
  ) throws(WaylandConnectionError) -> [WaylandGlobal] {
    let socket = try WaylandSocket.path(environment: environment)
    return try WaylandCalls.globals(socket: socket, timeoutMs: timeoutMs)
  }

  /// The layer-shell interface's name (`zwlr_layer_shell_v1`) and the highest version the
  /// strip's protocol glue speaks.
  public static var layerShellInterface: (name: String, version: UInt32) {
    WaylandCalls.layerShellInterface
  }
}
