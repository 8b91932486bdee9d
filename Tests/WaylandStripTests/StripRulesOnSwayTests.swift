import Foundation
import TestSupport
import Testing

extension LayerSurfaceSwayTests.PlayStripOnSwayTests {
  /// sway tells the native strip which window is active and fullscreen (wlroots'
  /// foreign-toplevel management): the window below made fullscreen gives the `strip` event
  /// `hidden` `fullscreen`, as on X11 (sway itself stops drawing the `top` layer then), and its
  /// end gives `shown` `fullscreen-ended`.
  @Test func aFullscreenWindowHidesTheStripAndItsEndShowsItAgain() throws {
    let window = try desktop.startWindow()
    let (player, _) = try shownStrip()
    defer { _ = player.end() }
    #expect(player.event(named: "strip") { $0["state"] as? String == "shown" } != nil)
    _ = try desktop.swaymsg(["[pid=\(window.pid)]", "fullscreen", "enable"])
    let hidden = player.event(named: "strip") { $0["state"] as? String == "hidden" }
    #expect(hidden?["reason"] as? String == "fullscreen", "\(player.allEvents())")
    _ = try desktop.swaymsg(["[pid=\(window.pid)]", "fullscreen", "disable"])
    let shownAgain = player.event(named: "strip") {
      $0["state"] as? String == "shown" && $0["reason"] as? String == "fullscreen-ended"
    }
    #expect(shownAgain != nil, "\(player.allEvents())")
    // Neither ended picture-in-picture.
    #expect(player.allEvents().filter { $0["event"] as? String == "pip" }.count == 2)
    let end = player.end()
    #expect(end.status == 0 && !end.bySignal, "\(player.stderr)")
  }

  /// sway gives a program no global key, and the session bus of scripts/with-services has no
  /// shortcut service: `lyricpip` says once at start that the lock shortcut is sway's to bind,
  /// with the line, and `lyricpip ctl toggle-lock` (what that line runs) locks the native strip: its input region shrinks to the padlock, so a click on its body
  /// reaches the window below. The click before the lock, on the same place, did not: the
  /// window's one press is the second click's (sway handles its seat's input in order).
  @Test(.enabled(if: Service.dbus.shouldRun))
  func ctlToggleLockLocksTheNativeStrip() throws {
    let window = try desktop.startWindow()
    let (player, strip) = try shownStrip()
    defer { _ = player.end() }
    let line = "bindsym Ctrl+Alt+l exec lyricpip ctl toggle-lock"
    // Said once the bus was asked for the desktop's shortcut services (on its own thread).
    #expect(poll(timeout: 20) { player.stderr.contains(line) }, "\(player.stderr)")
    #expect(player.stderr.components(separatedBy: line).count == 2, "\(player.stderr)")
    let body = (x: strip.x + strip.width * 3 / 4, y: strip.y + strip.height - 8)
    try desktop.click(x: body.x, y: body.y)
    let ctl = try ProcessRunner.run(
      Paths.lyricpipBinary, ["ctl", "toggle-lock"], environment: desktop.environment,
      timeout: 30)
    #expect(ctl.status == 0, "\(ctl.stderr)")
    #expect(
      player.event(named: "strip") { $0["state"] as? String == "locked" } != nil,
      "\(player.allEvents())")
    try desktop.click(x: body.x, y: body.y)
    #expect(poll(timeout: 10) { window.buttonPresses() >= 1 }, "\(player.stderr)")
    #expect(window.buttonPresses() == 1)
    let end = player.end()
    #expect(end.status == 0 && !end.bySignal, "\(player.stderr)")
  }
}
