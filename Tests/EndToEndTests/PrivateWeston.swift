import Foundation
import Glibc
import TestSupport

/// A Wayland session of one test's own, in a runtime folder of its own: weston's headless backend
/// with XWayland, or weston as a window on the test's X server with no XWayland (SDL's Wayland
/// driver needs the seat that backend gives; under the headless one it crashes in SDL_Init).
/// `display` is XWayland's X display ("" without one; weston starts XWayland when the first X
/// client connects); `socket` is the Wayland display's name. Stopped when the value goes.
final class PrivateWeston {
  let runtime: URL
  let socket: String
  let display: String
  private let compositor: Process

  struct Failed: Error, CustomStringConvertible {
    var description: String
  }

  /// What a client needs to find this session: Wayland and, unless `xwayland` is false, X.
  func environment(xwayland: Bool = true) -> [String: String] {
    var environment = ["XDG_RUNTIME_DIR": runtime.path, "WAYLAND_DISPLAY": socket]
    environment["DISPLAY"] = xwayland ? display : ""
    return environment
  }

  /// `nestedIn`: an X display to run weston on as a window, with no XWayland; nil: the
  /// headless backend with XWayland.
  init(nestedIn xDisplay: String? = nil) throws {
    runtime = try Paths.makeTemporaryDirectory().appendingPathComponent("runtime")
    try FileManager.default.createDirectory(
      at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    socket = "lyricpip-wayland-\(getpid())"
    let log = runtime.appendingPathComponent("weston.log").path
    let backend =
      xDisplay == nil
      ? ["--backend=headless-backend.so", "--xwayland"] : ["--backend=x11-backend.so"]
    compositor = try PrivateDesktop.launch(
      "/usr/bin/weston",
      backend + [
        "--socket=\(socket)", "--width=1280", "--height=720", "--idle-time=0", "--log=\(log)",
      ],
      environment: [
        "XDG_RUNTIME_DIR": runtime.path, "WAYLAND_DISPLAY": "", "DISPLAY": xDisplay ?? "",
      ])
    // weston writes "xserver listening on display :N" once XWayland's sockets are open.
    var found: String?
    _ = poll(timeout: 15) { [runtime, socket, compositor] in
      let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      if let range = text.range(of: "xserver listening on display ") {
        found = String(text[range.upperBound...].prefix { $0 != "\n" && $0 != " " })
      }
      let ready = FileManager.default.fileExists(
        atPath: runtime.appendingPathComponent(socket).path)
      return ((found != nil || xDisplay != nil) && ready) || !compositor.isRunning
    }
    guard found != nil || xDisplay != nil, compositor.isRunning else {
      let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      PrivateWeston.stop(compositor)
      throw Failed(description: "weston did not start: \(text.suffix(2000))")
    }
    display = found ?? ""
  }

  deinit { Self.stop(compositor) }

  /// SIGTERM first, so weston ends its XWayland and its shell clients; SIGKILL after 5 s.
  private static func stop(_ process: Process) {
    guard process.isRunning else { return }
    process.terminate()
    if !poll(timeout: 5, until: { !process.isRunning }) { PrivateDesktop.kill(process) }
    process.waitUntilExit()
  }
}
