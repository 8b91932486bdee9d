import Foundation
import Glibc
import TestSupport
import Testing
import WaylandStrip

private let westonPath = "/usr/bin/weston"

/// The registry of a compositor without layer shell: weston 10 (Debian 12), headless, in a
/// runtime folder of the test's own. Needs no service, only weston itself (`make deps`
/// installs it); skipped where it is missing unless the run requires every service.
@Suite(
  .enabled(
    if: FileManager.default.isExecutableFile(atPath: westonPath)
      || ProcessInfo.processInfo.environment["LYRICPIP_REQUIRE_SERVICES"] == "1"),
  .timeLimit(.minutes(5)))
struct WestonRegistryTests {
  @Test func autoFallsBackToX11OnWeston() throws {
    let folder = try TemporaryDirectory()
    let runtime = folder.path + "/runtime"
    try FileManager.default.createDirectory(
      atPath: runtime, withIntermediateDirectories: false,
      attributes: [.posixPermissions: 0o700])
    let environment = ["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": "wayland-test"]
    let compositor = Process()
    compositor.executableURL = URL(fileURLWithPath: westonPath)
    compositor.arguments = [
      "--backend=headless-backend.so", "--socket=wayland-test", "--idle-time=0",
      "--log=\(folder.path)/weston.log",
    ]
    compositor.environment = ["XDG_RUNTIME_DIR": runtime, "PATH": "/usr/bin:/bin"]
    compositor.standardOutput = FileHandle.nullDevice
    compositor.standardError = FileHandle.nullDevice
    try compositor.run()
    defer {
      // SIGKILL: signals the test process blocks stay blocked in its children (SIGTERM too).
      kill(compositor.processIdentifier, SIGKILL)
      compositor.waitUntilExit()
    }
    // The socket's lock file comes first; the globals are there once it accepts a connection.
    var globals: [WaylandGlobal] = []
    let answered = poll(timeout: 15, interval: 0.05) {
      guard compositor.isRunning else { return true }
      guard let offered = try? WaylandRegistry.globals(environment: environment) else {
        return false
      }
      globals = offered
      return true
    }
    let log = (try? String(contentsOfFile: folder.path + "/weston.log", encoding: .utf8)) ?? ""
    try #require(answered && compositor.isRunning, "weston did not start: \(log.suffix(1500))")
    #expect(globals.version(of: "wl_compositor") != nil)
    #expect(globals.version(of: "xdg_wm_base") != nil)
    #expect(globals.version(of: "zwlr_layer_shell_v1") == nil)

    let choice = try StripBackendChoice.choose(setting: .auto, environment: environment) {
      () throws(WaylandConnectionError) in try WaylandRegistry.globals(environment: environment)
    }
    #expect(choice.backend == .x11)
    #expect(choice.fallbackReason == "the compositor does not offer zwlr_layer_shell_v1")
    #expect(throws: StripBackendChoiceError.self) {
      try StripBackendChoice.choose(setting: .wayland, environment: environment) {
        () throws(WaylandConnectionError) in try WaylandRegistry.globals(environment: environment)
      }
    }
    // The strip's own connection says what is missing, rather than failing later.
    #expect(throws: WaylandStripError.missingGlobal(interface: "zwlr_layer_shell_v1")) {
      try WaylandConnection(environment: environment)
    }
  }
}
