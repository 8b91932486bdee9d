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

  /// `warn` hears why `auto` fell back to X11. Throws when `wayland` was asked for and cannot
  /// be had, or the environment's value is not a backend.
  static func make(
    loop: SDLEventLoop, config: AppConfig, environment: [String: String],
    warn: (String) -> Void
  ) throws -> StripBackendStart {
    let choice = try StripBackendChoice.choose(
      setting: config.stripBackend, environment: environment
    ) { () throws(WaylandConnectionError) in
      try WaylandRegistry.globals(environment: environment)
    }
    if case .layerShell = choice.backend {
      do {
        let layerShell = try LayerShellStrip(environment: environment, layer: config.stripLayer)
        let strip = try layerShell.makeStrip(loop: loop, settings: config.strip)
        return StripBackendStart(strip: strip, layerShell: layerShell, name: .layerShell)
      } catch {
        // Offered but not had (the connection failed between the two): `wayland` says so;
        // `auto` falls back as when it is not offered.
        if choice.requested == .wayland {
          throw SurfaceError("strip backend wayland: the layer surface failed: \(error)")
        }
        warn("the layer-shell strip failed (\(error)); using the X11 strip")
      }
    }
    return StripBackendStart(
      strip: try FloatingWindow(loop: loop, settings: config.strip), layerShell: nil, name: .x11)
  }
}
