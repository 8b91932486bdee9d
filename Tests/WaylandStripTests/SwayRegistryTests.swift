import Foundation
import TestSupport
import Testing
import WaylandStrip

/// The registry of a real compositor: the private sway of scripts/with-sway (sway 1.7 on
/// Debian 12, which offers layer shell version 4).
@Suite(
  .tags(.wayland), .serialized, .enabled(if: Service.sway.shouldRun), .timeLimit(.minutes(5)))
struct SwayRegistryTests {
  let environment = ProcessInfo.processInfo.environment

  @Test func swayOffersLayerShell() throws {
    let globals = try WaylandRegistry.globals(environment: environment)
    #expect(globals.version(of: "zwlr_layer_shell_v1") == 4)
    #expect(globals.version(of: "wl_compositor") != nil)
    #expect(globals.version(of: "wl_shm") != nil)
  }

  @Test func autoChoosesLayerShellOnSway() throws {
    var environment = environment
    environment["LYRICPIP_STRIP_BACKEND"] = nil
    let choice = try StripBackendChoice.choose(setting: .auto, environment: environment) {
      () throws(WaylandConnectionError) in try WaylandRegistry.globals(environment: environment)
    }
    #expect(choice == StripBackendChoice(backend: .layerShell(version: 4), requested: .auto))
  }

  /// With sway up but WAYLAND_DISPLAY taken away, nothing falls back to a default socket.
  @Test func withoutWaylandDisplayItFailsCleanly() {
    var environment = environment
    environment["WAYLAND_DISPLAY"] = nil
    #expect(throws: WaylandConnectionError.noDisplay) {
      try WaylandRegistry.globals(environment: environment)
    }
    let choice = try? StripBackendChoice.choose(setting: .auto, environment: environment) {
      () throws(WaylandConnectionError) in try WaylandRegistry.globals(environment: environment)
    }
    #expect(choice?.backend == .x11)
  }
}
