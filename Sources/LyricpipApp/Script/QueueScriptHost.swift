import Dispatch
import LyricsCore
import Playback
import Session

/// The host of a real-clock run without a display: a serial queue and stand-in windows. The
/// main thread waits in `run()` (on a semaphore, not polling) until `stop()`.
final class QueueScriptHost: ScriptHost, @unchecked Sendable {
  let strip: FloatingSurface = StandInStrip()
  let mainWindow: MainSurface = StandInMainWindow()
  let desktop: DesktopFacts
  private let queue = DispatchQueue(label: "lyricpip.script")
  private let finished = DispatchSemaphore(value: 0)

  /// `desktop`: what the stand-ins pretend (the script's `set desktop`).
  init(desktop: DesktopFacts) {
    self.desktop = desktop
  }

  func post(_ work: @escaping @Sendable () -> Void) { queue.async(execute: work) }
  func whenLineShown(_ line: Int, _ action: @escaping @Sendable () -> Void) { post(action) }
  func trackLoaded(_ info: TrackInfo, lyrics: Lyrics) {}
  func follow(_ heard: HeardPosition) {}
  func offsetChanged(toMs ms: Int) {}
  func showWindows() {}
  func run() { finished.wait() }
  func stop() { finished.signal() }
}
