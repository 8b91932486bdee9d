import Foundation
import TestSupport
import Testing
import WaylandStrip

/// The strip's layer surface on KWin (Plasma 5.27, Debian 12), in its virtual mode under
/// scripts/with-kwin: one 1920 × 1080 output at scale 1.5. KWin offers layer shell version 3
/// (no on-demand keys), fractional scale and a viewporter, and says the integer scale 2 on
/// `wl_output`. The virtual mode has no input devices and KWin's screenshots need its D-Bus
/// service, so what is checked here is what the client sees; docs/testing.md says what was
/// looked at by hand. Runs only under scripts/with-kwin (its own phase of `make test`).
@Suite(.tags(.kwin), .serialized, .enabled(if: Service.kwin.isAvailable), .timeLimit(.minutes(2)))
struct KWinLayerSurfaceTests {
  var environment: [String: String] { ProcessInfo.processInfo.environment }

  @Test func kwinOffersLayerShell3FractionalScaleAndAViewporter() throws {
    let globals = try WaylandRegistry.globals(environment: environment)
    let versions = Dictionary(globals.map { ($0.interface, $0.version) }) { first, _ in first }
    #expect(versions["zwlr_layer_shell_v1"] == 3)
    #expect(versions["wp_fractional_scale_manager_v1"] != nil)
    #expect(versions["wp_viewporter"] != nil)
    #expect(versions["zxdg_output_manager_v1"] != nil)
  }

  /// The output's logical size is xdg-output's (1920 × 1080 at 1.5), not its mode over the
  /// integer scale `wl_output` says (2880 / 2 = 1440).
  @Test func theOutputsLogicalSizeIsXdgOutputs() throws {
    let connection = try WaylandConnection(environment: environment)
    let output = try #require(connection.outputs.first)
    #expect(output.scale == 2)
    #expect(output.width == 1920 && output.height == 1080, "\(output)")
    #expect(connection.offersFractionalScale)
    // KWin counts the pointer during a hold from the surface's current place: the strip
    // moves at the release there.
    #expect(connection.pointerOriginFollowsSurface)
  }

  /// Shown, the surface gets KWin's preferred scale (180/120) and then takes buffers of
  /// ceil(logical × 1.5) pixels, which the viewport shows at the logical size.
  @Test func theBufferIsTheLogicalSizeTimesTheFractionalScale() throws {
    let connection = try WaylandConnection(environment: environment)
    let surface = try LayerSurface(
      connection: connection, layer: .top, width: 301, height: 80, marginBottom: 30)
    #expect(surface.usesFractionalScale)
    try present(surface)
    try surface.waitForFrame()
    try connection.dispatch(until: { surface.preferredScale120 != nil })
    #expect(surface.preferredScale120 == 180)
    #expect(surface.bufferWidth == 452 && surface.bufferHeight == 120)
    try surface.waitForFrame()
    #expect(try present(surface) == .committed)
  }

  /// `lyricpip play --pip` on KWin: the native strip, made on the output by name, at its
  /// bottom centre (half the 1920-point width, margins from the bottom-left), drawn at 1.5
  /// pixels a point and shown through the viewport at its logical size. Read from the
  /// requests WAYLAND_DEBUG prints (the virtual mode has no screenshot without KWin's D-Bus).
  @Test func playShowsTheStripAtTheBottomCentreAtTheFractionalScale() throws {
    let folder = try TemporaryDirectory()
    let player = try StripPlayer(folder: folder.url, backend: nil, changes: ["WAYLAND_DEBUG": "1"])
    defer { _ = player.end() }
    let ready = try #require(player.event(named: "ready"), "\(player.stderr.suffix(2000))")
    #expect(ready["strip"] as? String == "layer-shell", "\(ready)")
    func last(_ request: String) -> [Int]? {
      player.stderr.split(separator: "\n").last { $0.contains("-> ") && $0.contains(request) }
        .flatMap { LayerSurfaceSwayTests.PlayStripOnSwayTests.numbers(in: $0, after: request) }
    }
    var seen: (size: [Int]?, margin: [Int]?, buffer: [Int]?, destination: [Int]?)
    let shown = poll(timeout: 15) {
      seen = (
        last(".set_size("), last(".set_margin("), last(".create_buffer("),
        last(".set_destination(")
      )
      guard let size = seen.size, let buffer = seen.buffer, let destination = seen.destination,
        size.count == 2, buffer.count == 5
      else { return false }
      return destination == size && buffer[1] == (size[0] * 3 + 1) / 2
        && buffer[2] == (size[1] * 3 + 1) / 2
    }
    #expect(shown, "\(seen)")
    let size = try #require(seen.size)
    #expect(size[0] == 960, "half the output's logical width: \(size)")
    // set_margin(top, right, bottom, left): centred from the left edge.
    #expect(seen.margin?[3] == (1920 - size[0]) / 2, "\(seen)")
    // Made on the output by name, not left to KWin's choice (a null output).
    #expect(
      player.stderr.split(separator: "\n").contains {
        $0.contains(".get_layer_surface(") && $0.contains("wl_output@")
      })
    let end = player.end()
    #expect(end.status == 0 && !end.bySignal, "\(player.stderr.suffix(2000))")
  }

  @discardableResult
  func present(_ surface: LayerSurface) throws -> LayerSurface.PresentOutcome {
    let (width, height) = (surface.bufferWidth, surface.bufferHeight)
    let pixels = [UInt32](repeating: 0xFF20_4060, count: width * height)
    return try pixels.withUnsafeBytes { bytes in
      try surface.present(
        pixels: try #require(bytes.baseAddress), width: width, height: height,
        stride: width * 4, damage: .whole(width: width, height: height))
    }
  }
}
