/// The one desktop watch of the process, owned by the loop: started the first time something
/// needs it (the app's show/hide rules, a text-only strip that follows the compositor), on X11
/// only, and ended when the loop's `run()` returns. Its facts come back through the mailbox, so
/// the listener and the strips hear them on the loop thread.
extension SDLEventLoop {
  /// What the loop keeps of the watch: the watch, the last facts it told, the one listener.
  struct DesktopFollowing {
    var watch: DesktopWatch?
    var facts: DesktopWatch.Facts?
    var listener: ((DesktopWatch.Facts) -> Void)?
  }

  /// Hands `listener` the desktop's facts (the fullscreen window, the monitors, the compositor)
  /// whenever they change, on the loop thread, the last ones at once when known. Replaces the
  /// listener before. False when the desktop cannot be followed (not X11, no X connection or
  /// thread left).
  public func followDesktop(_ listener: @escaping (DesktopWatch.Facts) -> Void) -> Bool {
    guard desktopWatch() != nil else { return false }
    desktop.listener = listener
    if let facts = desktop.facts { listener(facts) }
    return true
  }

  /// The listener hears no more; the watch stays for the text-only strips.
  public func stopFollowingDesktop() {
    desktop.listener = nil
  }

  /// Whether a compositing manager that starts or ends while a strip is up is seen (starts the
  /// watch if it was not running).
  var followsCompositor: Bool { desktopWatch()?.followsCompositor ?? false }

  /// The watch, started now if it was not running; nil where there is none to be had.
  private func desktopWatch() -> DesktopWatch? {
    if let watch = desktop.watch { return watch }
    guard videoDriver == "x11" else { return nil }
    let mailbox = mailbox
    desktop.watch = DesktopWatch { facts in mailbox.post { $0.desktopChanged(facts) } }
    return desktop.watch
  }

  private func desktopChanged(_ facts: DesktopWatch.Facts) {
    let before = desktop.facts
    desktop.facts = facts
    if before?.compositorRuns != facts.compositorRuns { compositorMayHaveChanged() }
    desktop.listener?(facts)
  }

  /// Ends the watch and waits for its thread (it only has to close its connection).
  func stopDesktopWatch() {
    desktop.watch?.stop()
    desktop = DesktopFollowing()
  }
}
