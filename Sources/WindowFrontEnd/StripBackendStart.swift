import FoundationEssentials
import LayerShellStrip
import Session
import Settings
import Surface
import WaylandStrip

/// The strip made on the backend chosen at start (`StripBackendChoice`: `strip-backend`, with
/// `LYRICPIP_STRIP_BACKEND` over it): a canvas strip on a native layer surface where the
/// compositor offers layer shell, else the SDL window (X11, XWayland).
@WindowLoop struct StripBackendStart {
  /// The strip's window as the `ready` event names it.
  enum Name: String {
    case layerShell = "layer-shell"
    case x11
  }

  let strip: FloatingWindow
  /// The layer surface's connection and the loop's watch on it; nil on X11.
  let layerShell: LayerShellStrip?
  let name: Name

  /// The backend `strip-backend` (with `LYRICPIP_STRIP_BACKEND` over it) and the compositor
  /// allow, chosen before the loop starts: the native strip alone needs no SDL video. Throws
  /// when `wayland` was asked for and cannot be had, or the environment's value is not a
  /// backend.
  nonisolated static func choose(config: AppConfig, environment: [String: String]) throws
    -> StripBackendChoice
  {
    try StripBackendChoice.choose(setting: config.stripBackend, environment: environment) {
      () throws(WaylandConnectionError) in
      try WaylandRegistry.globals(environment: environment)
    }
  }

  /// The strip on `choice`'s backend. `warn` hears why `auto` fell back to X11. Throws when
  /// the layer surface cannot be had and `wayland` was asked for, or the loop has no SDL video
  /// to fall back on.
  static func make(
    loop: SDLEventLoop, choice: StripBackendChoice, config: AppConfig,
    environment: [String: String], warn: (String) -> Void
  ) throws -> StripBackendStart {
    if case .layerShell = choice.backend {
      do {
        let layerShell = try LayerShellStrip(environment: environment, layer: config.stripLayer)
        let strip = try layerShell.makeStrip(loop: loop, settings: config.strip)
        return StripBackendStart(strip: strip, layerShell: layerShell, name: .layerShell)
      } catch {
        // Offered but not had (the connection failed between the two): `wayland` says so;
        // `auto` falls back as when it is not offered, where SDL video runs.
        if choice.requested == .wayland || !loop.hasVideo {
          throw SurfaceError("the layer-shell strip failed: \(error)")
        }
        warn("the layer-shell strip failed (\(error)); using the X11 strip")
      }
    }
    return StripBackendStart(
      strip: try FloatingWindow(loop: loop, settings: config.strip), layerShell: nil, name: .x11)
  }

  /// Whether this backend needs SDL video for the strip: the X11 strip is an SDL window.
  nonisolated static func stripNeedsVideo(_ choice: StripBackendChoice) -> Bool {
    if case .layerShell = choice.backend { false } else { true }
  }
}
