import Foundation
import Session
import TestSupport
import Testing

@testable import Surface

/// A locked strip, as a person finds it: clicks, the wheel and the focus go to the window below,
/// the strip stays where it is, and only its unlock handle still answers.
extension DisplayTests {
  @Suite struct StripLockTests {
    let host: UIHost

    init() throws { host = try UIHost.shared() }

    private func showStrip(_ name: String) throws -> UInt {
      try host.showStrip(name, settings: .withSourceTreePicture()) {
        SampleLyrics.nowPlaying(atMs: 2_000, clockNanos: $0)
      }
    }

    private func setLocked(_ name: String, _ locked: Bool) throws {
      try host.sync { _ in UIState.strips[name]?.setLocked(locked) }
    }

    /// Returns once the X server has carried out every request the loop's connection sent
    /// before now (the loop only flushes them): a question on that connection, the strip's map
    /// state, is answered only after them.
    private func roundTrip(_ name: String) throws {
      try host.sync { _ in
        guard let sdl = UIState.strips[name]?.window, let x11 = SDL.x11Handles(sdl.window) else {
          return
        }
        _ = X11.isMapped(display: x11.display, window: x11.window)
      }
    }

    private func focusedWindow() throws -> UInt? {
      let out = try ProcessRunner.run("xdotool", ["getwindowfocus"], timeout: 10).stdout
      return UInt(out.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func lockedStripPassesClicksWheelAndFocusToTheWindowBelow() throws {
      let strip = try showStrip("lock")
      defer { try? host.sync { _ in UIState.strips["lock"]?.setLocked(false) } }
      defer { try? host.sync { _ in UIState.strips["lock"]?.hide() } }
      // Only this strip over the window below: other tests' strips hidden, and this one moved
      // to a corner where no other test puts a window.
      try host.sync { _ in
        for (name, other) in UIState.strips where name != "lock" { other.hide() }
      }
      try X11Tools.xdotool(["windowmove", "--sync", String(strip), "60", "60"])
      let before = try poll(timeout: 5) {
        try X11Tools.geometry(strip)
      } until: {
        ($0.x, $0.y) == (60, 60)
      }
      // A window under the whole strip and a little around it.
      let below = try WindowBelow(
        name: "lyricpip-below-\(getpid())", x: before.x - 40, y: before.y - 40,
        width: before.width + 80, height: before.height + 80)
      defer { below.close() }
      try setLocked("lock", true)
      // The strip stays above the window below.
      try X11Tools.xdotool(["windowraise", String(strip)])
      let hints = try poll(timeout: 5) {
        try X11Tools.xprop(strip, "WM_HINTS")
      } until: {
        $0.contains("input focus: False")
      }
      #expect(hints.contains("input focus: False"), "\(hints)")
      // The unlock handle is faintly there at the left end.
      let shot = try Paths.makeTemporaryDirectory().appendingPathComponent("locked.png").path
      let image = try poll(timeout: 5, interval: 0.05) {
        try X11Tools.capture(strip, savingTo: shot)
      } until: {
        $0.mean(rows: 0.42...0.58, columns: 0.02...0.06)
          > $0.mean(rows: 0.42...0.58, columns: 0.09...0.12) + 8
      }
      let handleInk = image.mean(rows: 0.42...0.58, columns: 0.02...0.06)
      let beside = image.mean(rows: 0.42...0.58, columns: 0.09...0.12)
      #expect(handleInk > beside + 8, "handle \(handleInk), beside it \(beside) (\(shot))")
      print("locked strip screenshot: \(shot)")
      let protocols = try X11Tools.xprop(strip, "WM_PROTOCOLS")
      #expect(!protocols.contains("WM_TAKE_FOCUS"), "\(protocols)")

      // A click in the middle of the strip: the window below gets it, and the focus.
      let middle = (x: before.x + before.width / 2, y: before.y + before.height / 2)
      try X11Tools.xdotool(["mousemove", String(middle.x), String(middle.y)])
      try X11Tools.xdotool(["click", "1"])
      #expect(poll(timeout: 5) { below.buttonPresses() >= 1 }, "xev saw no click")
      let focused = try poll(timeout: 5) {
        try focusedWindow()
      } until: {
        $0 == below.id
      }
      #expect(focused == below.id, "focus on \(focused ?? 0), xev is \(below.id)")
      // The wheel too.
      try X11Tools.xdotool(["click", "5"])
      #expect(poll(timeout: 5) { below.wheelPresses() >= 1 }, "xev saw no wheel")

      // A drag across the strip moves nothing.
      let releases = below.buttonReleases()
      try X11Tools.xdotool(["mousedown", "1"])
      // A person's drag: the pointer moves in steps while the button is held.
      for step in 1...8 {
        usleep(30_000)
        try X11Tools.xdotool([
          "mousemove", String(middle.x - 20 * step), String(middle.y - 15 * step),
        ])
      }
      try X11Tools.xdotool(["mouseup", "1"])
      // The window below got the whole drag, to its release: the strip had none of it.
      #expect(poll(timeout: 5) { below.buttonReleases() > releases }, "xev saw no release")
      let after = try X11Tools.geometry(strip)
      #expect(
        (after.x, after.y, after.width) == (before.x, before.y, before.width),
        "\(before) → \(after)")
      #expect(try focusedWindow() != strip)
      let seen = try host.sync { _ in (UIState.events["lock"] ?? [], UIState.intents["lock"] ?? [])
      }
      #expect(seen.0.isEmpty && seen.1.isEmpty, "the strip got input: \(seen)")

      // The unlock handle still answers.
      let handle = try host.sync { _ in UIState.strips["lock"]?.unlockHandleCentre } ?? (x: 0, y: 0)
      let presses = below.buttonPresses()
      try X11Tools.xdotool(["mousemove", String(before.x + handle.x), String(before.y + handle.y)])
      try X11Tools.xdotool(["click", "1"])
      #expect(try host.wait { _ in UIState.intents["lock", default: []].contains(.unlockStrip) })
      #expect(below.buttonPresses() == presses, "the handle's click reached the window below")

      // Unlocked (as the wiring does on that intent), the strip takes clicks again.
      try setLocked("lock", false)
      try host.sync { _ in UIState.intents["lock"] = [] }
      // The new input region goes to the X server on the loop's connection and xdotool's click
      // on its own: a round trip on the loop's connection orders the two.
      try roundTrip("lock")
      let unlockedPresses = below.buttonPresses()
      try X11Tools.xdotool(["mousemove", String(middle.x), String(middle.y)])
      try X11Tools.xdotool(["click", "1"])
      // A person's pause, longer than SDL's double-click time (500 ms): see StripWindowTests.
      usleep(600_000)
      try X11Tools.xdotool(["click", "--repeat", "2", "--delay", "120", "1"])
      #expect(
        try host.wait { _ in UIState.events["lock", default: []].contains(.stripRestoreRequested) })
      #expect(below.buttonPresses() == unlockedPresses, "an unlocked strip passed a click through")
      let unlockedHints = try X11Tools.xprop(strip, "WM_HINTS")
      #expect(unlockedHints.contains("input focus: True"), "\(unlockedHints)")
    }

    /// Ctrl+Alt+L reaches the player while another program has the focus; with the shortcut
    /// removed it does not.
    @Test func globalShortcutWorksWhateverHasTheFocus() throws {
      _ = try showStrip("shortcut")
      defer { try? host.sync { _ in UIState.strips["shortcut"]?.hide() } }
      let below = try WindowBelow(
        name: "lyricpip-shortcut-\(getpid())", x: 40, y: 40, width: 300, height: 200)
      defer { below.close() }
      try host.sync { loop in
        UIState.intents["shortcut"] = []
        try loop.setGlobalShortcut(.defaultLock) {
          UIState.intents["shortcut", default: []].append(.toggleStripLock)
        }
      }
      try X11Tools.xdotool(["windowactivate", "--sync", String(below.id)])
      #expect(try poll(timeout: 5) { try focusedWindow() == below.id })
      try X11Tools.xdotool(["key", "ctrl+alt+l"])
      #expect(try host.wait { _ in UIState.intents["shortcut"] == [.toggleStripLock] })
      try host.sync { loop in try loop.setGlobalShortcut(nil) {} }
      let presses = below.keyPresses(of: "l")
      try X11Tools.xdotool(["key", "ctrl+alt+l"])
      // Ungrabbed, the key goes to the window with the focus (a grabbed one never reaches it).
      #expect(poll(timeout: 5) { below.keyPresses(of: "l") > presses }, "xev saw no key")
      #expect(try host.sync { _ in UIState.intents["shortcut"] } == [.toggleStripLock])
    }
  }
}
