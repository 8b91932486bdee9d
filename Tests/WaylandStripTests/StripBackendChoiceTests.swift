import TestSupport
import Testing
import WaylandStrip

/// The choice of the strip's backend from the request (setting, then environment) and what the
/// compositor offers, on made-up globals: no compositor needed.
@Suite(.tags(.sanitized)) struct StripBackendChoiceTests {
  /// What sway 1.7 offers, in part (measured with weston-info).
  static let sway: [WaylandGlobal] = [
    WaylandGlobal(name: 1, interface: "wl_compositor", version: 4),
    WaylandGlobal(name: 2, interface: "wl_shm", version: 1),
    WaylandGlobal(name: 9, interface: "zwlr_layer_shell_v1", version: 4),
    WaylandGlobal(name: 10, interface: "xdg_wm_base", version: 2),
  ]
  /// What weston 10 offers, in part: no layer shell.
  static let weston: [WaylandGlobal] = [
    WaylandGlobal(name: 1, interface: "wl_compositor", version: 4),
    WaylandGlobal(name: 5, interface: "xdg_wm_base", version: 1),
    WaylandGlobal(name: 6, interface: "weston_desktop_shell", version: 1),
  ]

  /// A probe that counts its calls and answers `globals` (or fails with `error`).
  final class Probe {
    var calls = 0
    let answer: Result<[WaylandGlobal], WaylandConnectionError>
    init(_ answer: Result<[WaylandGlobal], WaylandConnectionError>) { self.answer = answer }
    func callAsFunction() throws(WaylandConnectionError) -> [WaylandGlobal] {
      calls += 1
      return try answer.get()
    }
  }

  func choose(
    _ setting: StripBackendSetting, environment: [String: String] = [:], _ probe: Probe
  ) throws(StripBackendChoiceError) -> StripBackendChoice {
    try StripBackendChoice.choose(setting: setting, environment: environment) {
      () throws(WaylandConnectionError) in try probe()
    }
  }

  @Test func autoTakesLayerShellWhereOffered() throws {
    let probe = Probe(.success(Self.sway))
    let choice = try choose(.auto, probe)
    #expect(choice == StripBackendChoice(backend: .layerShell(version: 4), requested: .auto))
    #expect(probe.calls == 1)
  }

  @Test func autoFallsBackToX11WithoutLayerShell() throws {
    let choice = try choose(.auto, Probe(.success(Self.weston)))
    #expect(choice.backend == .x11)
    #expect(choice.fallbackReason == "the compositor does not offer zwlr_layer_shell_v1")
  }

  @Test func autoFallsBackToX11WithoutADisplay() throws {
    let choice = try choose(.auto, Probe(.failure(.noDisplay)))
    #expect(choice.backend == .x11)
    #expect(choice.fallbackReason == "no Wayland display: WAYLAND_DISPLAY is not set")
  }

  @Test func x11NeverAsksTheCompositor() throws {
    let probe = Probe(.success(Self.sway))
    #expect(try choose(.x11, probe) == StripBackendChoice(backend: .x11, requested: .x11))
    #expect(probe.calls == 0)
  }

  @Test func waylandFailsWithTheReasonWhereThereIsNoLayerShell() {
    #expect(
      throws: StripBackendChoiceError.layerShellUnavailable(
        reason: "the compositor does not offer zwlr_layer_shell_v1")
    ) {
      try choose(.wayland, Probe(.success(Self.weston)))
    }
    let refused = WaylandConnectionError.cannotConnect(
      socket: "/run/x/wayland-9", reason: "refused")
    #expect(throws: StripBackendChoiceError.layerShellUnavailable(reason: refused.description)) {
      try choose(.wayland, Probe(.failure(refused)))
    }
  }

  @Test func waylandTakesTheBestVersionOffered() throws {
    // KWin 5.27 offers version 3; a global listed twice counts by its higher version.
    let globals = [
      WaylandGlobal(name: 3, interface: "zwlr_layer_shell_v1", version: 2),
      WaylandGlobal(name: 7, interface: "zwlr_layer_shell_v1", version: 3),
    ]
    #expect(try choose(.wayland, Probe(.success(globals))).backend == .layerShell(version: 3))
  }

  @Test func theEnvironmentWinsOverTheSetting() throws {
    let probe = Probe(.success(Self.sway))
    let forced = try choose(.x11, environment: ["LYRICPIP_STRIP_BACKEND": " Wayland "], probe)
    #expect(forced == StripBackendChoice(backend: .layerShell(version: 4), requested: .wayland))
    let x11 = try choose(.auto, environment: ["LYRICPIP_STRIP_BACKEND": "x11"], probe)
    #expect(x11.backend == .x11 && x11.requested == .x11)
    #expect(probe.calls == 1)
  }

  @Test func aBlankEnvironmentValueLeavesTheSetting() throws {
    let probe = Probe(.success(Self.sway))
    let choice = try choose(.x11, environment: ["LYRICPIP_STRIP_BACKEND": " \t"], probe)
    #expect(choice.requested == .x11)
  }

  @Test func aBadEnvironmentValueIsAClearError() {
    #expect(throws: StripBackendChoiceError.badEnvironmentValue("layer")) {
      try choose(
        .auto, environment: ["LYRICPIP_STRIP_BACKEND": "layer"], Probe(.success(Self.sway)))
    }
    #expect(
      StripBackendChoiceError.badEnvironmentValue("layer").description
        == "LYRICPIP_STRIP_BACKEND=layer: expected one of auto, wayland, x11")
  }

  @Test func settingWords() {
    #expect(StripBackendSetting(text: "auto") == .auto)
    #expect(StripBackendSetting(text: "\tX11 ") == .x11)
    #expect(StripBackendSetting(text: "wayland") == .wayland)
    #expect(StripBackendSetting(text: "way land") == nil)
    #expect(StripBackendSetting(text: "") == nil)
  }
}
