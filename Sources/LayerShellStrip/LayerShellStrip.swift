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
    let scale = CanvasScale.integer(Int(sink.connection.outputs.map(\.scale).max() ?? 1))
    sink.drawnScale120 = scale.per120
    let strip = try FloatingWindow(
      loop: loop, settings: settings, canvas: sink, canvasScale: scale)
    // The watch reads the connection itself, and wakes the loop for a frame callback or a
    // released buffer only while a frame waits for one (`WaylandReader`).
    watch = loop.watch(
      fileDescriptor: sink.connection.fileDescriptor,
      reader: ConnectionReader(reader: sink.connection.reader)
    ) { [weak self, weak strip] in
      self?.eventsArrived(strip: strip)
    }
    guard watch != nil else { throw SurfaceError("no thread to watch the Wayland connection") }
    // A frame the surface could not take is read again from the strip's canvas (the sink
    // keeps no copy of it).
    sink.presentAgain = { [weak strip] damage in strip?.presentAgain(damage: damage) }
    let mailbox = loop.mailbox
    sink.onKeptFrameReady = { [weak sink] in
      mailbox.post { _ in
        sink?.followDrag()
        sink?.presentKept()
      }
    }
    sink.onScaleMismatch = { [weak self, weak strip] in
      mailbox.post { _ in
        guard let self, let strip else { return }
        self.followScale(strip: strip)
      }
    }
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
    followOutputs(strip: strip)
    // A drag's step waiting for this frame callback goes with the kept frame's commit.
    sink.followDrag()
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
    // A release may have put the surface on another output.
    followScale(strip: strip)
  }

  /// The outputs changed: a strip no longer on any goes to one that is there (as on X11, by
  /// `FloatingWindow.monitorsChanged`); a surface the compositor closed (its output went) is
  /// made anew; and the strip is drawn at the scale its surface wants now.
  private func followOutputs(strip: FloatingWindow?) {
    if sink.connection.takeOutputsChange() {
      strip?.monitorsChanged(sink.monitors)
      sink.outputsChanged()
    } else {
      sink.reviveIfClosed()
    }
    guard let strip else { return }
    followScale(strip: strip)
  }

  /// Draws the strip at the scale its surface wants (the output's integer scale, or the
  /// compositor's fractional one), and hands a surface made anew its whole frame.
  private func followScale(strip: FloatingWindow) {
    let remade = sink.takeRemade()
    if let wanted = sink.wantedScale120, wanted != strip.canvasScale?.per120 {
      // Laid out and drawn anew at the new size: the loop presents the whole frame.
      strip.setCanvasScale(CanvasScale(per120: wanted))
      sink.drawnScale120 = wanted
    } else if remade {
      strip.presentWholeAgain()
    }
  }
}

/// The Wayland connection's reads, as the loop's watch asks for them.
private struct ConnectionReader: LoopFileReader {
  let reader: WaylandReader
  func prepare() -> Bool { reader.prepare() }
  func cancel() { reader.cancel() }
  func read() -> Bool { reader.read() }
}
