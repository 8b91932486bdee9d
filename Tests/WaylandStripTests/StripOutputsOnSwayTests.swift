import Foundation
import TestSupport
import Testing

extension LayerSurfaceSwayTests.PlayStripOnSwayTests {
  /// The strip saved on a second output comes back on that output, found by its name (it was
  /// saved where that output is no more, so not by place); when the output goes (unplugged),
  /// sway closes the strip's surface and the strip is made anew on the output that is left,
  /// at its bottom centre, and goes on showing.
  @Test func theStripComesBackOnItsOutputAndMovesWhenItGoes() throws {
    let second = try NestedOutput(desktop: desktop)
    let first = try desktop.output()
    try saveStrip(
      x: 5100, y: 300, width: 500,
      monitor: (name: second.name, x: 5000, y: 0, width: second.width, height: second.height))
    let background = try desktop.screenshot().colour(x: 0, y: 0)
    let player = try StripPlayer(folder: folder.url, backend: nil)
    defer { _ = player.end() }
    let ready = try #require(player.event(named: "ready"), "\(player.stderr)")
    #expect(ready["strip"] as? String == "layer-shell", "\(ready)")
    var found: (x: Int, y: Int, width: Int, height: Int)?
    let onSecond = poll(timeout: 15) {
      found = (try? desktop.screenshot()).flatMap { Self.extent(in: $0, apartFrom: background) }
      guard let found else { return false }
      return abs(found.x - (second.x + 100)) <= 2 && abs(found.y - 300) <= 2
    }
    #expect(onSecond, "\(String(describing: found)), second at \(second.x); \(player.stderr)")

    second.unplug()
    var moved: (x: Int, y: Int, width: Int, height: Int)?
    let onFirst = poll(timeout: 15) {
      guard let shot = try? desktop.screenshot(), shot.width == first.width else { return false }
      moved = Self.extent(in: shot, apartFrom: background)
      guard let moved else { return false }
      let right = first.width - (moved.x + moved.width)
      return abs(moved.x - right) <= 2 && moved.y > first.height / 2
    }
    #expect(onFirst, "\(String(describing: moved)); \(player.stderr)")
    #expect(player.process.isRunning, "\(player.stderr)")
    let end = player.end()
    #expect(end.status == 0 && !end.bySignal, "\(player.stderr)")
  }

  /// After `output … scale 2` at run time the strip is drawn again at two pixels a point: its
  /// buffers (WAYLAND_DEBUG shows the requests) are twice its logical size, with buffer scale
  /// 2, and it is on screen at the bottom, twice its width in pixels. (Only the bottom rows are
  /// measured: sway 1.7 leaves a stale patch of the old frame where the surface was before it
  /// moved off the shrunken output, until something else is drawn there.)
  @Test func aScaleChangeAtRunTimeRedrawsTheStripAtTheNewScale() throws {
    let output = try desktop.output()
    let (player, before) = try shownStrip(changes: ["WAYLAND_DEBUG": "1"])
    defer {
      _ = player.end()
      _ = try? desktop.swaymsg(["output", output.name, "scale", "1"])
    }
    let background = try desktop.screenshot().colour(x: 0, y: 0)
    _ = try desktop.swaymsg(["output", output.name, "scale", "2"])
    // The last size asked of the layer surface and the last buffer made: pixels twice the points.
    var last: (size: [Int], buffer: [Int])?
    let doubled = poll(timeout: 15) {
      let requests = player.stderr.split(separator: "\n")
      guard
        let size = requests.last(where: {
          $0.contains("zwlr_layer_surface_v1@") && $0.contains(".set_size(")
        }).flatMap({ Self.numbers(in: $0, after: ".set_size(") }),
        let buffer = requests.last(where: { $0.contains(".create_buffer(") })
          .flatMap({ Self.numbers(in: $0, after: ".create_buffer(") })
      else { return false }
      last = (size, buffer)
      // create_buffer(new id, offset, width, height, stride, format): the id is no number.
      return buffer.count == 5 && size.count == 2 && buffer[1] == 2 * size[0]
        && buffer[2] == 2 * size[1]
        && requests.contains { $0.contains(".set_buffer_scale(2)") }
    }
    #expect(doubled, "\(String(describing: last))")
    var bottom: (x: Int, y: Int, width: Int, height: Int)?
    let shown = poll(timeout: 15) {
      guard let shot = try? desktop.screenshot() else { return false }
      bottom = Self.extent(in: shot, apartFrom: background, fromRow: shot.height * 3 / 4)
      return bottom.map { abs($0.width - 2 * before.width) <= 4 } ?? false
    }
    #expect(shown, "before \(before), the bottom rows now \(String(describing: bottom))")
    let end = player.end()
    #expect(end.status == 0 && !end.bySignal, "\(player.stderr.suffix(2000))")
  }

  /// The numbers in the parentheses that follow `marker` on a WAYLAND_DEBUG line, in order
  /// (`new id wl_buffer@12` counts as no number).
  static func numbers(in line: Substring, after marker: String) -> [Int]? {
    guard let start = line.range(of: marker)?.upperBound,
      let end = line[start...].firstIndex(of: ")")
    else { return nil }
    return line[start..<end].split(separator: ",").compactMap {
      Int($0.trimmingCharacters(in: .whitespaces))
    }
  }

  /// Writes the saved state (`$XDG_STATE_HOME/lyricpip/state.json`) with the strip's place
  /// and the monitor it was on.
  func saveStrip(
    x: Int, y: Int, width: Int,
    monitor: (name: String, x: Int, y: Int, width: Int, height: Int)
  ) throws {
    let state = folder.url.appendingPathComponent("state/lyricpip")
    try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
    let json: [String: Any] = [
      "format": "lyricpip-state", "version": 1, "trackOffsetsMs": [String: Int](),
      "strip": ["x": x, "y": y, "width": width, "height": width / 4],
      "stripMonitor": [
        "name": monitor.name, "x": monitor.x, "y": monitor.y, "width": monitor.width,
        "height": monitor.height,
      ],
    ]
    try JSONSerialization.data(withJSONObject: json).write(
      to: state.appendingPathComponent("state.json"))
  }
}
