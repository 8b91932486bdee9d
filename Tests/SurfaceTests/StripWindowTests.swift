import Foundation
import LyricsCore
import Session
import Surface
import TestSupport
import Testing

/// The floating strip on a real X server with the openbox window manager, looked at with xprop,
/// xdotool and screenshots as a person would.
extension DisplayTests {
  @Suite struct StripWindowTests {
    let host: UIHost

    init() throws { host = try UIHost.shared() }

    /// Creates (once per name) a strip showing the sample lyrics at `positionMs`, paused.
    private func showStrip(
      _ name: String, atMs positionMs: Int, settings: StripSettings? = nil
    ) throws -> UInt {
      var chosen = settings ?? StripSettings()
      chosen.placeholderPath = Paths.placeholderImage
      return try host.showStrip(name, settings: chosen) {
        SampleLyrics.nowPlaying(atMs: positionMs, clockNanos: $0)
      }
    }

    private func hideStrip(_ name: String) throws {
      try host.sync { _ in UIState.strips[name]?.hide() }
    }

    /// Waits until xprop shows the window's _NET_WM_STATE with every atom in `atoms`.
    private func waitForState(_ window: UInt, _ atoms: [String]) throws -> String {
      try poll(timeout: 5) {
        try X11Tools.xprop(window, "_NET_WM_STATE")
      } until: { state in
        atoms.allSatisfy(state.contains)
      }
    }

    @Test func stripIsAboveUndecoratedAndOutOfTheTaskbarAfterEveryEntry() throws {
      for entry in 1...3 {
        let window = try showStrip("props", atMs: 2_000)
        let state = try waitForState(
          window, ["_NET_WM_STATE_ABOVE", "_NET_WM_STATE_SKIP_TASKBAR"])
        #expect(state.contains("_NET_WM_STATE_ABOVE"), "entry \(entry): \(state)")
        #expect(state.contains("_NET_WM_STATE_SKIP_TASKBAR"), "entry \(entry): \(state)")
        #expect(state.contains("_NET_WM_STATE_SKIP_PAGER"), "entry \(entry): \(state)")
        let type = try X11Tools.xprop(window, "_NET_WM_WINDOW_TYPE")
        #expect(type.contains("_NET_WM_WINDOW_TYPE_UTILITY"), "\(type)")
        // No frame from the window manager: openbox reports zero extents.
        let extents = try X11Tools.xprop(window, "_NET_FRAME_EXTENTS")
        #expect(extents.contains("= 0, 0, 0, 0"), "entry \(entry): \(extents)")
        let map = try X11Tools.xprop(window, "WM_STATE")
        #expect(map.contains("Normal"), "entry \(entry): \(map)")
        try hideStrip("props")
      }
    }

    @Test func stripHasThePlaceholdersAspectAtTheBottomCentre() throws {
      let window = try showStrip("aspect", atMs: 2_000)
      let picture = try PNGSize.read(path: Paths.placeholderImage)
      let geometry = try X11Tools.geometry(window)
      let expectedHeight = Double(geometry.width) * Double(picture.height) / Double(picture.width)
      #expect(abs(Double(geometry.height) - expectedHeight) <= 1, "\(geometry)")
      // Xvfb runs 1920x1080 here: half its width, centred, in the lower part.
      #expect(geometry.width == 960, "\(geometry)")
      #expect(abs(geometry.x + geometry.width / 2 - 960) <= 2, "\(geometry)")
      #expect(geometry.y > 1080 / 2, "\(geometry)")
      try hideStrip("aspect")
    }

    @Test func screenshotShowsTheCurrentLineLargeAndTheNextBelow() throws {
      let window = try showStrip("shot", atMs: 2_000)
      let directory = try Paths.makeTemporaryDirectory()
      let image = try waitForInk(window, path: directory.appendingPathComponent("strip.png").path)
      // The current line sits in the upper part, the next line in the lower part, centred.
      let currentLine = image.brightShare(rows: 0.25...0.6, columns: 0.25...0.75)
      let nextLine = image.brightShare(rows: 0.66...0.92, columns: 0.3...0.7, threshold: 110)
      let edges = image.brightShare(rows: 0.25...0.6, columns: 0.0...0.1)
      #expect(currentLine > 0.04, "ink of the current line: \(currentLine)")
      #expect(nextLine > 0.01, "ink of the next line: \(nextLine)")
      #expect(edges < 0.01, "the line is centred, the sides stay dark: \(edges)")
      // The placeholder is the background: a dark gradient, lighter at the top, with a rim.
      let top = image.mean(rows: 0.05...0.15, columns: 0.05...0.15)
      let bottom = image.mean(rows: 0.85...0.95, columns: 0.05...0.15)
      #expect(top > bottom + 4, "background top \(top), bottom \(bottom)")
      let warnings = try host.sync { _ in UIState.strips["shot"]?.warnings ?? ["no strip"] }
      #expect(warnings.isEmpty, "\(warnings)")
      try hideStrip("shot")
    }

    @Test func cjkLineIsDrawnWithRealGlyphs() throws {
      let window = try showStrip("cjk", atMs: 8_000)
      let directory = try Paths.makeTemporaryDirectory()
      let path = directory.appendingPathComponent("cjk.png").path
      let image = try waitForInk(window, path: path)
      #expect(image.brightShare(rows: 0.25...0.6, columns: 0.2...0.8) > 0.04)
      // Tofu boxes are the same hollow box for every character: real glyphs differ from one
      // another. Compare the columns of the first and third character cells.
      let glyphs = GlyphCells(image: image, rows: 0.2...0.62)
      #expect(glyphs.cellCount >= 8, "glyph cells found: \(glyphs.cellCount)")
      #expect(glyphs.distinctShapes >= glyphs.cellCount / 2, "\(glyphs)")
      try hideStrip("cjk")
    }

    @Test func resizingKeepsTheAspect() throws {
      let window = try showStrip("resize", atMs: 2_000)
      try X11Tools.xdotool(["windowsize", String(window), "1200", "192"])
      let geometry = try poll(timeout: 5, interval: 0.03) {
        try X11Tools.geometry(window)
      } until: {
        ($0.width, $0.height) == (1200, 240)
      }
      #expect(geometry.width == 1200, "\(geometry)")
      #expect(geometry.height == 240, "\(geometry)")
      let size = try host.sync { _ in UIState.strips["resize"]?.renderSize }
      #expect(size?.width == 1200)
      #expect(size?.height == 240)
      try hideStrip("resize")
    }

    @Test func draggingMovesTheStrip() throws {
      let window = try showStrip("drag", atMs: 2_000)
      let before = try X11Tools.geometry(window)
      let startX = before.x + before.width / 2
      let startY = before.y + before.height / 2
      try X11Tools.xdotool(["mousemove", String(startX), String(startY)])
      try X11Tools.xdotool(["mousedown", "1"])
      // A person's drag: the pointer moves in steps while the button is held.
      for step in 1...10 {
        usleep(30_000)
        try X11Tools.xdotool(["mousemove", String(startX - 20 * step), String(startY - 15 * step)])
      }
      // The last step held a moment before the release, as a person's hand does.
      usleep(50_000)
      try X11Tools.xdotool(["mouseup", "1"])
      let after = try poll(timeout: 3, interval: 0.03) {
        try X11Tools.geometry(window)
      } until: {
        $0.x != before.x
      }
      #expect(abs((before.x - after.x) - 200) <= 20, "before \(before), after \(after)")
      #expect(abs((before.y - after.y) - 150) <= 20, "before \(before), after \(after)")
      #expect(after.width == before.width)
      try hideStrip("drag")
    }

    @Test func doubleClickAndEscapeAskToRestore() throws {
      let window = try showStrip("restore", atMs: 2_000)
      let geometry = try X11Tools.geometry(window)
      try X11Tools.xdotool([
        "mousemove", String(geometry.x + geometry.width / 3),
        String(geometry.y + geometry.height / 2),
      ])
      // Under a window manager the first click may only focus the window; then a double-click.
      try X11Tools.xdotool(["click", "1"])
      // A person's pause, longer than SDL's double-click time (500 ms), else the focusing click
      // and the double-click make a triple click.
      usleep(600_000)
      try X11Tools.xdotool(["click", "--repeat", "2", "--delay", "120", "1"])
      #expect(
        try host.wait { _ in UIState.events["restore", default: []].contains(.stripRestoreRequested)
        }
      )
      try host.sync { _ in UIState.events["restore"] = [] }
      try X11Tools.xdotool(["windowfocus", "--sync", String(window)])
      try X11Tools.xdotool(["key", "Escape"])
      #expect(
        try host.wait { _ in UIState.events["restore", default: []].contains(.stripRestoreRequested)
        }
      )
      try hideStrip("restore")
    }

    @Test func keysBecomeIntents() throws {
      let window = try showStrip("keys", atMs: 2_000)
      try X11Tools.xdotool(["windowfocus", "--sync", String(window)])
      try X11Tools.xdotool(["key", "space", "Right", "Left", "plus", "minus"])
      let expected: [SurfaceIntent] = [
        .togglePlayPause, .seekBy(ms: 5_000), .seekBy(ms: -5_000), .adjustOffset(ms: 100),
        .adjustOffset(ms: -100),
      ]
      #expect(try host.wait { _ in UIState.intents["keys", default: []] == expected })
      let intents = try host.sync { _ in UIState.intents["keys", default: []] }
      #expect(intents == expected)
      try hideStrip("keys")
    }

    @Test func enhancedLineFillsWordByWordAsTimePasses() throws {
      let window = try showStrip("karaoke", atMs: 4_000)
      let directory = try Paths.makeTemporaryDirectory()
      // Playing from 4.0 s: advance the test clock to 4.75 s (the middle of "along").
      let start = host.clock.nowNanos
      try host.sync { loop in
        loop.model.nowPlaying = SampleLyrics.nowPlaying(
          atMs: 4_000, clockNanos: start, playing: true)
      }
      host.clock.advance(by: 750_000_000)
      try host.sync { _ in }  // wakes the loop, which draws the frame at the new time after this
      let path = directory.appendingPathComponent("karaoke.png").path
      // Sung text is yellow (bright in red, dark in blue): compare the left and right halves of
      // the line in the blue channel: the filled left part is darker there. The pictures taken
      // before the loop drew the new time show the line unsung: wait for the fill (or 5 s).
      let (left, right) = try poll(timeout: 5, interval: 0.05) { () throws -> (Double, Double) in
        let shot = try X11Tools.capture(window, savingTo: path)
        let blue = try BlueChannel(png: path)
        return (
          blue.meanOfInk(rows: 0.25...0.6, columns: 0.2...0.42, ink: shot),
          blue.meanOfInk(rows: 0.25...0.6, columns: 0.6...0.8, ink: shot)
        )
      } until: { (left: Double, right: Double) in
        left + 60 < right
      }
      #expect(left + 60 < right, "blue of sung ink \(left), unsung ink \(right) (\(path))")
      try host.sync { loop in
        loop.model.nowPlaying = SampleLyrics.nowPlaying(
          atMs: 4_750, clockNanos: loop.clock.nowNanos)
      }
      try hideStrip("karaoke")
    }

    @Test func screenshotAPIWritesAPNGOnceALineIsUp() throws {
      _ = try showStrip("api", atMs: 500)
      let directory = try Paths.makeTemporaryDirectory()
      let path = directory.appendingPathComponent("api.png").path
      let framesBefore = try host.sync { _ in UIState.strips["api"]?.framesPresented ?? 0 }
      try host.sync { loop in
        UIState.strips["api"]?.screenshotWhenLineIsUp(to: path) { result in
          if case .failure(let error) = result {
            UIState.events["api-error"] = [.stripCloseRequested]; print(error)
          }
        }
        // Before the first line: nothing written yet.
        loop.model.nowPlaying = SampleLyrics.nowPlaying(atMs: 500, clockNanos: loop.clock.nowNanos)
      }
      // A frame drawn since: the picture would have been taken with it.
      #expect(try host.wait { _ in (UIState.strips["api"]?.framesPresented ?? 0) > framesBefore })
      #expect(!FileManager.default.fileExists(atPath: path))
      let framesBeforeTheLine = try host.sync { _ in
        UIState.strips["api"]?.framesPresented ?? 0
      }
      try host.sync { loop in
        loop.model.nowPlaying = SampleLyrics.nowPlaying(
          atMs: 11_000, clockNanos: loop.clock.nowNanos)
      }
      // The new line fades in; the picture is taken once the fade is over, not with the first
      // frame of the fade.
      #expect(
        try host.wait { _ in (UIState.strips["api"]?.framesPresented ?? 0) > framesBeforeTheLine })
      #expect(!FileManager.default.fileExists(atPath: path))
      host.clock.advance(by: 300_000_000)
      try host.sync { _ in }
      #expect(try host.wait { _ in FileManager.default.fileExists(atPath: path) })
      let image = try GrayImage(png: path)
      #expect(image.width == 960)
      #expect(image.brightShare(rows: 0.25...0.6) > 0.015)
      try hideStrip("api")
    }

    /// Captures the window until its current-line region has ink (the first frame is drawn
    /// asynchronously after the map).
    private func waitForInk(_ window: UInt, path: String) throws -> GrayImage {
      try poll(timeout: 5, interval: 0.05) {
        try X11Tools.capture(window, savingTo: path)
      } until: {
        $0.brightShare(rows: 0.25...0.6) >= 0.01
      }
    }
  }
}
