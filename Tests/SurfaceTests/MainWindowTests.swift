import Foundation
import LyricsCore
import Session
import TestSupport
import Testing

@testable import Surface

/// The main window on a real X server with openbox: what it shows, what clicks and keys ask
/// for, and the focus and minimise events the session manager relies on.
extension DisplayTests {
  @Suite struct MainWindowTests {
    let host: UIHost

    init() throws { host = try UIHost.shared() }

    private func showMain(_ name: String, atMs positionMs: Int) throws -> UInt {
      let now = host.clock.nowNanos
      return try host.sync { loop in
        loop.model.setLyrics(SampleLyrics.lyrics)
        loop.model.nowPlaying = SampleLyrics.nowPlaying(atMs: positionMs, clockNanos: now)
        let main: MainWindow
        if let existing = UIState.mains[name] {
          main = existing
        } else {
          main = try MainWindow(loop: loop)
          main.onEvent = { UIState.events[name, default: []].append($0) }
          main.onIntent = { UIState.intents[name, default: []].append($0) }
          UIState.mains[name] = main
        }
        try main.show()
        guard let id = main.x11WindowID else { throw SurfaceError("no X11 window") }
        return id
      }
    }

    private func events(_ name: String) throws -> [SurfaceEvent] {
      try host.sync { _ in UIState.events[name, default: []] }
    }

    private func intents(_ name: String) throws -> [SurfaceIntent] {
      try host.sync { _ in UIState.intents[name, default: []] }
    }

    private func waitForMap(_ window: UInt) throws {
      _ = try poll(timeout: 5) { try X11Tools.xprop(window, "WM_STATE").contains("Normal") }
    }

    @Test func showsTitleAndTheCurrentLineHighlightedInTheMiddle() throws {
      let window = try showMain("look", atMs: 4_200)
      try waitForMap(window)
      let directory = try Paths.makeTemporaryDirectory()
      let path = directory.appendingPathComponent("main.png").path
      let image = try poll(timeout: 5, interval: 0.05) {
        try X11Tools.capture(window, savingTo: path)
      } until: {
        $0.brightShare(rows: 0...0.1) >= 0.005
      }
      #expect(image.brightShare(rows: 0...0.1, columns: 0...0.5) > 0.005, "title ink")
      // The current line is yellow: low in blue, bright in grey, around the list's middle.
      let blue = try BlueChannel(png: path)
      let band = try #require(rowsOfYellowInk(image, blue))
      let middle = Double(image.height) * 0.45
      #expect(
        abs(band - middle) < Double(image.height) * 0.12, "yellow ink at \(band), middle \(middle)")
    }

    /// The mean row of yellow ink (bright, low blue), nil when there is none.
    private func rowsOfYellowInk(_ image: GrayImage, _ blue: BlueChannel) -> Double? {
      var sum = 0
      var count = 0
      for y in 0..<image.height {
        for x in 0..<image.width {
          let index = y * image.width + x
          if image.pixels[index] > 140, blue.pixels[index] < 90 {
            sum += y
            count += 1
          }
        }
      }
      // The progress bar is yellow too, but it sits at the bottom: ignore its rows.
      return count < 50 ? nil : Double(sum) / Double(count)
    }

    @Test func keysAndClicksBecomeIntents() throws {
      let window = try showMain("input", atMs: 4_200)
      try waitForMap(window)
      try X11Tools.xdotool(["windowactivate", "--sync", String(window)])
      try X11Tools.xdotool(["key", "space", "Right", "Left", "n", "b", "p"])
      let keys: [SurfaceIntent] = [
        .togglePlayPause, .seekBy(ms: 5_000), .seekBy(ms: -5_000), .nextTrack, .previousTrack,
        .showStrip,
      ]
      #expect(try host.wait { _ in UIState.intents["input", default: []] == keys })
      try host.sync { _ in UIState.intents["input"] = [] }

      // Click the line below the current one (current: line 1 at 4.2 s; next: line 2 at 7 s).
      let geometry = try X11Tools.geometry(window)
      let rowY = try host.sync { loop -> Int in
        guard let main = UIState.mains["input"] else { return -1 }
        return Int(main.lineCentreInWindow(2))
      }
      try X11Tools.xdotool([
        "mousemove", "--window", String(window), String(geometry.width / 2), String(rowY),
      ])
      try X11Tools.xdotool(["click", "1"])
      #expect(
        try host.wait { _ in UIState.intents["input", default: []].contains(.seekTo(ms: 7_000)) })
      #expect(try intents("input") == [.seekTo(ms: 7_000)])
    }

    @Test func minimiseRestoreAndFocusAreReported() throws {
      let window = try showMain("session", atMs: 2_000)
      try waitForMap(window)
      try X11Tools.xdotool(["windowactivate", "--sync", String(window)])
      #expect(
        try host.wait { _ in UIState.events["session", default: []].contains(.mainFocusGained) })
      try host.sync { _ in UIState.events["session"] = [] }

      try X11Tools.xdotool(["windowminimize", "--sync", String(window)])
      #expect(
        try host.wait { _ in UIState.events["session", default: []].contains(.mainMinimized) })
      #expect(try host.wait { _ in UIState.mains["session"]?.isMinimized == true })

      try host.sync { _ in UIState.mains["session"]?.restore(scrolledTo: 0) }
      #expect(try host.wait { _ in UIState.events["session", default: []].contains(.mainRestored) })
      #expect(try host.wait { _ in UIState.mains["session"]?.hasFocus == true })
      let state = try X11Tools.xprop(window, "WM_STATE")
      #expect(state.contains("Normal"), "\(state)")
      let all = try events("session")
      #expect(all.filter { $0 == .mainMinimized }.count == 1, "\(all)")
    }

    @Test func losingFocusToAnotherWindowIsReported() throws {
      let window = try showMain("focus", atMs: 2_000)
      try waitForMap(window)
      try X11Tools.xdotool(["windowactivate", "--sync", String(window)])
      #expect(try host.wait { _ in UIState.mains["focus"]?.hasFocus == true })
      try host.sync { _ in UIState.events["focus"] = [] }
      // Another window takes the focus (the strip stands in for another application's).
      let otherID = try host.sync { loop -> UInt? in
        let strip = try FloatingWindow(
          loop: loop, settings: .withSourceTreePicture())
        UIState.strips["focus-other"] = strip
        try strip.show()
        return strip.x11WindowID
      }
      let id = String(try #require(otherID))
      try X11Tools.xdotool(["windowfocus", "--sync", id])
      #expect(try host.wait { _ in UIState.events["focus", default: []].contains(.mainFocusLost) })
      #expect(try host.sync { _ in UIState.mains["focus"]?.hasFocus } == false)
      try X11Tools.xdotool(["windowactivate", "--sync", String(window)])
      #expect(try host.wait { _ in UIState.events["focus", default: []].last == .mainFocusGained })
      try host.sync { _ in UIState.strips["focus-other"]?.hide() }
    }
  }
}
