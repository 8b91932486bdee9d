import Foundation
import TestSupport
import Testing

extension LayerSurfaceSwayTests.PlayStripOnSwayTests {
  /// The strip takes the keys only after a click on it, and gives them back when the pointer
  /// leaves it: the window below, focused before, then gets the next key. `+` (the lyrics
  /// sooner: an `offset` event) shows when the strip has the keys; it asks for them when it
  /// has read the click, which xdotool does not wait for, so `+` again until the event came.
  @Test func thePointerLeavingGivesTheKeysBackToTheWindow() throws {
    let window = try desktop.startWindow()
    let (player, strip) = try shownStrip()
    defer { _ = player.end() }
    try pointer(["mousemove", "\(strip.x + 20)", "\(strip.y + strip.height - 10)", "click", "1"])
    let taken = poll(timeout: 10, interval: 0.2) {
      try? pointer(["key", "plus"])
      return player.allEvents().contains { $0["event"] as? String == "offset" }
    }
    #expect(taken, "the strip never took the keys; \(player.stderr)")
    // The keys went to the strip, not to the window.
    #expect(window.keyPresses() == 0)
    // Out of the strip, onto the window above it.
    try pointer(["mousemove", "\(strip.x + strip.width / 2)", "\(strip.y / 2)"])
    let given = poll(timeout: 10, interval: 0.2) {
      try? pointer(["key", "x"])
      return window.keyPresses() >= 1
    }
    #expect(given, "the window never got a key back; \(player.stderr)")
    let end = player.end()
    #expect(end.status == 0 && !end.bySignal, "\(player.stderr)")
  }
}
