/// Where the compositor's socket is, worked out from the environment as libwayland does, but
/// from the environment we are given rather than the process's own: so a test (or the backend
/// choice) decides which display is asked, and a missing display is our clear error, not
/// libwayland's fallback to `wayland-0`.
public enum WaylandSocket {
  /// The socket's path: `WAYLAND_DISPLAY` itself when absolute (libwayland takes those since
  /// 1.15), else the name in `XDG_RUNTIME_DIR`.
  public static func path(environment: [String: String]) throws(WaylandConnectionError) -> String {
    guard let display = environment["WAYLAND_DISPLAY"], !display.isEmpty else {
      throw .noDisplay
    }
    if display.hasPrefix("/") { return display }
    guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else {
      throw .noRuntimeDirectory(display: display)
    }
    return runtime.hasSuffix("/") ? runtime + display : runtime + "/" + display
  }
}
