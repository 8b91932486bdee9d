import Clocks
import LyricsCore
import Session

/// A strip that records what it was asked to do and can be told to fail.
final class FakeStrip: FloatingSurface {
  var prepareCount = 0
  var showCount = 0
  var hideCount = 0
  var isShown = false
  var renderSize = (width: 1000, height: 200)
  var showError: SurfaceError?
  var prepareError: SurfaceError?

  func prepare() throws {
    if let prepareError { throw prepareError }
    prepareCount += 1
  }

  func show() throws {
    if let showError { throw showError }
    showCount += 1
    isShown = true
  }

  func hide() {
    hideCount += 1
    isShown = false
  }
}

/// A main window that records its restores.
final class FakeMainWindow: MainSurface {
  var restoredAtLines: [Int] = []
  func restore(scrolledTo line: Int) { restoredAtLines.append(line) }
}

/// A player with settable state that records the strip's commands.
final class FakePlayer: PiPPlaybackDelegate {
  var playbackActivity = PlaybackActivity.playing
  var playbackTimeRange = PlaybackTimeRange(startMs: 0, durationMs: 180_000)
  var lyricsLoaded = true
  var currentLineIndex = 4
  var setPlayingCalls: [Bool] = []
  var skips: [Int] = []
  var renderSizes: [String] = []

  func pictureInPictureSetPlaying(_ playing: Bool) {
    setPlayingCalls.append(playing)
    playbackActivity = playing ? .playing : .paused
  }

  func pictureInPictureSkip(byMs interval: Int) { skips.append(interval) }

  func pictureInPictureDidTransition(toRenderSize width: Int, height: Int) {
    renderSizes.append("\(width)x\(height)")
  }
}

/// Records the lifecycle events as "transition:reason" strings.
final class EventRecorder: PiPControllerDelegate {
  var events: [String] = []
  func pictureInPicture(_ controller: PiPController, didEmit event: PiPEvent) {
    events.append("\(event.transition.rawValue):\(event.reason)")
  }
}

/// A controller wired to fakes and a manual clock, playing with lyrics loaded.
final class Rig {
  let clock = ManualClock()
  let strip = FakeStrip()
  let main = FakeMainWindow()
  let player = FakePlayer()
  let recorder = EventRecorder()
  let controller: PiPController

  init(
    settings: PiPSettings = PiPSettings(), support: PiPSupport = .supported,
    activity: PlaybackActivity = .playing
  ) {
    controller = PiPController(
      floating: strip, main: main, clock: clock, support: support, settings: settings,
      // The manual clock runs the grace timer inside `advance`, on the test's thread.
      deliver: { $0() })
    controller.delegate = recorder
    controller.playbackDelegate = player
    player.playbackActivity = activity
    controller.invalidatePlaybackState()
  }

  func advance(ms: Int) { clock.advance(by: Int64(ms) * 1_000_000) }

  static let started = ["willStart:focus-lost", "didStart:focus-lost"]
}
