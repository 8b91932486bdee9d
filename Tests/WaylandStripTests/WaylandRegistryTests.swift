import Foundation
import TestSupport
import Testing
import WaylandStrip

/// Asking for the globals where no compositor answers: every way fails with its own clear
/// error, within the time given, never a crash or a hang.
@Suite(.tags(.sanitized), .timeLimit(.minutes(5))) struct WaylandRegistryTests {
  let folder: TemporaryDirectory

  init() throws { folder = try TemporaryDirectory() }

  @Test func noWaylandDisplayIsAClearError() {
    #expect(throws: WaylandConnectionError.noDisplay) {
      try WaylandRegistry.globals(environment: ["XDG_RUNTIME_DIR": folder.path])
    }
    #expect(throws: WaylandConnectionError.noDisplay) {
      try WaylandRegistry.globals(environment: ["WAYLAND_DISPLAY": ""])
    }
    #expect(
      WaylandConnectionError.noDisplay.description
        == "no Wayland display: WAYLAND_DISPLAY is not set")
  }

  @Test func theSocketsPath() throws {
    #expect(
      try WaylandSocket.path(environment: [
        "WAYLAND_DISPLAY": "wayland-1", "XDG_RUNTIME_DIR": "/run/user/7",
      ])
        == "/run/user/7/wayland-1")
    #expect(
      try WaylandSocket.path(environment: [
        "WAYLAND_DISPLAY": "/tmp/s/wayland-0", "XDG_RUNTIME_DIR": "/run/user/7",
      ])
        == "/tmp/s/wayland-0")
    #expect(throws: WaylandConnectionError.noRuntimeDirectory(display: "wayland-1")) {
      try WaylandSocket.path(environment: ["WAYLAND_DISPLAY": "wayland-1"])
    }
  }

  @Test func nothingAtTheSocketIsAClearError() {
    let socket = folder.path + "/wayland-none"
    #expect(throws: WaylandConnectionError.self) {
      try WaylandRegistry.globals(environment: ["WAYLAND_DISPLAY": socket])
    }
    do {
      _ = try WaylandRegistry.globals(
        environment: ["WAYLAND_DISPLAY": "wayland-none", "XDG_RUNTIME_DIR": folder.path])
    } catch {
      #expect(error == .cannotConnect(socket: socket, reason: "No such file or directory"))
    }
  }

  /// A compositor that takes the connection and never answers: the wait ends at its limit.
  @Test func aSilentCompositorEndsAtTheTimeLimit() throws {
    let silent = try SilentSocket(path: folder.path + "/wayland-silent")
    let clock = ContinuousClock()
    let start = clock.now
    #expect(throws: WaylandConnectionError.noAnswer(socket: silent.path, milliseconds: 300)) {
      try WaylandRegistry.globals(environment: ["WAYLAND_DISPLAY": silent.path], timeoutMs: 300)
    }
    let elapsed = clock.now - start
    #expect(elapsed >= .milliseconds(300))
    #expect(elapsed < .seconds(5))
  }

  /// The glue made by wayland-scanner is linked, and names the interface the choice looks for.
  @Test func theGlueSpeaksLayerShellVersion4() {
    let glue = WaylandRegistry.layerShellInterface
    #expect(glue.name == StripBackendChoice.layerShellInterface)
    #expect(glue.version == 4)
  }
}
