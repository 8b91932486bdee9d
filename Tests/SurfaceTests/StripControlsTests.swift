import Foundation
import LyricsCore
import Session
import TestSupport
import Testing

@testable import Surface

extension DisplayTests {
  /// The strip's controls setting: nothing by default, restore and close on hover when minimal,
  /// play/pause and skip too when full (skip hidden when playback must stay linear).
  @Suite struct StripControlsTests {
    let host: UIHost

    init() throws { host = try UIHost.shared() }

    private func show(_ name: String, controls: StripSettings.Controls, opacity: Double = 1)
      throws -> UInt
    {
      let now = host.clock.nowNanos
      return try host.sync { loop in
        loop.model.setLyrics(SampleLyrics.lyrics)
        loop.model.nowPlaying = SampleLyrics.nowPlaying(atMs: 2_000, clockNanos: now)
        let strip = try FloatingWindow(
          loop: loop,
          settings: .withSourceTreePicture(controls: controls, opacity: opacity))
        strip.onEvent = { UIState.events[name, default: []].append($0) }
        strip.onIntent = { UIState.intents[name, default: []].append($0) }
        UIState.strips[name] = strip
        return try UIState.show(strip)
      }
    }

    /// The centre of a control in window coordinates.
    private func centre(_ name: String, _ button: StripButton) throws -> (x: Int, y: Int)? {
      try host.sync { _ in
        guard let strip = UIState.strips[name], let buttons = strip.visibleButtons() else {
          return nil
        }
        guard let rect = strip.layout.controlRects(buttons).first(where: { $0.0 == button })?.1
        else { return nil }
        return (Int(rect.x + rect.w / 2), Int(rect.y + rect.h / 2))
      }
    }

    private func hover(_ window: UInt) throws {
      try X11Tools.xdotool(["mousemove", "--window", String(window), "200", "100"])
    }

    private func hide(_ name: String) throws {
      try X11Tools.xdotool(["mousemove", "0", "0"])
      try host.sync { _ in UIState.strips[name]?.hide() }
    }

    @Test func hiddenControlsShowNothingOnHover() throws {
      let window = try show("nocontrols", controls: .hidden)
      try hover(window)
      #expect(try host.wait { _ in UIState.strips["nocontrols"]?.hovering == true })
      let shown = try host.sync { _ in UIState.strips["nocontrols"]?.lastFrame?.showControls }
      #expect(shown == false)
      #expect(try host.sync { _ in UIState.strips["nocontrols"]?.visibleButtons() } == nil)
      try hide("nocontrols")
    }

    @Test func fullControlsAppearOnHoverAndWork() throws {
      let window = try show("full", controls: .full)
      let directory = try Paths.makeTemporaryDirectory()
      let before = try X11Tools.capture(
        window, savingTo: directory.appendingPathComponent("before.png").path)
      try hover(window)
      #expect(try host.wait { _ in UIState.strips["full"]?.lastFrame?.showControls == true })
      let path = directory.appendingPathComponent("hover.png").path
      let corner = (rows: 0.0...0.3, columns: 0.7...1.0)
      let after = try poll(timeout: 3, interval: 0.05) {
        try X11Tools.capture(window, savingTo: path)
      } until: {
        $0.brightShare(rows: corner.rows, columns: corner.columns) >= 0.01
      }
      let inkBefore = before.brightShare(rows: corner.rows, columns: corner.columns)
      let inkAfter = after.brightShare(rows: corner.rows, columns: corner.columns)
      #expect(inkAfter > inkBefore + 0.01, "corner ink before \(inkBefore), on hover \(inkAfter)")

      for (button, expected) in [
        (StripButton.playPause, SurfaceIntent.togglePlayPause),
        (.skipForward, .seekBy(ms: 15_000)), (.skipBack, .seekBy(ms: -15_000)),
      ] {
        let point = try #require(try centre("full", button))
        try X11Tools.xdotool([
          "mousemove", "--window", String(window), String(point.x), String(point.y), "click", "1",
        ])
        #expect(try host.wait { _ in UIState.intents["full", default: []].last == expected })
      }
      let restore = try #require(try centre("full", .restore))
      try X11Tools.xdotool([
        "mousemove", "--window", String(window), String(restore.x), String(restore.y), "click",
        "1",
      ])
      #expect(
        try host.wait { _ in UIState.events["full", default: []].last == .stripRestoreRequested })
      let close = try #require(try centre("full", .close))
      try X11Tools.xdotool([
        "mousemove", "--window", String(window), String(close.x), String(close.y), "click", "1",
      ])
      #expect(
        try host.wait { _ in UIState.events["full", default: []].last == .stripCloseRequested })
      try hide("full")
    }

    @Test func skipIsHiddenWhenPlaybackMustStayLinear() throws {
      _ = try show("linear", controls: .full)
      let buttons = try host.sync { loop -> [StripButton]? in
        loop.model.nowPlaying.linearOnly = true
        return UIState.strips["linear"]?.visibleButtons()
      }
      #expect(buttons == [.close, .restore, .playPause])
      let minimal = try host.sync { loop -> [StripButton]? in
        loop.model.nowPlaying.linearOnly = false
        let strip = try FloatingWindow(
          loop: loop, settings: .withSourceTreePicture(controls: .minimal))
        return strip.visibleButtons()
      }
      #expect(minimal == [.close, .restore])
      try hide("linear")
    }

    @Test func opacityIsAskedOfTheWindowSystem() throws {
      let window = try show("opacity", controls: .hidden, opacity: 0.5)
      let property = try X11Tools.xprop(window, "_NET_WM_WINDOW_OPACITY")
      let value = property.split(separator: "=").last.flatMap {
        UInt64($0.trimmingCharacters(in: .whitespacesAndNewlines))
      }
      let expected = Double(UInt32.max) * 0.5
      #expect(value.map { abs(Double($0) - expected) < expected * 0.01 } == true, "\(property)")
      try hide("opacity")
    }

    @Test func anOffsetChangeIsShownBriefly() throws {
      let window = try show("offset", controls: .hidden)
      try host.sync { loop in loop.model.nowPlaying.clock.offsetMs = 300 }
      #expect(try host.wait { _ in UIState.strips["offset"]?.lastFrame?.hasNotice == true })
      let directory = try Paths.makeTemporaryDirectory()
      let image = try X11Tools.capture(
        window, savingTo: directory.appendingPathComponent("offset.png").path)
      // The notice sits in the top-left corner, where the strip is otherwise empty.
      #expect(image.brightShare(rows: 0.0...0.2, columns: 0.0...0.3, threshold: 120) > 0.01)
      host.clock.advance(by: 2_000_000_000)
      #expect(try host.wait { _ in UIState.strips["offset"]?.lastFrame?.hasNotice == false })
      try host.sync { loop in loop.model.nowPlaying.clock.offsetMs = 0 }
      try hide("offset")
    }
  }
}
