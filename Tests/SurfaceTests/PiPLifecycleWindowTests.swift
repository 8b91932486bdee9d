import Foundation
import LyricsCore
import Session
import TestSupport
import Testing

@testable import Surface

/// The picture-in-picture lifecycle with the real windows under openbox, driven as a person
/// would with xdotool: another application takes the focus and the strip comes up; the main
/// window gets it back and the strip goes; a double-click on the strip brings the main window to
/// the front. The session's grace runs on the host's manual clock, which the test advances.
extension DisplayTests {
  @Suite struct PiPLifecycleWindowTests {
    let host: UIHost

    init() throws { host = try UIHost.shared() }

    /// A player that is playing, with lyrics, on line 2.
    final class PlayingPlayer: PiPPlaybackDelegate {
      var playbackActivity = PlaybackActivity.playing
      var playbackTimeRange = PlaybackTimeRange(startMs: 0, durationMs: 60_000)
      var lyricsLoaded = true
      var currentLineIndex = 2
      func pictureInPictureSetPlaying(_ playing: Bool) {}
      func pictureInPictureSkip(byMs interval: Int) {}
      func pictureInPictureDidTransition(toRenderSize width: Int, height: Int) {}
    }

    final class Recorder: PiPControllerDelegate {
      var events: [String] = []
      func pictureInPicture(_ controller: PiPController, didEmit event: PiPEvent) {
        events.append("\(event.transition.rawValue):\(event.reason)")
      }
    }

    /// The session and its windows, on the loop thread.
    @WindowLoop enum Rig {
      static var controller: PiPController?
      static var player = PlayingPlayer()
      static var recorder = Recorder()
      static var strip: FloatingWindow?
      static var main: MainWindow?
    }

    struct Windows: Sendable {
      var main: UInt
      var strip: UInt
    }

    /// Creates the main window (shown) and the strip (prepared, hidden) wired to a controller
    /// whose grace timer runs on the host's clock and comes back through the loop's mailbox.
    private func setUp() throws -> Windows {
      let clock = host.clock
      return try host.sync { loop in
        loop.model.setLyrics(SampleLyrics.lyrics)
        loop.model.nowPlaying = SampleLyrics.nowPlaying(atMs: 9_000, clockNanos: clock.nowNanos)
        let main = try MainWindow(loop: loop)
        let strip = try FloatingWindow(loop: loop)
        let mailbox = loop.mailbox
        let controller = PiPController(
          floating: strip, main: main, clock: clock, support: .supported,
          settings: PiPSettings(graceMs: 250),
          deliver: { work in mailbox.post { _ in work() } })
        Rig.recorder = Recorder()
        controller.delegate = Rig.recorder
        controller.playbackDelegate = Rig.player
        controller.invalidatePlaybackState()
        main.onEvent = { controller.handle($0) }
        strip.onEvent = { controller.handle($0) }
        try controller.prepare()
        try main.show()
        Rig.controller = controller
        Rig.strip = strip
        Rig.main = main
        guard let mainID = main.x11WindowID, let stripID = strip.x11WindowID else {
          throw SurfaceError("no X11 window")
        }
        return Windows(main: mainID, strip: stripID)
      }
    }

    private func tearDown() throws {
      try host.sync { _ in
        Rig.controller?.stop()
        Rig.strip?.hide()
        // Releasing the windows destroys them (SDLWindow's deinit).
        Rig.controller = nil
        Rig.strip = nil
        Rig.main = nil
      }
    }

    private var isActive: Bool {
      get throws { try host.sync { _ in Rig.controller?.isActive ?? false } }
    }

    private func events() throws -> [String] {
      try host.sync { _ in Rig.recorder.events }
    }

    /// Whether the window manager shows `window` now (mapped, in the Normal state).
    private func isMapped(_ window: UInt) throws -> Bool {
      try X11Tools.xprop(window, "WM_STATE").contains("Normal")
    }

    private func waitFor(_ what: String, _ condition: () throws -> Bool) throws {
      if try !poll(timeout: 5, until: condition) { Issue.record("timed out waiting for \(what)") }
    }

    private func activeWindow() throws -> UInt? {
      UInt(
        try ProcessRunner.run("xdotool", ["getactivewindow"], timeout: 10).stdout
          .trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The window the window manager stacks on top of the others.
    private func topWindow() throws -> UInt? {
      let out = try ProcessRunner.run("xprop", ["-root", "_NET_CLIENT_LIST_STACKING"], timeout: 10)
        .stdout
      guard let last = out.split(separator: ",").last?.split(separator: " ").last else {
        return nil
      }
      return UInt(last.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst(2), radix: 16)
    }

    /// Ends the other application for sure (SIGKILL) and reaps it.
    private static func stop(_ process: Process) {
      guard process.isRunning else { return }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }

    /// Another application's window (xmessage), which takes the focus when activated.
    private func startOtherApplication() throws -> (process: Process, window: String) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["xmessage", "-title", "lyricpip-other-app", "another application"]
      // Not the test's own output: a child left holding that pipe would keep `swift test`
      // waiting for its end after the tests are over.
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      guard let window = try X11Tools.waitForWindow(named: "^lyricpip-other-app$") else {
        Self.stop(process)
        throw SurfaceError("xmessage window not found")
      }
      return (process, String(window))
    }

    /// The other application takes the focus; after the grace the strip is up, on top.
    private func focusElsewhereAndWaitForStrip(_ other: String, _ windows: Windows) throws {
      try X11Tools.xdotool(["windowactivate", "--sync", other])
      try waitFor("the focus loss to reach the session") {
        try host.sync { _ in Rig.controller?.isEnteringAfterGrace ?? false }
      }
      #expect(try !isMapped(windows.strip), "the strip waits out the grace")
      host.clock.advance(by: 250_000_000)
      try waitFor("the strip to be mapped") { try isMapped(windows.strip) }
      #expect(try isActive)
      let state = try X11Tools.xprop(windows.strip, "_NET_WM_STATE")
      #expect(state.contains("_NET_WM_STATE_ABOVE"), "\(state)")
    }

    @Test func focusElsewhereShowsTheStripAndComingBackRestores() throws {
      let windows = try setUp()
      defer { try? tearDown() }
      let other = try startOtherApplication()
      defer { Self.stop(other.process) }
      try X11Tools.xdotool(["windowactivate", "--sync", String(windows.main)])
      try waitFor("the main window to have focus") {
        try host.sync { _ in Rig.main?.hasFocus ?? false }
      }

      // Focus another application: the strip comes up after the grace.
      try focusElsewhereAndWaitForStrip(other.window, windows)

      // Focus the main window again: the strip goes.
      try X11Tools.xdotool(["windowactivate", "--sync", String(windows.main)])
      try waitFor("the strip to go") { try !isMapped(windows.strip) }
      #expect(try !isActive)

      // Again, and this time double-click the strip: the main window is back in front.
      try focusElsewhereAndWaitForStrip(other.window, windows)
      let strip = String(windows.strip)
      // Under a window manager the first click on an unfocused window may only focus it, as a
      // person finds.
      try X11Tools.xdotool(["mousemove", "--window", strip, "60", "30", "click", "1"])
      try waitFor("the strip to have the focus") { try activeWindow() == windows.strip }
      // A person's pause: longer than SDL's double-click time (500 ms). After a shorter one the
      // focusing click and the double-click make a triple click: the second click restores, and
      // the third lands on the desktop, where openbox's Focus action focuses nothing.
      usleep(600_000)
      try X11Tools.xdotool([
        "mousemove", "--window", strip, "60", "30", "click", "--repeat", "2", "--delay", "60", "1",
      ])
      try waitFor("the strip to go after the double-click") { try !isMapped(windows.strip) }
      try waitFor("the main window on top of the stack") { try topWindow() == windows.main }
      try waitFor("the main window to have the focus") { try activeWindow() == windows.main }
      let seen = try events()
      #expect(seen.contains("restore:strip"), "\(seen)")
      #expect(seen.filter { $0.hasPrefix("didStart") }.count == 2, "\(seen)")
      #expect(seen.filter { $0.hasPrefix("didStop") }.count == 2, "\(seen)")
    }

    @Test func reenteringFiveTimesKeepsTheStripOnTopEveryTime() throws {
      let windows = try setUp()
      defer { try? tearDown() }
      let other = try startOtherApplication()
      defer { Self.stop(other.process) }
      for _ in 0..<5 {
        try X11Tools.xdotool(["windowactivate", "--sync", String(windows.main)])
        try waitFor("the strip to go") { try !isMapped(windows.strip) }
        try focusElsewhereAndWaitForStrip(other.window, windows)
      }
    }
  }
}
