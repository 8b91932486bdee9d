import Dispatch
import LyricsCore
import PlayerContract
import Session

/// The host of a real-clock run without a display: a serial queue and stand-in windows. The
/// main thread waits in `run()` (on a semaphore, not polling) until `stop()`.
public final class QueueScriptHost: ScriptHost, Sendable {
  private let standInStrip = StandInStrip()
  private let standInMain = StandInMainWindow()
  public var strip: FloatingSurface { standInStrip }
  public var mainWindow: MainSurface { standInMain }
  public let desktop: DesktopFacts
  private let queue = DispatchQueue(label: "lyricpip.script")
  private let finished = DispatchSemaphore(value: 0)

  /// `desktop`: what the stand-ins pretend (the script's `set desktop`).
  public init(desktop: DesktopFacts) {
    self.desktop = desktop
  }

  public func post(_ work: @escaping @Sendable () -> Void) { queue.async(execute: work) }
  public func whenLineShown(_ line: Int, _ action: @escaping @Sendable () -> Void) {
    post(action)
  }
  public func trackLoaded(_ info: TrackInfo, lyrics: Lyrics) {}
  public func clockChanged(_ clock: DisplayClock) {}
  public func showWindows() {}
  public func run() { finished.wait() }
  public func stop() { finished.signal() }
}
