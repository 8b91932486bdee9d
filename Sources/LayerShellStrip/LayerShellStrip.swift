import Session
import Surface
import SystemSupport
import WaylandStrip

/// The native Wayland strip at run time: its own connection to the compositor, the sink the
/// canvas strip presents to, and the loop's watch on the connection. Whenever the compositor
/// sends something (a frame callback, a released buffer, the pointer), the loop dispatches it
/// without blocking, presents a frame that was waiting, and hands the pointer to the strip.
@WindowLoop public final class LayerShellStrip {
  public let sink: LayerShellStripSink
  private var watch: LoopFileWatch?
  /// Told once when the connection failed (the compositor went away).
  public var onConnectionLost: ((WaylandStripError) -> Void)?
  /// Told, after a dispatch, that the active window became fullscreen (true) or stopped being
  /// so (false); only where the compositor tells (`followsFullscreen`).
  public var onFullscreenChanged: ((Bool) -> Void)?

  /// Connects to the compositor `environment` names; fails when it offers no layer shell.
  public init(environment: [String: String], layer: LayerShellLayer) throws(WaylandStripError) {
    let connection = try WaylandConnection(environment: environment)
    sink = LayerShellStripSink(connection: connection, layer: layer)
  }

  deinit { watch?.stop() }

  /// A canvas strip on this surface, with its input passed on by `loop`. Its canvas has the
  /// highest integer scale of the outputs now: the layer surface's buffer is its logical size
  /// times the scale of the output it is on, and a frame of another size is not shown.
  public func makeStrip(loop: SDLEventLoop, settings: StripSettings) throws -> FloatingWindow {
    let scale = sink.connection.outputs.map(\.scale).max() ?? 1
    let strip = try FloatingWindow(loop: loop, settings: settings, canvas: sink, scale: scale)
    watch = loop.watch(fileDescriptor: sink.connection.fileDescriptor) {
      [weak self, weak strip] in
      self?.eventsArrived(strip: strip)
    }
    guard watch != nil else { throw SurfaceError("no thread to watch the Wayland connection") }
    return strip
  }

  /// Whether the compositor tells which window is active and fullscreen (wlroots'
  /// foreign-toplevel management: sway, Hyprland, labwc; not KWin or GNOME).
  public var followsFullscreen: Bool { sink.connection.followsToplevels }

  /// Whether the active window is fullscreen now; false where the compositor does not tell.
  public var activeWindowIsFullscreen: Bool { sink.connection.activeWindowIsFullscreen }

  /// Stops the loop's watch on the connection.
  public func stop() {
    watch?.stop()
    watch = nil
  }

  private func eventsArrived(strip: FloatingWindow?) {
    do {
      try sink.connection.dispatchAvailable()
    } catch {
      stop()
      onConnectionLost?(error)
      return
    }
    if let fullscreen = sink.connection.takeFullscreenChange() {
      onFullscreenChanged?(fullscreen)
    }
    sink.presentKept()
    guard let strip else { return }
    for input in sink.takePointerInput() {
      strip.handlePointer(sink.translated(input))
      sink.handled(input)
    }
    for key in sink.takeKeyInput() {
      strip.handleKey(key)
      if key.symbol == .escape { sink.keysDone() }
    }
  }
}
