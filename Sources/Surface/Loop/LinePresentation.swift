import LyricsCore
import SystemSupport

/// Tells the app when a line has reached the screen, for the `line` event: after the frame that
/// shows it was presented by whichever window shows the lyrics. Loop thread only.
final class LinePresentation {
  /// The line each visible window has on screen, and since when (CLOCK_MONOTONIC seconds).
  private var onScreen: [UInt32: (line: Int, since: Double)] = [:]
  private var waiting: [(line: Int, action: (Double) -> Void)] = []

  /// Called by a window right after presenting a frame with a new line.
  func presented(_ line: Int, by windowID: UInt32, at seconds: Double) {
    onScreen[windowID] = (line, seconds)
    // A request for this line is answered; requests for other lines were superseded (a line
    // change is reported once, the last one wins).
    let due = waiting.filter { $0.line == line }
    waiting.removeAll()
    for request in due { request.action(seconds) }
  }

  /// The window no longer shows lyrics (hidden or minimised).
  func windowHidden(_ windowID: UInt32) { onScreen[windowID] = nil }

  /// Runs `action` with the instant `line` was presented: now if a visible window has it on
  /// screen already, at once (with the current time) if no window shows lyrics, else after the
  /// next frame that presents it.
  func whenPresented(_ line: Int, _ action: @escaping (Double) -> Void) {
    if let shown = onScreen.values.first(where: { $0.line == line }) {
      action(shown.since)
    } else if onScreen.isEmpty {
      action(Double(SystemClock.monotonicNanos()) / 1e9)
    } else {
      waiting.append((line, action))
    }
  }
}
