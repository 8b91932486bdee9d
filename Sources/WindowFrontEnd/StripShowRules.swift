import EventStream
import LayerShellStrip
import Playback
import PlayerContract
import Session
import SessionWiring
import Surface
import SystemSupport

/// The strip's show/hide rules while the windowed player runs: `hide-when-paused` and
/// `hide-when-fullscreen` hold the strip off screen without ending picture-in-picture (the `pip`
/// events stay as they are), and every change of what is on screen is written as a `strip`
/// event (`shown` or `hidden`, with the reason). `lyricpip follow`'s strip is held back the same
/// way while the followed player has nothing to show or the user put it away. It also follows
/// the monitors, so a strip whose monitor goes moves onto one that is there.
///
/// Threads: on the loop thread. The desktop watch and the player report on their own threads;
/// what they say is posted to the loop (`start`).
@WindowLoop final class StripShowRules {
  private let strip: FloatingWindow
  private let session: LyricsSession
  private var visibility: StripVisibility
  /// The loop whose desktop watch the rules follow; nil: not following.
  private weak var following: SDLEventLoop?
  /// The native strip whose compositor tells which window is fullscreen; nil: X11 says.
  private var nativeDesktop: LayerShellStrip?
  /// The strip is a native layer surface (it follows the compositor's outputs itself).
  private var nativeStrip = false
  /// Told of every `strip` shown/hidden change (`follow`: the tray's and `ctl`'s "shown").
  var onScreenChanged: ((Bool) -> Void)?

  init(strip: FloatingWindow, session: LyricsSession, rules: StripVisibility) {
    self.strip = strip
    self.session = session
    visibility = rules
  }

  /// Starts following the player's pauses and, on X11, the desktop (the active window, the
  /// monitors), through the loop's desktop watch. Called before the strip can first show, so
  /// that a rule that holds it back from the start keeps it from ever mapping. With the native
  /// strip (`layerShell`) on a compositor that tells which window is fullscreen (sway), that is
  /// what the fullscreen rule follows, for X11 and Wayland windows alike; the X11 watch then
  /// gives only the monitors.
  func start(loop: SDLEventLoop, layerShell: LayerShellStrip? = nil) {
    let mailbox = loop.mailbox
    session.addPlaybackListener { [weak self] event in
      guard case .stateChanged(let state, _) = event else { return }
      mailbox.post { _ in self?.playbackChanged(to: state) }
    }
    playbackChanged(to: session.engine.state)
    nativeStrip = layerShell != nil
    if let layerShell, layerShell.followsFullscreen {
      nativeDesktop = layerShell
      layerShell.onFullscreenChanged = { [weak self] in self?.fullscreenChanged($0) }
      fullscreenChanged(layerShell.activeWindowIsFullscreen)
    }
    guard loop.videoDriver == "x11" else { return }
    desktopChanged(DesktopWatch.Facts(activeWindowIsFullscreen: strip.activeWindowIsFullscreen))
    let follows = loop.followDesktop { [weak self] facts in self?.desktopChanged(facts) }
    if follows {
      following = loop
    } else {
      printError("warning: cannot follow the desktop (fullscreen windows, monitors)")
    }
  }

  func stop() {
    following?.stopFollowingDesktop()
    following = nil
    nativeDesktop?.onFullscreenChanged = nil
    nativeDesktop = nil
  }

  /// Picture-in-picture started or stopped (the `pip` event's transition and reason).
  func pipChanged(_ event: PiPEvent) {
    switch event.transition {
    case .didStart: write(visibility.pipStarted(reason: event.reason))
    case .didStop: write(visibility.pipStopped(reason: event.reason))
    case .willStart, .failedToStart, .willStop, .restore: break
    }
  }

  /// `lyricpip follow`: the followed player has nothing to show (`idle`), or the user put the
  /// strip away; either holds it back as a pause does.
  func followedChanged(idle: Bool, putAway: Bool) {
    let change = visibility.setFollowed(idle: idle, putAway: putAway)
    apply()
    write(change)
  }

  /// `hide-when-paused` and `hide-when-fullscreen` as the settings now say (SIGHUP).
  func rulesChanged(_ rules: StripVisibility) {
    let change = visibility.setRules(
      hideWhenPaused: rules.hideWhenPaused, hideWhenFullscreen: rules.hideWhenFullscreen)
    apply()
    write(change)
  }

  /// Whether the strip is on screen by these rules (and picture-in-picture is on).
  var isOnScreen: Bool { visibility.isOnScreen }

  private func playbackChanged(to state: PlayerState) {
    let change = visibility.setPaused(state == .paused)
    apply()
    write(change)
  }

  private func desktopChanged(_ facts: DesktopWatch.Facts) {
    // The native strip's monitors are the compositor's outputs, which it follows itself
    // (`LayerShellStrip`); X11's are XWayland's, in another space.
    if !nativeStrip { strip.monitorsChanged(facts.monitors) }
    // The native strip's compositor sees every window; X11 sees only XWayland's.
    guard nativeDesktop == nil else { return }
    fullscreenChanged(facts.activeWindowIsFullscreen)
  }

  private func fullscreenChanged(_ fullscreen: Bool) {
    let change = visibility.setFullscreen(fullscreen)
    apply()
    write(change)
  }

  /// Held back whenever a rule says so, whether picture-in-picture is on or not: a strip that
  /// starts during a pause or over a fullscreen window never shows.
  private func apply() {
    strip.setHeldBack(visibility.heldBackBy != nil)
  }

  private func write(_ change: StripVisibility.Change?) {
    guard let change else { return }
    onScreenChanged?(change.shown)
    session.emit(
      .strip(change.shown ? .shown(reason: change.reason) : .hidden(reason: change.reason)))
  }
}
