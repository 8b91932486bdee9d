import TestSupport
import Testing

@testable import Playback

/// The PulseAudio mainloop's setup, with no sound server needed: a mainloop runs no connection.
@Suite(.tags(.sanitized)) struct PulseMainloopTests {
  /// A start that fails must free the mainloop once (in `deinit`), not also on the way out of
  /// `init`: under AddressSanitizer a second free stops the test process.
  @Test func aMainloopThatFailsToStartIsFreedOnce() {
    #expect {
      _ = try PulseMainloop(start: { _ in -1 })
    } throws: { error in
      "\(error)".hasPrefix("start mainloop: ")
    }
  }

  @Test func aMainloopStartsAndStopsWhenReleased() throws {
    let mainloop = try PulseMainloop()
    #expect(mainloop.api != nil)
    #expect(!mainloop.isInMainloopThread)
  }
}
