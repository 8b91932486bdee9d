import Foundation
import TestSupport
import Testing

/// The strip's show/hide rules, as a person meets them under openbox: a fullscreen window hides
/// the strip and its end brings it back; a pause hides it with `hide-when-paused`; picture-in-
/// picture goes on meanwhile (no `pip` stop), and the `strip` events tell it in order.
@Suite(.enabled(if: Service.x11.shouldRun && Service.dbus.shouldRun), .timeLimit(.minutes(5)))
struct StripShowRulesTests {
  let temporary: TemporaryDirectory

  init() throws {
    temporary = try TemporaryDirectory()
  }

  /// The `pip` and `strip` events so far, as "pip didStart user", "strip hidden fullscreen".
  static func lifecycle(_ player: PlayProcess) -> [String] {
    player.events().filter { ["pip", "strip"].contains($0["event"] as? String) }.compactMap {
      guard let name = $0["event"] as? String, let state = $0["state"] as? String else {
        return nil
      }
      return [name, state, $0["reason"] as? String].compactMap { $0 }.joined(separator: " ")
    }
  }

  /// Whether the strip's window is on screen (mapped; xwininfo's "IsViewable").
  static func isViewable(_ window: String, on desktop: PrivateDesktop) throws -> Bool {
    try desktop.run("xwininfo", ["-id", window]).stdout.contains("IsViewable")
  }

  /// A window made fullscreen and active, as a video player does it (EWMH, through wmctrl): its
  /// process (to end it) and its window id.
  static func fullscreenWindow(on desktop: PrivateDesktop) throws -> (Process, String) {
    let video = try PrivateDesktop.launch(
      "/usr/bin/xev", ["-name", "fullscreen-\(getpid())"], environment: ["DISPLAY": desktop.display]
    )
    guard let window = desktop.window(named: "fullscreen-\(getpid())") else {
      PrivateDesktop.kill(video)
      throw PrivateDesktop.Failed(description: "the fullscreen window did not appear")
    }
    do {
      try desktop.run("wmctrl", ["-i", "-r", window, "-b", "add,fullscreen"])
      try desktop.run("wmctrl", ["-i", "-a", window])
    } catch {
      PrivateDesktop.kill(video)
      throw error
    }
    return (video, window)
  }

  @Test func aFullscreenWindowHidesTheStripAndItsEndBringsItBack() throws {
    let scene = try StripOnDesktop(folder: temporary.url)
    let desktop = scene.desktop
    let player = try scene.launch()
    defer { _ = player.terminate() }
    let strip = try #require(desktop.window(ofProcess: player.pid, named: "lyricpip lyrics"))
    #expect(poll(timeout: 10) { (try? Self.isViewable(strip, on: desktop)) == true })

    let (video, _) = try Self.fullscreenWindow(on: desktop)
    defer { PrivateDesktop.kill(video) }
    #expect(
      poll(timeout: 10) { Self.lifecycle(player).contains("strip hidden fullscreen") },
      "\(Self.lifecycle(player))")
    #expect(poll(timeout: 10) { (try? Self.isViewable(strip, on: desktop)) == false })

    // The fullscreen window goes: the strip comes back, above the others again.
    PrivateDesktop.kill(video)
    #expect(
      poll(timeout: 10) { Self.lifecycle(player).contains("strip shown fullscreen-ended") },
      "\(Self.lifecycle(player))")
    #expect(poll(timeout: 10) { (try? Self.isViewable(strip, on: desktop)) == true })
    #expect(
      poll(timeout: 10) {
        (try? desktop.windowState(strip))?.contains("_NET_WM_STATE_ABOVE") == true
      }, "\((try? desktop.windowState(strip)) ?? "")")
    #expect(
      Self.lifecycle(player) == [
        "pip willStart user", "pip didStart user", "strip shown user",
        "strip hidden fullscreen", "strip shown fullscreen-ended",
      ])
  }

  /// A strip that starts while a fullscreen window is active stays off the screen from the
  /// first moment (it never maps, so it cannot take the focus from that window either).
  @Test func aStripStartedOverAFullscreenWindowNeverShows() throws {
    let scene = try StripOnDesktop(folder: temporary.url)
    let desktop = scene.desktop
    let (video, videoWindow) = try Self.fullscreenWindow(on: desktop)
    defer { PrivateDesktop.kill(video) }
    #expect(
      poll(timeout: 10) {
        (try? desktop.windowState(videoWindow))?.contains("FULLSCREEN") == true
          && (try? desktop.activeWindow()).flatMap { UInt($0) } == UInt(videoWindow)
      })
    let player = try scene.launch()
    defer { _ = player.terminate() }
    #expect(
      poll(timeout: 10) { Self.lifecycle(player).contains("strip hidden fullscreen") },
      "\(Self.lifecycle(player))")
    // Half a second more, to see that no "strip shown" follows: there is no event to wait for
    // when nothing is meant to happen.
    usleep(500_000)
    #expect(
      Self.lifecycle(player) == [
        "pip willStart user", "pip didStart user", "strip hidden fullscreen",
      ])
    let strip = try #require(desktop.window(ofProcess: player.pid, named: "lyricpip lyrics"))
    #expect(try !Self.isViewable(strip, on: desktop))
  }

  @Test func aPauseHidesTheStripWithHideWhenPausedAndPlayBringsItBack() throws {
    let scene = try StripOnDesktop(folder: temporary.url)
    let desktop = scene.desktop
    try scene.settings("hide-when-paused = yes\n")
    let player = try scene.launch()
    defer { _ = player.terminate() }
    let strip = try #require(desktop.window(ofProcess: player.pid, named: "lyricpip lyrics"))

    try scene.bus.call(MPRIS.plainName, MPRIS.player, "Pause")
    #expect(
      poll(timeout: 10) { Self.lifecycle(player).contains("strip hidden paused") },
      "\(Self.lifecycle(player))")
    #expect(poll(timeout: 10) { (try? Self.isViewable(strip, on: desktop)) == false })
    try scene.bus.call(MPRIS.plainName, MPRIS.player, "Play")
    #expect(
      poll(timeout: 10) { Self.lifecycle(player).contains("strip shown playing") },
      "\(Self.lifecycle(player))")
    #expect(poll(timeout: 10) { (try? Self.isViewable(strip, on: desktop)) == true })
    #expect(
      Self.lifecycle(player) == [
        "pip willStart user", "pip didStart user", "strip shown user", "strip hidden paused",
        "strip shown playing",
      ])
  }

  /// SIGHUP with `hide-when-paused` turned on while paused hides the strip at once; turned off
  /// again it comes back (reason `settings`), and the new `opacity` is on the window.
  @Test func hideWhenPausedAndOpacityChangeOnSIGHUP() throws {
    let scene = try StripOnDesktop(folder: temporary.url)
    let desktop = scene.desktop
    let player = try scene.launch()
    defer { _ = player.terminate() }
    let strip = try #require(desktop.window(ofProcess: player.pid, named: "lyricpip lyrics"))
    let opacity = { (try? desktop.run("xprop", ["-id", strip, "_NET_WM_WINDOW_OPACITY"]))?.stdout }
    try scene.bus.call(MPRIS.plainName, MPRIS.player, "Pause")
    #expect(
      player.waitForEvent {
        $0["event"] as? String == "state" && $0["state"] as? String == "paused"
      }
        != nil)
    let settingsEvents = {
      player.events().filter { $0["event"] as? String == "settings" }.count
    }

    try scene.settings("hide-when-paused = yes\n")
    kill(player.pid, SIGHUP)
    #expect(
      poll(timeout: 10) { Self.lifecycle(player).contains("strip hidden paused") },
      "\(Self.lifecycle(player)) \(player.stderr)")
    #expect(poll(timeout: 10) { (try? Self.isViewable(strip, on: desktop)) == false })

    try scene.settings("opacity = 0.5\n")
    kill(player.pid, SIGHUP)
    #expect(
      poll(timeout: 10) { Self.lifecycle(player).contains("strip shown settings") },
      "\(Self.lifecycle(player)) \(player.stderr)")
    #expect(poll(timeout: 10) { (try? Self.isViewable(strip, on: desktop)) == true })
    #expect(
      poll(timeout: 10) { opacity()?.contains("= 21474836") == true }, "\(opacity() ?? "")")
    #expect(settingsEvents() == 2)
    #expect(
      player.stderr.contains("applied: opacity, hide-when-paused"), "\(player.stderr)")
  }

  /// Without the setting a pause leaves the strip up.
  @Test func aPauseLeavesTheStripUpByDefault() throws {
    let scene = try StripOnDesktop(folder: temporary.url)
    let player = try scene.launch()
    defer { _ = player.terminate() }
    try scene.bus.call(MPRIS.plainName, MPRIS.player, "Pause")
    #expect(
      player.waitForEvent {
        $0["event"] as? String == "state" && $0["state"] as? String == "paused"
      }
        != nil)
    // Nothing is meant to follow the pause, so there is no event to wait for: 300 ms for a
    // wrong "strip hidden" to show.
    usleep(300_000)
    #expect(
      Self.lifecycle(player) == ["pip willStart user", "pip didStart user", "strip shown user"])
  }

  /// `fade-on-hover`: the pointer over the strip fades it to a quarter (the opacity property a
  /// compositor reads), and away from it brings it back; with no compositor running, a warning.
  @Test func fadeOnHoverFadesTheStripUnderThePointer() throws {
    let scene = try StripOnDesktop(folder: temporary.url)
    let desktop = scene.desktop
    try scene.settings("fade-on-hover = yes\n")
    let player = try scene.launch()
    defer { _ = player.terminate() }
    let strip = try #require(desktop.window(ofProcess: player.pid, named: "lyricpip lyrics"))
    let opacity = { (try? desktop.run("xprop", ["-id", strip, "_NET_WM_WINDOW_OPACITY"]))?.stdout }
    #expect(opacity()?.contains("not found") == true, "\(opacity() ?? "")")
    let frame = try desktop.geometry(strip)
    let x = (frame["X"] ?? 0) + (frame["WIDTH"] ?? 0) / 2
    let y = (frame["Y"] ?? 0) + (frame["HEIGHT"] ?? 0) / 2
    try desktop.run("xdotool", ["mousemove", String(x), String(y)])
    // A quarter of full opacity: 0xffffffff / 4.
    #expect(
      poll(timeout: 10) { opacity()?.contains("= 1073741823") == true }, "\(opacity() ?? "")")
    try desktop.run("xdotool", ["mousemove", "5", "5"])
    #expect(poll(timeout: 10) { opacity()?.contains("not found") == true }, "\(opacity() ?? "")")
    #expect(
      player.stderr.contains("fade-on-hover: no compositing manager runs"), "\(player.stderr)")
  }

  /// Under a compositing manager (xcompmgr) the fade shows, and nothing is warned.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/xcompmgr")))
  func fadeOnHoverUnderACompositorGivesNoWarning() throws {
    let scene = try StripOnDesktop(folder: temporary.url)
    let desktop = scene.desktop
    let compositor = try PrivateDesktop.launch(
      "/usr/bin/xcompmgr", [], environment: ["DISPLAY": desktop.display])
    defer { PrivateDesktop.kill(compositor) }
    #expect(
      poll(timeout: 10) {
        (try? desktop.run("xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"])) != nil
          && (try? desktop.run("xdpyinfo", ["-ext", "Composite"]))?.stdout.contains("Composite")
            == true
      })
    try scene.settings("fade-on-hover = yes\n")
    let player = try scene.launch()
    defer { _ = player.terminate() }
    let strip = try #require(desktop.window(ofProcess: player.pid, named: "lyricpip lyrics"))
    let frame = try desktop.geometry(strip)
    try desktop.run(
      "xdotool",
      [
        "mousemove", String((frame["X"] ?? 0) + (frame["WIDTH"] ?? 0) / 2),
        String((frame["Y"] ?? 0) + (frame["HEIGHT"] ?? 0) / 2),
      ])
    let opacity = { (try? desktop.run("xprop", ["-id", strip, "_NET_WM_WINDOW_OPACITY"]))?.stdout }
    #expect(
      poll(timeout: 10) { opacity()?.contains("= 1073741823") == true }, "\(opacity() ?? "")")
    #expect(!player.stderr.contains("fade-on-hover"), "\(player.stderr)")
  }
}
